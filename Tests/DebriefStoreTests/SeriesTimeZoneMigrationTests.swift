import Debrief
import DebriefSQL
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// SQL/0059 on a database that holds series of the earlier schema (an id, an owner, a code): each
/// takes its owner's zone, UTC when the owner chose none (or left it blank); new series default
/// to their owner's zone too, and the schedule starts empty.
@Suite("Migration 0059: the series' time zone on existing data")
struct SeriesTimeZoneMigrationTests {
    @Test func existingSeriesTakeTheirOwnersZone() async throws {
        try await TestDatabase.withMigrations(before: 59) { database, files in
            // Old-style rows, by SQL: three owners (Seoul, none, blank), one series each.
            var series: [String: UUID] = [:]
            for (name, zone) in [("seoul", "Asia/Seoul" as String?), ("none", nil), ("blank", "  ")] {
                let account: UUID = try await database.query(
                    """
                    INSERT INTO accounts (email, display_name, password_hash, time_zone)
                    VALUES (\(name + "@example.com"), 'Host', 'x', \(zone)) RETURNING id
                    """
                ).single().decode("id")
                series[name] = try await database.query("INSERT INTO meeting_series (host_id) VALUES (\(account)) RETURNING id").single().decode("id")
            }

            #expect(
                try await Migrator(database: database, files: files.filter { $0.version <= 59 }, logger: TestDatabase.logger).migrate()
                    == ["0059_series_time_zone.sql"])

            func zone(_ name: String) async throws -> String {
                try await database.query("SELECT time_zone FROM meeting_series WHERE id = \(series[name])").single().decode("time_zone")
            }
            #expect(try await zone("seoul") == "Asia/Seoul")
            #expect(try await zone("none") == "UTC")
            #expect(try await zone("blank") == "UTC")
            let schedules: Int = try await database.query("SELECT count(schedule)::int AS n FROM meeting_series").single().decode("n")
            #expect(schedules == 0, "no series was planned with a kept schedule before")
            // A series written the old way afterwards gets its owner's zone (the trigger).
            let owner: UUID = try await database.query("SELECT host_id FROM meeting_series WHERE id = \(series["seoul"])").single().decode("host_id")
            let fresh: String = try await database.query(
                "INSERT INTO meeting_series (host_id) VALUES (\(owner)) RETURNING time_zone").single().decode("time_zone")
            #expect(fresh == "Asia/Seoul")
        }
    }
}
