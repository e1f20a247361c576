import Debrief
import Foundation
import PQ

/// Reads what the series clock needs (docs/decisions/0083): every session of a series that is
/// not in the trash, its times and its latest published form's close. The one place that reads
/// a series' sessions to decide which is current (`scripts/check-layers` rule 14 refuses a
/// second "latest session" query); the decision itself is ``SeriesClock``'s.
public struct SeriesClockStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// A series behind its stable code (SQL/0050), with its zone and clock; nil when `code` is
    /// no live series' code.
    public struct Series: Sendable {
        public var id: UUID
        public var timeZone: String
        public var clock: SeriesClock
    }

    /// The series whose stable code is `code` (already normalized), nil when none.
    public func series(code: String) async throws -> Series? {
        let rows = try await self.database.query(
            "SELECT s.id, s.time_zone FROM meeting_series s WHERE s.code = \(code) AND s.trashed_at IS NULL")
        guard let row = rows.first else { return nil }
        let id: UUID = try row.decode("id")
        return Series(id: id, timeZone: try row.decode("time_zone"), clock: try await self.clock(series: id))
    }

    /// The zone series `seriesID`'s times are read in (decision 86), nil for no such series (no
    /// visibility check: the caller has found the series for its viewer).
    public func timeZone(series seriesID: UUID) async throws -> String? {
        try await self.database.query("SELECT time_zone FROM meeting_series WHERE id = \(seriesID)").first?.decode("time_zone")
    }

    /// The clock of the series that `meetingID` belongs to (no visibility check: the caller has
    /// found the meeting for its viewer).
    public func clock(ofSeriesOf meetingID: UUID) async throws -> SeriesClock {
        let rows = try await self.database.query("SELECT series_id FROM meetings WHERE id = \(meetingID)")
        guard let seriesID: UUID = try rows.first?.decode("series_id") else { return SeriesClock(sessions: []) }
        return try await self.clock(series: seriesID)
    }

    /// The clock of series `seriesID`: its sessions not in the trash, each with its latest
    /// published form (a trashed form does not count).
    public func clock(series seriesID: UUID) async throws -> SeriesClock {
        try await self.clocks(series: [seriesID])[seriesID] ?? SeriesClock(sessions: [])
    }

    /// The clocks of several series in one read (the home page's list, the host's nearest
    /// meeting), as ``clock(series:)`` reads each; a series without live sessions is absent.
    public func clocks(series ids: [UUID]) async throws -> [UUID: SeriesClock] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await self.database.query(
            """
            SELECT m.series_id, m.id, m.session_number, m.starts_at, m.ends_at, pf.code AS form_code,
                   CASE WHEN pf.closed_at IS NULL THEN pf.closes_at
                        WHEN pf.closes_at IS NULL THEN pf.closed_at
                        ELSE least(pf.closed_at, pf.closes_at) END AS form_closes_at
            FROM meetings m
            LEFT JOIN LATERAL (
                SELECT f.code, f.closed_at, f.closes_at FROM forms f
                WHERE f.meeting_id = m.id AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
                ORDER BY f.version DESC LIMIT 1
            ) pf ON true
            WHERE m.series_id = ANY(\(ids.map { $0.lowercasedText })::uuid[]) AND m.trashed_at IS NULL
            ORDER BY m.series_id, m.starts_at, m.session_number
            """)
        var sessions: [UUID: [SeriesClock.Session]] = [:]
        for row in rows {
            let code: String? = try row.decode("form_code")
            sessions[try row.decode("series_id"), default: []].append(
                SeriesClock.Session(
                    meetingID: try row.decode("id"), sessionNumber: try row.decode("session_number"),
                    startsAt: try row.decode("starts_at"), endsAt: try row.decode("ends_at"),
                    form: try code.map { SeriesClock.Session.Form(code: $0, closesAt: try row.decode("form_closes_at")) }))
        }
        return sessions.mapValues(SeriesClock.init(sessions:))
    }
}

extension MeetingStore {
    /// The series clocks, read from the same database as the meetings.
    public var clocks: SeriesClockStore { SeriesClockStore(database: self.database) }
}

extension ResultsStore {
    /// The series clocks, read from the same database as the counts.
    public var clocks: SeriesClockStore { SeriesClockStore(database: self.database) }
}
