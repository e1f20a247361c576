import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Prepared statements (``Connection/preparedQuery(_:)``): parsed once per connection, reused
/// with new values, and as safe as ``Connection/query(_:)`` when a statement fails.
@Suite("Prepared statements")
struct PreparedQueryTests {
    @Test func aStatementIsPreparedOnceAndRunsWithNewValues() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
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
        await database.shutdown()
    }

    @Test func aFailingPreparedStatementFailsAloneAndStaysUsable() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
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
        await database.shutdown()
    }
}
