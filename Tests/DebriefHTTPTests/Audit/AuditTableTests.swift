@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Synchronization
import Testing

/// The read record's table and its readers: appended, never updated (the database refuses it),
/// kept for the installation's retention (at chosen instants), and read by installation admins
/// only, its CSV neutralized (docs/decisions/0091-the-read-record.md).
@Suite("The read record: the table, its retention and its readers")
struct AuditTableTests {
    /// A clock the test moves.
    final class MovingClock: Sendable {
        let instant: Mutex<Date>
        init(_ start: Date) { self.instant = Mutex(start) }
        func move(to date: Date) { self.instant.withLock { $0 = date } }
        var wallClock: WallClock { WallClock { [self] in self.instant.withLock { $0 } } }
    }

    static let day: TimeInterval = 86_400

    @Test func theDatabaseRefusesUpdatesAndDeletes() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let store = AuditStore(database: database)
            try await store.append(AuditEvent(.export, detail: "csv responses"), account: nil, origin: .shell("debrief export"), at: Date())
            for statement: SQLQuery in [
                "UPDATE audit_record SET detail = 'rewritten'", "DELETE FROM audit_record", "TRUNCATE audit_record",
            ] {
                await #expect(throws: PQError.self, "\(statement)") { try await database.execute(statement) }
            }
            let rows = try #require(try await store.page(AuditFilter(), after: nil, limit: 10)).items
            #expect(rows.map(\.detail) == ["csv responses"], "the row is as it was written")
            #expect(rows.first?.clientAddress == "local")
            #expect(rows.first?.accountId == nil)
        }
    }

    @Test func retentionRemovesOnlyRowsOlderThanItAtTheClocksNow() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let clock = MovingClock(start)
            let record = AuditRecord(store: AuditStore(database: database), retention: .seconds(10 * 86_400), clock: clock.wallClock)
            let viewer = Viewer(accountID: UUID(), role: .host)
            for (offset, detail) in [(0.0, "day 0"), (5.0, "day 5"), (12.0, "day 12")] {
                clock.move(to: start.addingTimeInterval(offset * Self.day))
                try await record.record(AuditEvent(.export, detail: detail), by: viewer)
            }
            let service = PeriodicPurge.auditRecord(record: record, logger: TestDatabase.logger)
            clock.move(to: start.addingTimeInterval(14 * Self.day))
            #expect(try await service.purgeOnce() == 1, "day 0 is 14 days old; day 5, 9 days, stays")
            clock.move(to: start.addingTimeInterval(16 * Self.day))
            #expect(try await service.purgeOnce() == 1)
            #expect(try await service.purgeOnce() == 0, "a second purge at the same instant finds nothing")
            let left = try #require(try await AuditStore(database: database).page(AuditFilter(), after: nil, limit: 10)).items
            #expect(left.map(\.detail) == ["day 12"])
            // Still appended only: the purge's mark does not outlive its statement.
            await #expect(throws: PQError.self) { try await database.execute("DELETE FROM audit_record") }
        }
    }

    @Test func thePagesAreBoundedAndFilteredAndTheirCursorIsChecked() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let store = AuditStore(database: database)
            let series = UUID()
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            for index in 0..<5 {
                try await store.append(
                    AuditEvent(.export, series: index.isMultiple(of: 2) ? series : nil, detail: "\(index)"), account: nil, origin: .unknown,
                    at: start.addingTimeInterval(Double(index) * 60))
            }
            let first = try #require(try await store.page(AuditFilter(), after: nil, limit: 2))
            #expect(first.items.map(\.detail) == ["4", "3"])
            let second = try #require(try await store.page(AuditFilter(), after: first.nextCursor, limit: 2))
            #expect(second.items.map(\.detail) == ["2", "1"])
            let last = try #require(try await store.page(AuditFilter(), after: second.nextCursor, limit: 2))
            #expect(last.items.map(\.detail) == ["0"])
            #expect(last.nextCursor == nil)
            #expect(try await store.page(AuditFilter(series: series), after: nil, limit: 10)?.items.map(\.detail) == ["4", "2", "0"])
            let window = AuditFilter(since: start.addingTimeInterval(60), until: start.addingTimeInterval(180))
            #expect(try await store.page(window, after: nil, limit: 10)?.items.map(\.detail) == ["2", "1"])
            #expect(try await store.page(AuditFilter(), after: "not-a-cursor", limit: 10) == nil)
        }
    }
}
