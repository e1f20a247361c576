import Debrief
import Foundation
import PQ

/// Series' private calendar feeds (their tokens, kept as hashes like every token), what a
/// calendar shows of a session, and series planned from a recurrence rule
/// (docs/decisions/0040-calendar.md). Feeds are the owner's to make, rotate and revoke (an
/// admin's too), like the series' shares; a feed names its maker and answers only while the
/// maker may still edit the series (docs/decisions/0055-credentials-follow-their-maker.md).
public struct CalendarStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// A series' feed: when its current token was made.
    public struct Feed: Sendable, Equatable {
        public var createdAt: Date
    }

    /// The feed's table, a series' secret address like the live sheet's (``SeriesSecretAddress``).
    static let address = SeriesSecretAddress(table: "series_calendar_feeds", mint: SecretToken.newCalendarFeedToken)

    /// The series' feed, or nil when it has none.
    public func feed(series seriesID: UUID, by viewer: Viewer) async throws -> Feed? {
        try await self.database.withTransaction { connection in
            try await Self.address.createdAt(series: seriesID, by: viewer, on: connection).map { Feed(createdAt: $0) }
        }
    }

    /// Makes the series' feed token, or replaces it (the old URL stops working at once). Returns
    /// the token: shown once, kept only as its hash.
    public func issueFeed(series seriesID: UUID, by viewer: Viewer) async throws -> String {
        try await self.database.withTransaction { connection in try await Self.address.issue(series: seriesID, by: viewer, on: connection) }
    }

    /// Ends the series' feed; nothing to end is not an error (the result is the same).
    public func revokeFeed(series seriesID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in try await Self.address.revoke(series: seriesID, by: viewer, on: connection) }
    }

    /// What a feed shows: the series' sessions, those in the trash as cancelled, and the series'
    /// zone (decision 59); nil when no feed has this token (a wrong, rotated or revoked one) or when its maker
    /// may no longer edit the series (``SeriesDeliveryGate``): a removed maker's URL answers like
    /// an unknown one. One snapshot, so the check and the sessions it lets out agree.
    public func feedSessions(token: String) async throws -> (sessions: [CalendarSession], timeZone: String?)? {
        try await self.database.withTransaction { connection in
            guard let (seriesID, _) = try await Self.address.resolve(token: token, on: connection) else { return nil }
            let zone: String? = try await connection.query("SELECT time_zone FROM meeting_series WHERE id = \(seriesID)").first?.decode("time_zone")
            let sessions = try await connection.query(
                "SELECT \(Self.columns) FROM meetings m WHERE m.series_id = \(seriesID) ORDER BY m.starts_at, m.id"
            ).map(Self.session(row:))
            return (sessions, zone)
        }
    }

    /// One session as the host's calendar shows it; nil when the viewer may not see it.
    public func session(meeting id: UUID, visibleTo viewer: Viewer) async throws -> CalendarSession? {
        guard try await MeetingStore(database: self.database).find(id, visibleTo: viewer) != nil else { return nil }
        return try await self.database.query("SELECT \(Self.columns) FROM meetings m WHERE m.id = \(id)").first.map(Self.session(row:))
    }

    /// The session of a published form's participant code (not in the trash), for a
    /// participant's "add to my calendar".
    public func session(code: String) async throws -> CalendarSession? {
        try await self.database.query(
            """
            SELECT \(Self.columns) FROM meetings m
            WHERE m.trashed_at IS NULL AND m.id = (SELECT f.meeting_id FROM forms f WHERE f.code = \(code) AND f.trashed_at IS NULL LIMIT 1)
            """
        ).first.map(Self.session(row:))
    }

    static let columns: SQLQuery = """
        m.id, m.title, m.starts_at, m.ends_at, m.place, m.created_at, m.updated_at, m.calendar_sequence, m.trashed_at IS NOT NULL AS cancelled,
        (SELECT f.code FROM forms f WHERE f.meeting_id = m.id AND f.code IS NOT NULL ORDER BY f.version DESC LIMIT 1) AS code,
        (SELECT s.time_zone FROM meeting_series s WHERE s.id = m.series_id) AS time_zone
        """

    static func session(row: Row) throws -> CalendarSession {
        CalendarSession(
            meetingID: try row.decode("id"), title: try row.decode("title"), startsAt: try row.decode("starts_at"),
            endsAt: try row.decode("ends_at"), place: try row.decode("place"), createdAt: try row.decode("created_at"),
            updatedAt: try row.decode("updated_at"), sequence: try row.decode("calendar_sequence"),
            cancelled: try row.decode("cancelled"), formCode: try row.decode("code"), timeZone: try row.decode("time_zone"))
    }
}

extension CalendarStore {
    /// The zone the account picked for its pages (nil until it picks one).
    public func timeZone(of viewer: Viewer) async throws -> String? {
        try await self.database.query("SELECT time_zone FROM accounts WHERE id = \(viewer.accountID)").first?.decode("time_zone")
    }
}
