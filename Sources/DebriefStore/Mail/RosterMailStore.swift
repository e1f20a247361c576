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
/// `mail_suppressed(address, series)`, the one test that writing (``due(meeting:window:)``)
/// and sending (``MailOutbox/withNextDue(dueBy:_:)``) roster mail both go through.
public struct RosterMailStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The reminder rounds on the same database (the scheduler starts those come due before it writes).
    public var reminders: RosterReminderStore { RosterReminderStore(database: self.database) }

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
            let token = SecretToken.newMailToken()
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

    /// Sets many members' addresses in one transaction (the roster mail page's one Save): each
    /// pair is a member and its address (nil removes it). Members no longer on the roster are
    /// skipped. Returns how many addresses changed; storing one never writes mail
    /// (docs/decisions/0060-roster-sending-is-a-step.md).
    @discardableResult
    public func setEmails(series seriesID: UUID, by viewer: Viewer, _ changes: [(member: UUID, email: EmailAddress?)]) async throws -> Int {
        guard !changes.isEmpty else { return 0 }
        return try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            // One token per member that has none yet; a member keeps the one it has.
            let tokens = changes.map { _ in SecretToken.newMailToken() }
            return try await connection.execute(
                """
                UPDATE roster_members rm SET
                    email = wanted.email, mail_token = COALESCE(rm.mail_token, wanted.token), updated_at = now()
                FROM unnest(\(changes.map { $0.member })::uuid[], \(changes.map { $0.email?.normalized })::text[], \(tokens)::text[])
                    AS wanted (member, email, token)
                WHERE rm.id = wanted.member AND rm.series_id = \(seriesID) AND rm.email IS DISTINCT FROM wanted.email
                """)
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

    /// A published form participants can still answer (`f` is the form).
    static let formIsOpen: SQLQuery =
        "f.published_at IS NOT NULL AND f.closed_at IS NULL AND f.trashed_at IS NULL AND (f.closes_at IS NULL OR f.closes_at > now())"

    /// A roster message due to a member about a meeting.
    public struct Due: Sendable {
        public enum Kind: Sendable, Equatable {
            /// The participant link the host sent; `present` chooses the wording (nil: no
            /// attendance was taken for the session, plain words, issue 68).
            case link(present: Bool?)
            /// A reminder round's message: a host's press or one of the series' times
            /// (``RosterReminderStore``); its dedupe key names the round. `charged`: the round
            /// was charged for its whole set (an anonymous session), so the message is not counted again.
            case reminder(round: UUID, charged: Bool)
        }

        public var kind: Kind
        public var meetingID: UUID
        public var title: String
        /// The account the message counts against: who pressed Send, or who turned the reminder on.
        public var accountID: UUID
        public var formCode: String
        public var closesAt: Date?
        /// The series' zone: the mail states the close time in it (decision 59).
        public var timeZone: String
        public var memberID: UUID
        public var name: String
        public var email: String
        public var mailToken: String
        /// The series' picture (decision 92), shown at the top of the message; nil when it has none.
        public var picture: PictureReference?
        /// The form's question offered as a row of taps (decision 103); nil when it has none.
        public var oneTap: OneTapQuestion?
    }

    /// The roster mail to write now, and only what a host asked for
    /// (docs/decisions/0060-roster-sending-is-a-step.md, 0077, 0081): the participant link of each
    /// member chosen by a press of "Send the link" (`roster_link_sends`), and the reminder of each
    /// member of a reminder round's set (``RosterReminderStore``: the link sends recorded before
    /// the round started) who still has not answered (``PersonalLink/hasAnswered(meeting:member:)``).
    /// Both go to the address and name the link send kept, whatever the roster says now; the
    /// member must still be on the roster (their unsubscribe and personal links need them). Every
    /// row still needs an address not suppressed for the series and an open form, and its account
    /// must still be let through by ``SeriesDeliveryGate``. Rows already written are left to the
    /// outbox's dedupe keys. `window` bounds the sessions looked at (by their start), so a pass
    /// reads a bounded set; `meeting` limits it to one.
    public func due(meeting: UUID? = nil, window: Duration = .seconds(30 * 24 * 3600)) async throws -> [Due] {
        let window = MailOutbox.seconds(window)
        let only: SQLQuery = meeting.map { "AND m.id = \($0)" } ?? ""
        return try await self.database.query(
            """
            SELECT 'link' AS kind, ls.present, m.id AS meeting_id, m.title, ls.requested_by AS account_id, f.code, f.closes_at, s.time_zone,
                rm.id AS member_id, coalesce(ls.name, rm.name) AS name, ls.email, rm.mail_token, NULL::uuid AS round_id, false AS charged,
                f.definition, \(SeriesPictureStore.referenceColumn(series: "m.series_id"))
            FROM roster_link_sends ls
            JOIN meetings m ON m.id = ls.meeting_id AND m.trashed_at IS NULL
                AND m.starts_at > now() - make_interval(secs => \(window)) \(only)
            JOIN meeting_series s ON s.id = m.series_id AND s.trashed_at IS NULL
            JOIN forms f ON f.meeting_id = m.id AND \(Self.formIsOpen)
            JOIN roster_members rm ON rm.id = ls.roster_member_id AND ls.email IS NOT NULL AND rm.mail_token IS NOT NULL
                AND NOT mail_suppressed(ls.email, rm.series_id)
            WHERE \(SeriesDeliveryGate.allows(maker: "ls.requested_by", series: "m.series_id"))
                AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.dedupe_key = 'link:' || m.id || ':' || rm.id)
            UNION ALL
            SELECT 'reminder' AS kind, true AS present, m.id AS meeting_id, m.title, rs.requested_by AS account_id, f.code, f.closes_at,
                s.time_zone, rm.id AS member_id, coalesce(ls.name, rm.name) AS name, ls.email, rm.mail_token, rs.id AS round_id,
                rs.charged IS NOT NULL AS charged, f.definition, \(SeriesPictureStore.referenceColumn(series: "m.series_id"))
            FROM roster_reminder_sends rs
            JOIN meetings m ON m.id = rs.meeting_id AND m.trashed_at IS NULL
                AND m.starts_at > now() - make_interval(secs => \(window)) \(only)
            JOIN meeting_series s ON s.id = m.series_id AND s.trashed_at IS NULL
            JOIN forms f ON f.meeting_id = m.id AND \(Self.formIsOpen)
            JOIN roster_link_sends ls ON ls.meeting_id = rs.meeting_id AND ls.requested_at <= rs.requested_at
            JOIN roster_members rm ON rm.id = ls.roster_member_id
            WHERE \(SeriesDeliveryGate.allows(maker: "rs.requested_by", series: "m.series_id"))
                AND \(RosterReminderStore.reaches(meeting: "m.id"))
                AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.dedupe_key = 'reminder:' || rs.id || ':' || rm.id)
            -- By address, not by member id: the order messages are written in (the delivery log's
            -- order) follows nothing random.
            ORDER BY meeting_id, kind, email, member_id
            LIMIT 1000
            """
        ).map { row in
            let kind: String = try row.decode("kind")
            return Due(
                kind: kind == "reminder"
                    ? .reminder(round: try row.decode("round_id"), charged: try row.decode("charged")) : .link(present: try row.decode("present")),
                meetingID: try row.decode("meeting_id"),
                title: try row.decode("title"), accountID: try row.decode("account_id"), formCode: try row.decode("code"),
                closesAt: try row.decode("closes_at"), timeZone: try row.decode("time_zone"), memberID: try row.decode("member_id"),
                name: try row.decode("name"),
                email: try row.decode("email"), mailToken: try row.decode("mail_token"), picture: try SeriesPictureStore.reference(row),
                oneTap: OneTapQuestion(form: try row.decode("definition", as: SQLJSON<FormDefinition>.self).value))
        }
    }
}
