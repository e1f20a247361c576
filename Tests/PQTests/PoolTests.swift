import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("The connection pool")
struct PoolTests {
    @Test func twoHundredTasksShareFourConnections() async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for task in 0..<200 {
                    group.addTask {
                        let row = try #require(
                            try await database.query("SELECT \(task)::int8 * 2 AS doubled, pg_sleep(0.005)::text AS _").first)
                        return (task, try row.decode("doubled", as: Int.self))
                    }
                }
                return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
            }
            #expect(results.count == 200)
            #expect(results.allSatisfy { $0.value == $0.key * 2 })
            let statistics = await database.poolStatistics()
            #expect(statistics.open <= 4)
            #expect(statistics.waiting == 0)
        }
    }

    @Test func recoversAfterEveryConnectionIsTerminated() async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let name = try #require(try await database.query("SELECT current_database() AS name").first).decode("name", as: String.self)
            // Open all four connections.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { try await database.query("SELECT pg_sleep(0.05)") } }
                try await group.waitForAll()
            }
            #expect(await database.poolStatistics().open == 4)
            let admin = TestDatabase.admin()
            // Each termination is waited for (up to 20 s each, a bound that only ends a broken run): the
            // backends are gone before the pool leases again, however slowly a busy machine ends them.
            let killed = try #require(
                try await admin.query(
                    """
                    SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 20000)) AS n
                    FROM pg_stat_activity WHERE datname = \(name) AND pid <> pg_backend_pid()
                    """
                ).first).decode("n", as: Int.self)
            #expect(killed >= 4)
            await admin.shutdown()
            // Every query must succeed: the pool notices the closed connections at lease time and
            // opens fresh ones.
            for value in 0..<8 {
                let row = try #require(try await database.query("SELECT \(value)::int AS v").first)
                #expect(try row.decode("v", as: Int.self) == value)
            }
        }
    }

    /// A switchover demotes the primary under open connections: a write there fails with
    /// `25006`. That is "unavailable, retry" (a 503, not a 500), and the connection, which now
    /// reaches a standby, is not leased again (seen in CI: 22 submissions got 500 in a switchover).
    @Test func aConnectionWhoseServerTurnedReadOnlyIsRetriableAndNotReused() async throws {
        try await TestDatabase.withEmpty { url in
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            let first = try await database.withConnection { connection in
                // What a demoted primary does to every transaction of this session.
                try await connection.query("SET default_transaction_read_only = on")
                return try #require(try await connection.query("SELECT pg_backend_pid() AS pid").first).decode("pid", as: Int.self)
            }
            let error = await #expect(throws: PQError.self) { try await database.execute("CREATE TABLE written (id int)") }
            #expect(error?.sqlState == "25006")
            #expect(error?.isUnavailable == true)
            let next = try #require(
                try await database.query("SELECT pg_backend_pid() AS pid, current_setting('default_transaction_read_only') AS ro").first)
            #expect(try next.decode("pid", as: Int.self) != first, "a new connection")
            #expect(try next.decode("ro", as: String.self) == "off")
            try await database.execute("CREATE TABLE written (id int)")
            await database.shutdown()
        }
    }

    @Test func waitersTimeOutInsteadOfHanging() async throws {
        try await TestDatabase.withEmpty { url in
            let database = Database(
                configuration: DatabaseConfiguration(url: url, maxConnections: 1, acquireTimeout: .milliseconds(300)),
                logger: TestDatabase.logger)
            async let holder: Void = database.withConnection { connection in
                try await connection.query("SELECT pg_sleep(20)")
            }
            // The holder's statement is running before anyone else asks (waited for, not slept on: a
            // busy machine can start it late); the bound of two minutes only ends a broken run.
            let observer = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            let holding: SQLQuery =
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%pg_sleep(20)%' AND state = 'active' AND pid <> pg_backend_pid()"
            for _ in 0..<12_000 {
                if try await observer.query(holding).first?.decode("n", as: Int.self) == 1 { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            let error = await #expect(throws: PQError.self) { try await database.query("SELECT 1") }
            #expect(error?.code == .poolTimeout)
            #expect(error?.isUnavailable == true)
            // It gave up while the only connection was still held (by what, not how fast: the holder's
            // statement is still running, so the caller did not wait for it).
            let stillHeld = try await observer.query(holding).first?.decode("n", as: Int.self)
            await observer.shutdown()
            #expect(stillHeld == 1)
            try await holder
            await database.shutdown()
        }
    }

    @Test func shutdownFailsNewLeases() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            await database.shutdown()
            let error = await #expect(throws: PQError.self) { try await database.query("SELECT 1") }
            #expect(error?.code == .poolClosed)
        }
    }
}
