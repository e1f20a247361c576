import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Cluster state in the database: instance heartbeats, WAL positions")
struct ClusterStateTests {
    @Test func instancesCountThoseThatBeatRecentlyAndLeaveAtAStop() async throws {
        try await TestDatabase.withMigrated { database in
            let heartbeats = InstanceHeartbeats(database: database)
            let (a, b, c) = (UUID(), UUID(), UUID())
            // A window far longer than this test takes, however busy the machine: only the rows'
            // own times, set below, decide who is stale.
            let window = Duration.seconds(50)
            #expect(try await heartbeats.beat(instance: a, window: window) == 1)
            #expect(try await heartbeats.beat(instance: b, window: window) == 2)
            #expect(try await heartbeats.beat(instance: c, window: window) == 3)
            // An instance silent for longer than the window (killed, or cut off) no longer counts.
            try await database.execute("UPDATE instance_heartbeats SET seen_at = now() - interval '55 seconds' WHERE instance_id = \(c)")
            #expect(try await heartbeats.beat(instance: a, window: window) == 2)
            // One that stops gracefully leaves at once.
            try await heartbeats.leave(instance: b)
            #expect(try await heartbeats.beat(instance: a, window: window) == 1)
            // Rows silent for a minute are removed on the way.
            try await database.execute("UPDATE instance_heartbeats SET seen_at = now() - interval '2 minutes' WHERE instance_id = \(c)")
            _ = try await heartbeats.beat(instance: a, window: window)
            let rows: Int = try await database.query("SELECT count(*)::int AS n FROM instance_heartbeats").single().decode("n")
            #expect(rows == 1)
        }
    }

    @Test func walPositionsParseAndOrderAsPostgreSQLPrintsThem() async throws {
        #expect(LSN("0/0")?.value == 0)
        #expect(LSN("16/B374D848")?.value == 0x16_B374_D848)
        #expect(LSN("16/B374D848")?.description == "16/B374D848")
        #expect(try #require(LSN("1/0")) > #require(LSN("0/FFFFFFFF")))
        for bad in ["", "16", "16/", "/1", "G/1", "1/2/3", "100000000/0"] {
            #expect(LSN(bad) == nil, "\(bad)")
        }
        // What the server prints round-trips, and later positions compare greater (the insert position:
        // the write position lags when the test cluster does not wait for its WAL).
        try await TestDatabase.withMigrated { database in
            let before = try #require(LSN(try await database.query("SELECT pg_current_wal_insert_lsn()::text AS l").single().decode("l")))
            try await database.execute("CREATE TABLE wal_probe (n int)")
            try await database.execute("INSERT INTO wal_probe SELECT generate_series(1, 100)")
            let after = try #require(LSN(try await database.query("SELECT pg_current_wal_insert_lsn()::text AS l").single().decode("l")))
            #expect(after > before)
            let text: String = try await database.query("SELECT \(after.description)::pg_lsn::text AS l").single().decode("l")
            #expect(LSN(text) == after)
        }
    }

    @Test func withoutAStandbyEveryReadGoesToThePrimaryAndNoWriteIsRecorded() async throws {
        try await TestDatabase.withMigrated { database in
            // The same server named as the "standby": it is not in recovery, so it is never used.
            let other = Database(configuration: database.configuration, logger: TestDatabase.logger)
            let reads = ReadReplica(primary: database, replica: other, maxLag: .seconds(5))
            await reads.refresh()
            #expect(reads.currentStatus.replayed == nil)
            #expect(reads.database() === database)
            #expect(ReadReplica.primaryOnly(database).database() === database)
            await other.shutdown()
        }
    }
}
