import DebriefTestSupport
import PQ
import Testing

/// A row's columns are found by name (``Row/decode(_:as:)``, ``Row/isNull(_:)``) by scanning the
/// result's names: the first column of a name wins, and a name is matched whole, never by its
/// length alone or as a prefix.
@Suite("Column lookup")
struct ColumnLookupTests {
    @Test func theFirstColumnOfANameWinsAndNamesOfOneLengthAreTold() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let row = try await database.query(
                "SELECT 1 AS a, 2 AS b, 3 AS a, NULL::int AS c, 4 AS ab, 5 AS ba, 6 AS \"A\", \(7) AS long_column_name_one"
            ).single()
            #expect(try row.decode("a", as: Int.self) == 1)
            #expect(try row.decode("b", as: Int.self) == 2)
            #expect(try row.decode("ab", as: Int.self) == 4)
            #expect(try row.decode("ba", as: Int.self) == 5)
            #expect(try row.decode("A", as: Int.self) == 6)
            #expect(try row.decode("long_column_name_one", as: Int.self) == 7)
            #expect(row.isNull("c"))
            #expect(!row.isNull("a"))
            // A missing name: an error when decoded, not NULL when asked.
            #expect(throws: PQError.self) { try row.decode("abc", as: Int.self) }
            #expect(throws: PQError.self) { try row.decode("long_column_name_two", as: Int.self) }
            #expect(!row.isNull("d"))
        }
    }
}
