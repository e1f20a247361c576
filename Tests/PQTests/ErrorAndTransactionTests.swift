import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Server errors and transactions")
struct ErrorAndTransactionTests {
    @Test func uniqueViolationCarriesSQLStateAndConstraint() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE tags (name text CONSTRAINT tags_name_key UNIQUE)")
            try await database.execute("INSERT INTO tags (name) VALUES (\("retro"))")
            let error = await #expect(throws: PQError.self) {
                try await database.execute("INSERT INTO tags (name) VALUES (\("retro"))")
            }
            #expect(error?.sqlState == "23505")
            #expect(error?.isUniqueViolation == true)
            #expect(error?.constraint == "tags_name_key")
            #expect(error?.detail?.contains("retro") == true)
            // The description is safe to log: no query text, no values.
            #expect(error?.description.contains("INSERT") == false)
            #expect(error?.isUnavailable == false)
        }
    }

    @Test func throwingTransactionBodyRollsBack() async throws {
        struct Abort: Error {}
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE notes (body text NOT NULL)")
            await #expect(throws: Abort.self) {
                try await database.withTransaction { connection in
                    try await connection.execute("INSERT INTO notes (body) VALUES (\("kept?"))")
                    throw Abort()
                }
            }
            _ = try await database.withTransaction { connection in
                try await connection.execute("INSERT INTO notes (body) VALUES (\("committed"))")
            }
            let rows = try await database.query("SELECT body FROM notes")
            #expect(try rows.map { try $0.decode("body", as: String.self) } == ["committed"])
        }
    }

    @Test func failedStatementInsideTransactionRollsBackAndConnectionIsReused() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            try await database.execute("CREATE TABLE counters (n int CHECK (n >= 0))")
            await #expect(throws: PQError.self) {
                try await database.withTransaction { connection in
                    try await connection.execute("INSERT INTO counters VALUES (1)")
                    try await connection.execute("INSERT INTO counters VALUES (-1)")
                }
            }
            let count = try #require(try await database.query("SELECT count(*) AS n FROM counters").first)
            #expect(try count.decode("n", as: Int.self) == 0)
            #expect(await database.poolStatistics().open == 1)
        }
    }

    @Test func statementTimeoutFailsOnlyThatStatement() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { migrated in
            await migrated.shutdown()
            let database = Database(
                configuration: DatabaseConfiguration(
                    url: migrated.configuration.url, maxConnections: 1, statementTimeout: .milliseconds(200)),
                logger: TestDatabase.logger)
            let error = await #expect(throws: PQError.self) {
                try await database.query("SELECT pg_sleep(2)")
            }
            #expect(error?.isStatementTimeout == true)
            #expect(error?.sqlState == "57014")
            // The same (only) connection answers the next statement.
            let row = try #require(try await database.query("SELECT 42 AS answer").first)
            #expect(try row.decode("answer", as: Int.self) == 42)
            await database.shutdown()
        }
    }

    @Test func connectionFailureNamesTheHost() async throws {
        let database = Database(
            configuration: DatabaseConfiguration(url: "postgresql://nobody@127.0.0.1:1/none", connectTimeoutSeconds: 2),
            logger: TestDatabase.logger)
        let error = await #expect(throws: PQError.self) { try await database.query("SELECT 1") }
        #expect(error?.code == .connectionFailed)
        #expect(error?.isUnavailable == true)
        #expect(error?.description.contains("127.0.0.1") == true)
        await database.shutdown()
    }
}
