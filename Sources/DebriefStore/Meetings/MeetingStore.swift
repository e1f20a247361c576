import Debrief
import Foundation
import PQ

/// Meetings and their series. Every read and write is scoped to what the viewer may see: another
/// host's meeting is "not found", exactly as if it did not exist, unless its series is shared with
/// the viewer; then their ``SeriesRole`` decides what they may do (docs/decisions/0033-co-hosts.md).
public struct MeetingStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Creates the first session of a new series, in the host's own zone.
    public func create(by viewer: Viewer, _ details: MeetingDetails) async throws -> Meeting {
        try await self.create(by: viewer, NewSeriesMeeting(details: details, timeZone: nil))
    }

    /// Creates the first session of a new series. The series' zone is the one chosen, else the
    /// host's (`accounts.time_zone`), else UTC: the same default SQL/0059 gave existing series.
    public func create(by viewer: Viewer, _ new: NewSeriesMeeting) async throws -> Meeting {
        let details = new.details
        return try await self.refusingOverlap(host: viewer.accountID, details) {
            try await self.database.withTransaction { connection in
                // Without a zone, SQL/0059's trigger gives the series its owner's (UTC when none).
                let insert: SQLQuery = new.timeZone.map { "INSERT INTO meeting_series (host_id, time_zone) VALUES (\(viewer.accountID), \($0))" }
                    ?? "INSERT INTO meeting_series (host_id) VALUES (\(viewer.accountID))"
                let series = try await connection.query(insert + " RETURNING id").single()
                return try await SessionInsert.insert(
                    details, series: try series.decode("id"), host: viewer.accountID, number: 1, by: viewer, on: connection)
            }
        }
    }

    /// Creates the next session of `previousID`'s series; it starts with the series' form, if the
    /// series has one (``SessionInsert``, docs/decisions/0063).
    public func createNext(by viewer: Viewer, after previousID: UUID, _ details: MeetingDetails) async throws -> Meeting {
        // The new session is the series host's, so its overlap is checked (and named) for that
        // host, also when an admin or an editor creates it.
        guard let host = try await self.find(previousID, visibleTo: viewer, toDo: .edit)?.hostID else {
            throw DebriefError.notFound("meeting")
        }
        return try await self.refusingOverlap(host: host, viewer: viewer, details) {
            try await self.database.withTransaction { connection in
                guard let previous = try await Self.find(previousID, visibleTo: viewer, toDo: .edit, on: connection) else {
                    throw DebriefError.notFound("meeting")
                }
                // Locking the series serializes concurrent "next" requests, so numbers never collide.
                let number = try await connection.query(
                    """
                    SELECT (SELECT coalesce(max(session_number), 0) + 1 FROM meetings WHERE series_id = s.id) AS next
                    FROM meeting_series s WHERE s.id = \(previous.seriesID) FOR UPDATE
                    """
                ).single().decode("next", as: Int.self)
                // The new session starts with the series' form (SessionInsert), not a copy of another session's.
                return try await SessionInsert.insert(
                    details, series: previous.seriesID, host: previous.hostID, number: number, by: viewer, on: connection)
            }
        }
    }

    /// The meeting, or nil when the viewer may not see it; `forbidden` when they may see it but
    /// not do `action`.
    public func find(_ id: UUID, visibleTo viewer: Viewer, toDo action: SeriesAction = .read) async throws -> Meeting? {
        try await self.database.withConnection { try await Self.find(id, visibleTo: viewer, toDo: action, on: $0) }
    }

    /// The viewer's own meetings and those of series shared with them, newest first, `limit` at a time.
    public func list(for viewer: Viewer, scope: MeetingScope, after cursor: String?, limit: Int) async throws -> MeetingPage {
        var filter: SQLQuery = SQLQuery.listed(by: viewer)
        switch scope {
        case .upcoming: filter = filter + " AND m.ends_at > now()"
        case .past: filter = filter + " AND m.ends_at <= now()"
        case .all: break
        }
        if let cursor {
            guard let position = MeetingCursor(encoded: cursor) else {
                throw ValidationFailure(problems: [FieldProblem(path: "cursor", message: "is not a cursor this service issued")])
            }
            filter = filter + " AND (m.starts_at, m.id) < (\(position.startsAt)::timestamptz, \(position.id)::uuid)"
        }
        let rows = try await self.database.query(
            "SELECT \(Meeting.columns(for: viewer)) FROM meetings m WHERE \(filter) ORDER BY m.starts_at DESC, m.id DESC LIMIT \(limit + 1)")
        let meetings = try rows.map(Meeting.init(row:))
        let page = Array(meetings.prefix(limit))
        let next = meetings.count > limit ? page.last.map { MeetingCursor(startsAt: $0.startsAt, id: $0.id).encoded } : nil
        return MeetingPage(items: page, nextCursor: next)
    }

    /// The times of `host`'s own meetings (those the no-overlap rule compares: not in the trash)
    /// that end after `after`, earliest first, at most `limit`.
    public func busyTimes(host: UUID, after: Date, limit: Int) async throws -> [DateInterval] {
        try await self.database.query(
            """
            SELECT m.starts_at, m.ends_at FROM meetings m
            WHERE m.host_id = \(host) AND m.trashed_at IS NULL AND m.ends_at > \(after)::timestamptz
            ORDER BY m.starts_at, m.id LIMIT \(limit)
            """
        ).map { row in
            let start: Date = try row.decode("starts_at")
            let end: Date = try row.decode("ends_at")
            return DateInterval(start: start, end: max(start, end))
        }
    }

    /// Applies a partial change; the merged meeting is validated as a whole.
    public func update(_ id: UUID, by viewer: Viewer, _ patch: MeetingPatchInput) async throws -> Meeting {
        try await self.database.withTransaction { connection in
            guard let current = try await Self.find(id, visibleTo: viewer, toDo: .edit, on: connection, forUpdate: true) else {
                throw DebriefError.notFound("meeting")
            }
            let merged = try current.details.applying(patch).get()
            return try await self.refusingOverlap(host: current.hostID, merged, excluding: id) {
                let rows = try await connection.query(
                    """
                    UPDATE meetings AS m SET title = \(merged.title), starts_at = \(merged.startsAt)::timestamptz,
                        ends_at = \(merged.endsAt)::timestamptz, place = \(merged.place),
                        expected_head_count = \(merged.expectedHeadCount), updated_at = now()
                    WHERE m.id = \(id) RETURNING \(Meeting.columns(for: viewer))
                    """)
                return try Meeting(row: try rows.single())
            }
        }
    }

    /// The sessions of a series in order.
    public func series(_ id: UUID, visibleTo viewer: Viewer) async throws -> [Meeting] {
        let rows = try await self.database.query(
            """
            SELECT \(Meeting.columns(for: viewer)) FROM meeting_series s JOIN meetings m ON m.series_id = s.id AND m.trashed_at IS NULL
            WHERE s.id = \(id) AND \(SQLQuery.seriesVisible(to: viewer))
            ORDER BY m.session_number
            """)
        guard !rows.isEmpty else { throw DebriefError.notFound("series") }
        return try rows.map(Meeting.init(row:))
    }

    // MARK: - Helpers

    /// The store's one gate: the meeting when `viewer` may see it (nil otherwise, so another host's
    /// meeting is indistinguishable from a missing one); `forbidden` when their role may not do
    /// `action`. Called inside the transaction of the write it guards. Both gates are prepared
    /// statements: their text is fixed, and nearly every host request passes one, which
    /// PostgreSQL otherwise planned again each time (about 1 ms, several times its run).
    static func find(
        _ id: UUID, visibleTo viewer: Viewer, toDo action: SeriesAction, on connection: Connection, forUpdate: Bool = false
    ) async throws -> Meeting? {
        let lock: SQLQuery = forUpdate ? " FOR UPDATE OF m" : ""
        guard let meeting = try await connection.preparedQuery(
            "SELECT \(Meeting.columns(for: viewer)) FROM meetings m WHERE m.id = \(id) AND \(SQLQuery.visible(to: viewer))\(lock)"
        ).first.map(Meeting.init(row:)) else { return nil }
        guard meeting.role.may(action) else { throw action.refusal }
        return meeting
    }

    /// The series' gate, like ``find(_:visibleTo:toDo:on:forUpdate:)``'s: the viewer's role, or
    /// `notFound` when they may not see the series, `forbidden` when the role may not do `action`.
    @discardableResult
    static func requireSeries(
        _ seriesID: UUID, visibleTo viewer: Viewer, toDo action: SeriesAction, on connection: Connection, forUpdate: Bool = false
    ) async throws -> SeriesRole {
        let lock: SQLQuery = forUpdate ? " FOR UPDATE OF s" : ""
        let row = try await connection.preparedQuery(
            """
            SELECT \(SQLQuery.role(of: viewer, host: "s.host_id", series: "s.id")) AS role FROM meeting_series s
            WHERE s.id = \(seriesID) AND \(SQLQuery.seriesVisible(to: viewer))\(lock)
            """
        ).first
        guard let row, let role = SeriesRole(rawValue: try row.decode("role")) else { throw DebriefError.notFound("series") }
        guard role.may(action) else { throw action.refusal }
        return role
    }

    /// Runs `body`; when the no-overlap constraint refuses it, names the meeting it collides with.
    func refusingOverlap<Value>(
        host: UUID, viewer: Viewer? = nil, _ details: MeetingDetails, excluding excluded: UUID? = nil,
        _ body: () async throws -> Value
    ) async throws -> Value {
        do {
            return try await body()
        } catch let error as PQError where error.isExclusionViolation {
            let other = try await self.database.query(
                """
                SELECT m.id, m.title FROM meetings m
                WHERE m.host_id = \(host) AND m.id IS DISTINCT FROM \(excluded)::uuid AND m.trashed_at IS NULL
                  AND tstzrange(m.starts_at, m.ends_at) && tstzrange(\(details.startsAt)::timestamptz, \(details.endsAt)::timestamptz)
                ORDER BY m.starts_at LIMIT 1
                """
            ).first
            let title: String = try other?.decode("title") ?? "another meeting"
            let otherID: UUID? = try other?.decode("id")
            let whose = viewer.map { $0.accountID == host } ?? true ? "your" : "the host's"
            throw DebriefError(
                .conflict, "overlaps \(whose) meeting \"\(title)\"", field: "startsAt", relatedID: otherID?.lowercasedText)
        }
    }
}
