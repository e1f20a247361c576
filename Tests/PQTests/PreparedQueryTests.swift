import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Prepared statements (``Connection/preparedQuery(_:)``): parsed once per connection, reused
/// with new values, and as safe as ``Connection/query(_:)`` when a statement fails.
@Suite("Prepared statements")
struct PreparedQueryTests {
    @Test func aStatementIsPreparedOnceAndRunsWithNewValues() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)")
            for id in 1...6 {
                try await database.preparedQuery("INSERT INTO notes (id, body) VALUES (\(id), \("note \(id)"))")
            }
            let rows = try await database.preparedQuery("SELECT count(*)::int AS n, max(body) AS last FROM notes WHERE id <= \(6)")
            #expect(try rows.single().decode("n", as: Int.self) == 6)
            #expect(try rows.single().decode("last", as: String.self) == "note 6")
            // One server-side statement for the six inserts, one for the select, on the one connection.
            let prepared = try await database.query("SELECT count(*)::int AS n FROM pg_prepared_statements").single()
            #expect(try prepared.decode("n", as: Int.self) == 2)
        }
    }

    /// Statements are found again by their pieces (``PreparedStatements``), not their text: two
    /// statements alike in their pieces' number and lengths, and a piece built at run time, each
    /// run as their own text, and a text built again at run time reuses its statement.
    @Test func twoDifferentStatementsNeverShareAPreparedName() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            for round in 1...3 {
                let a = try await database.preparedQuery("SELECT \(round)::int AS a").single()
                let b = try await database.preparedQuery("SELECT \(round)::int AS b").single()
                #expect(try a.decode("a", as: Int.self) == round)
                #expect(try b.decode("b", as: Int.self) == round)
                #expect(!a.isNull("a") && !b.isNull("b"))
                for column in ["c", "d"] {
                    // A new string each time, of the same length for both columns.
                    let piece = String(repeating: " ", count: round) + "::int AS " + column
                    let row = try await database.preparedQuery("SELECT \(round)" + SQLQuery(unsafeSQL: piece)).single()
                    #expect(try row.decode(column, as: Int.self) == round)
                }
                // Where the parameter goes is part of the statement too.
                let literal = try await database.preparedQuery("SELECT 7::int AS e, \(round)::int AS f").single()
                let bound = try await database.preparedQuery("SELECT \(7)::int AS e, 1::int AS f").single()
                #expect(try literal.decode("f", as: Int.self) == round)
                #expect(try bound.decode("f", as: Int.self) == 1)
            }
            // The same text built again, in a string of its own: the statement of round 3 again.
            let again = String(repeating: " ", count: 3) + "::int AS " + "c"
            #expect(try await database.preparedQuery("SELECT \(9)" + SQLQuery(unsafeSQL: again)).single().decode("c", as: Int.self) == 9)
            let texts = try await database.query("SELECT statement FROM pg_prepared_statements ORDER BY name").map {
                try $0.decode("statement", as: String.self)
            }
            // a, b, then c and d for each of the three rounds' spacings (6), then the two of e and f.
            let expected = 10
            #expect(texts.count == expected)
            #expect(Set(texts).count == texts.count)
        }
    }

    @Test func aFailingPreparedStatementFailsAloneAndStaysUsable() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (id int PRIMARY KEY)")
            try await database.preparedQuery("INSERT INTO notes (id) VALUES (\(1))")
            let error = await #expect(throws: PQError.self) {
                try await database.preparedQuery("INSERT INTO notes (id) VALUES (\(1))")
            }
            #expect(error?.isUniqueViolation == true)
            // Inside a transaction that rolls back, the statement stays prepared and usable.
            await #expect(throws: PQError.self) {
                try await database.withTransaction { connection in
                    try await connection.preparedQuery("INSERT INTO notes (id) VALUES (\(2))")
                    try await connection.preparedQuery("INSERT INTO notes (id) VALUES (\(2))")
                }
            }
            try await database.preparedQuery("INSERT INTO notes (id) VALUES (\(3))")
            let ids = try await database.query("SELECT id FROM notes ORDER BY id").map { try $0.decode("id", as: Int.self) }
            #expect(ids == [1, 3])
            await #expect(throws: PQError.self) { try await database.preparedQuery("SELEC nonsense") }
        }
    }
}
