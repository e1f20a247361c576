import Debrief
import Foundation
import PQ

extension CalendarStore {
    /// Creates a new series of the viewer with every planned session, numbered in order, in one
    /// transaction. A session overlapping one of the viewer's live meetings refuses the whole
    /// plan (`conflict` at `start`, naming each date and the meeting it collides with); the
    /// no-overlap constraint still settles a race with a concurrent write.
    public func createSeries(_ plan: CalendarSeriesPlan, by viewer: Viewer) async throws -> [Meeting] {
        guard let first = plan.sessions.first, let last = plan.sessions.last else { return [] }
        let existing = try await self.database.query(
            """
            SELECT m.title, m.starts_at, m.ends_at FROM meetings m
            WHERE m.host_id = \(viewer.accountID) AND m.trashed_at IS NULL
              AND tstzrange(m.starts_at, m.ends_at) && tstzrange(\(first.startsAt)::timestamptz, \(last.endsAt)::timestamptz)
            ORDER BY m.starts_at
            """
        ).map { row in (title: try row.decode("title", as: String.self), start: try row.decode("starts_at", as: Date.self), end: try row.decode("ends_at", as: Date.self)) }
        var clashes: [String] = []
        for session in plan.sessions {
            if let other = existing.first(where: { $0.start < session.endsAt && session.startsAt < $0.end }) {
                clashes.append("\(Self.day(session.startsAt, zone: plan.timeZone)) (\"\(other.title)\")")
            }
        }
        if !clashes.isEmpty {
            throw DebriefError(.conflict, "sessions overlap your meetings on \(clashes.prefix(10).joined(separator: ", "))", field: "start")
        }
        do {
            return try await self.database.withTransaction { connection in
                let series: UUID = try await connection.query(
                    """
                    INSERT INTO meeting_series (host_id, time_zone, schedule)
                    VALUES (\(viewer.accountID), \(plan.timeZone), \(plan.schedule)) RETURNING id
                    """).single().decode("id")
                var made: [Meeting] = []
                for (index, details) in plan.sessions.enumerated() {
                    // A new series has no form yet; SessionInsert starts each session with it all the same.
                    let meeting = try await SessionInsert.insert(
                        details, series: series, host: viewer.accountID, number: index + 1, by: viewer, on: connection)
                    made.append(meeting)
                }
                return made
            }
        } catch let error as PQError where error.isExclusionViolation {
            throw DebriefError(.conflict, "a session overlaps a meeting planned meanwhile; try again", field: "start")
        }
    }

    /// `2026-12-01` in the series' zone.
    static func day(_ date: Date, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ v: Int?) -> String { (v ?? 0) < 10 ? "0\(v ?? 0)" : "\(v ?? 0)" }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))"
    }
}
