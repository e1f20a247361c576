import Debrief
import Foundation
import PQ

/// The roster's e-mail side (migration 0045): each member's optional address, the link that
/// unsubscribes them without signing in, and the messages due to them. Addresses are read and
/// written only by those who may edit the series (owner and editing co-hosts): a viewer co-host
/// never sees them, and the roster's other reads and exports do not include them.
///
/// Unsubscribing suppresses the member's ADDRESS (migration 0056, `mail_suppressions`): for the
/// series, or for all mail from this installation. The suppression outlives the member: removed
/// and re-added, or put on another series' roster, the address is still asked by
/// `mail_suppressed(address, series)`, the one test that writing (``due(reminderLead:window:)``)
/// and sending (``MailOutbox/withNextDue(dueBy:_:)``) roster mail both go through.
public struct RosterMailStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public struct Entry: Sendable, Equatable {
        public var memberID: UUID
        public var name: String
        public var email: String?
        public var unsubscribed: Bool
    }

    /// The members with their addresses, in name order. Needs the right to edit the series.
    public func list(series seriesID: UUID, by viewer: Viewer) async throws -> [Entry] {
        try await self.database.withConnection { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            return try await connection.query(
                """
                SELECT id, name, email, (email IS NOT NULL AND mail_suppressed(email, series_id)) AS unsubscribed FROM roster_members
                WHERE series_id = \(seriesID) ORDER BY name_key, id
                """
            ).map(Self.entry)
        }
    }

    /// Sets (or, with nil, removes) a member's address. Whether the address may be mailed is
    /// the address's own: one that unsubscribed stays unsubscribed whoever carries it.
    /// Returns the member as it is now.
    @discardableResult
    public func setEmail(series seriesID: UUID, member memberID: UUID, by viewer: Viewer, to email: EmailAddress?) async throws -> Entry {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            let token = "dbu_" + SecretToken.base64URL(SecretToken.randomBytes(18))
            let rows = try await connection.query(
                """
                UPDATE roster_members SET
                    email = \(email?.normalized), mail_token = COALESCE(mail_token, \(token)), updated_at = now()
                WHERE id = \(memberID) AND series_id = \(seriesID)
                RETURNING id, name, email, (email IS NOT NULL AND mail_suppressed(email, series_id)) AS unsubscribed
                """)
            guard let row = rows.first else { throw DebriefError.notFound("roster member") }
            return try Self.entry(row)
        }
    }

    private static func entry(_ row: Row) throws -> Entry {
        Entry(
            memberID: try row.decode("id"), name: try row.decode("name"), email: try row.decode("email"),
            unsubscribed: try row.decode("unsubscribed"))
    }

    /// The member's name for an unsubscribe link, or nil for an unknown link.
    public func memberName(unsubscribeToken token: String) async throws -> String? {
        try await self.database.query("SELECT name FROM roster_members WHERE mail_token = \(token)").first?.decode("name")
    }

    /// Suppresses the address of the member of `token` (idempotent): for the member's series,
    /// or with `everywhere` for all mail from this installation. The member's own mark is kept
    /// for the record; what decides is the suppression. False for an unknown link.
    public func unsubscribe(token: String, everywhere: Bool = false) async throws -> Bool {
        try await self.database.withTransaction { connection in
            let rows = try await connection.query(
                """
                UPDATE roster_members SET unsubscribed_at = COALESCE(unsubscribed_at, now()) WHERE mail_token = \(token)
                RETURNING email, series_id
                """)
            guard let row = rows.first else { return false }
            // A member whose address was removed since: nothing to suppress.
            guard let email: String = try row.decode("email") else { return true }
            let series: UUID? = everywhere ? nil : try row.decode("series_id")
            try await connection.execute(
                "INSERT INTO mail_suppressions (email, series_id) VALUES (lower(\(email)), \(series)) ON CONFLICT DO NOTHING")
            return true
        }
    }

    /// A roster member a message about a meeting is due to.
    public struct Due: Sendable {
        public var meetingID: UUID
        public var title: String
        public var hostID: UUID
        public var formCode: String
        public var closesAt: Date?
        /// The series' zone: the mail states the close time in it (decision 59).
        public var timeZone: String
        public var memberID: UUID
        public var name: String
        public var email: String
        public var mailToken: String
        /// The form closes within the reminder lead: the one reminder is due too.
        public var closingSoon: Bool
    }

    /// Members with an address not suppressed for the series, for every meeting that ended within `window` and whose
    /// published form is still open.
    public func due(reminderLead: Duration, window: Duration = .seconds(14 * 24 * 3600)) async throws -> [Due] {
        try await self.database.query(
            """
            SELECT m.id AS meeting_id, m.title, s.host_id, s.time_zone, f.code, f.closes_at, rm.id AS member_id, rm.name, rm.email, rm.mail_token,
                (f.closes_at IS NOT NULL AND f.closes_at <= now() + make_interval(secs => \(MailOutbox.seconds(reminderLead))))
                    AS closing_soon
            FROM meetings m
            JOIN meeting_series s ON s.id = m.series_id AND s.trashed_at IS NULL
            JOIN forms f ON f.meeting_id = m.id AND f.published_at IS NOT NULL AND f.closed_at IS NULL AND f.trashed_at IS NULL
                AND (f.closes_at IS NULL OR f.closes_at > now())
            JOIN roster_members rm ON rm.series_id = m.series_id AND rm.email IS NOT NULL AND rm.mail_token IS NOT NULL
                AND NOT mail_suppressed(rm.email, rm.series_id)
            WHERE m.trashed_at IS NULL AND m.ends_at <= now()
                AND m.ends_at > now() - make_interval(secs => \(MailOutbox.seconds(window)))
            ORDER BY m.ends_at, rm.id
            LIMIT 1000
            """
        ).map { row in
            Due(
                meetingID: try row.decode("meeting_id"), title: try row.decode("title"), hostID: try row.decode("host_id"),
                formCode: try row.decode("code"), closesAt: try row.decode("closes_at"), timeZone: try row.decode("time_zone"), memberID: try row.decode("member_id"),
                name: try row.decode("name"), email: try row.decode("email"), mailToken: try row.decode("mail_token"),
                closingSoon: try row.decode("closing_soon"))
        }
    }
}
