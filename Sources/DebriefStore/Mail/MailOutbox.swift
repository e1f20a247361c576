import Debrief
import Foundation
import PQ

/// What a message is for; the outbox's `kind`.
public enum MailKind: String, Sendable, CaseIterable {
    case passwordReset = "password_reset"
    case invitation
    case participantLink = "participant_link"
    case reminder
    /// The link that proves an account holds its address (decision 54).
    case addressProof = "address_proof"
}

/// A message to write into the outbox: rendered once, so every retry sends the same text.
public struct OutgoingMail: Sendable, Equatable {
    public var accountID: UUID?
    public var kind: MailKind
    /// Writing the same key twice writes one message (the scheduler's passes overlap).
    public var dedupeKey: String?
    public var recipient: String
    public var subject: String
    public var text: String
    public var html: String
    public var unsubscribeURL: String?
    public var meetingID: UUID?
    public var rosterMemberID: UUID?
    /// The reminder round a reminder belongs to.
    public var reminderRound: UUID?
    /// Its round was charged for its whole set when it started (an anonymous session, decision
    /// 81): the message passes the caps without counting again.
    public var chargedWithRound: Bool

    public init(
        accountID: UUID?, kind: MailKind, dedupeKey: String? = nil, recipient: String, subject: String, text: String, html: String,
        unsubscribeURL: String? = nil, meetingID: UUID? = nil, rosterMemberID: UUID? = nil, reminderRound: UUID? = nil,
        chargedWithRound: Bool = false
    ) {
        self.accountID = accountID
        self.kind = kind
        self.dedupeKey = dedupeKey
        self.recipient = recipient
        self.subject = subject
        self.text = text
        self.html = html
        self.unsubscribeURL = unsubscribeURL
        self.meetingID = meetingID
        self.rosterMemberID = rosterMemberID
        self.reminderRound = reminderRound
        self.chargedWithRound = chargedWithRound
    }
}

/// The e-mail outbox (migration 0045, docs/decisions/0041-smtp-client.md): messages are written
/// in the transaction of what asked for them and sent by ``MailDeliveryService``.
public struct MailOutbox: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public enum Enqueued: Sendable, Equatable {
        case written(UUID)
        /// A message with the same dedupe key was written before.
        case duplicate
        /// The account's hourly cap, or for roster mail its daily allowance, is used up; nothing
        /// was written.
        case overCap
    }

    /// Writes `mail` on `connection` unless its account already wrote `perAccountPerHour`
    /// messages in the last hour, or (roster mail) its day's roster allowance. The counts are
    /// taken in the writing transaction under a lock per account, so instances writing at once
    /// cannot pass them together.
    public static func enqueue(_ mail: OutgoingMail, caps: MailCaps, on connection: Connection) async throws -> Enqueued {
        if let account = mail.accountID, !mail.chargedWithRound {
            // One writer per account at a time (the owner locks): the count then sees every earlier row.
            let recent = try await StoredAdmission.mailWritten(account: account, on: connection)
            if recent >= caps.perAccountPerHour { return .overCap }
            if mail.kind.isRosterMail {
                let allowance = try await Self.rosterAllowance(account: account, caps: caps, on: connection)
                if allowance.writtenToday >= allowance.perDay { return .overCap }
            }
        }
        let rows = try await connection.query(
            """
            INSERT INTO email_outbox (account_id, kind, dedupe_key, recipient, subject, text_body, html_body, unsubscribe_url,
                meeting_id, roster_member_id, reminder_round)
            VALUES (\(mail.accountID), \(mail.kind.rawValue), \(mail.dedupeKey), \(mail.recipient), \(mail.subject), \(mail.text),
                \(mail.html), \(mail.unsubscribeURL), \(mail.meetingID), \(mail.rosterMemberID), \(mail.reminderRound))
            ON CONFLICT (dedupe_key) DO NOTHING
            RETURNING id
            """)
        guard let row = rows.first else { return .duplicate }
        return .written(try row.decode("id"))
    }

    public static func enqueue(_ mail: OutgoingMail, perAccountPerHour cap: Int, on connection: Connection) async throws -> Enqueued {
        try await Self.enqueue(mail, caps: MailCaps(perAccountPerHour: cap), on: connection)
    }

    public func enqueue(_ mail: OutgoingMail, caps: MailCaps) async throws -> Enqueued {
        try await self.database.withTransaction { try await Self.enqueue(mail, caps: caps, on: $0) }
    }

    public func enqueue(_ mail: OutgoingMail, perAccountPerHour cap: Int) async throws -> Enqueued {
        try await self.enqueue(mail, caps: MailCaps(perAccountPerHour: cap))
    }

    /// An account's roster mail today against its allowance.
    public struct RosterAllowance: Sendable, Equatable {
        public var perDay: Int
        public var writtenToday: Int
        /// Set by an admin rather than earned.
        public var setByAdmin: Bool
    }

    /// The account's roster allowance: what an admin set, or what it earned — one message a day
    /// for each roster message it delivered more than a day ago to an address that has not
    /// unsubscribed (counted up to the ceiling only, so the count's cost is bounded). A charged
    /// round counts as its charge, and its messages earn nothing: how many of them there were
    /// says how many had not answered, among a set roster edits reach (decision 81).
    static func rosterAllowance(account: UUID, caps: MailCaps, on connection: Connection) async throws -> RosterAllowance {
        let roster = MailKind.allCases.filter(\.isRosterMail).map(\.rawValue)
        let row = try await connection.query(
            """
            SELECT (SELECT roster_mail_per_day FROM accounts WHERE id = \(account)) AS admin_set,
                \(Self.counted(account: account, since: "now() - interval '1 day'", kinds: roster)) AS today,
                (SELECT count(*)::int FROM (
                    SELECT 1 FROM email_outbox o JOIN meetings m ON m.id = o.meeting_id
                    WHERE o.account_id = \(account) AND o.kind = ANY(\(roster)::text[]) AND o.sent_at IS NOT NULL
                        AND o.created_at <= now() - interval '1 day' AND NOT mail_suppressed(o.recipient, m.series_id)
                        AND NOT \(Self.chargedWithRound)
                    LIMIT \(caps.rosterMaxPerDay)) delivered) AS earned
            """
        ).single()
        let adminSet: Int? = try row.decode("admin_set")
        return RosterAllowance(
            perDay: caps.rosterPerDay(earned: try row.decode("earned"), adminSet: adminSet), writtenToday: try row.decode("today"),
            setByAdmin: adminSet != nil)
    }

    /// SQL: the outbox row `o` belongs to a round charged for its whole set (decision 81).
    static let chargedWithRound: SQLQuery =
        "EXISTS (SELECT 1 FROM roster_reminder_sends cr WHERE cr.id = o.reminder_round AND cr.charged IS NOT NULL)"

    /// SQL (an `int`): the messages `account` wrote since `since` (an SQL instant), of `kinds`
    /// (nil: every kind) — each message once, except those of a charged round, which count as
    /// the round's charge from the moment it started. The one count the hourly cap
    /// (``StoredAdmission``) and the day's roster allowance both take.
    static func counted(account: UUID, since: SQLQuery, kinds: [String]? = nil) -> SQLQuery {
        let kind: SQLQuery = kinds.map { " AND o.kind = ANY(\($0)::text[])" } ?? ""
        return """
            ((SELECT count(*)::int FROM email_outbox o WHERE o.account_id = \(account) AND o.created_at > \(since)\(kind)
                AND NOT \(Self.chargedWithRound))
            + (SELECT coalesce(sum(cr.charged), 0)::int FROM roster_reminder_sends cr
                WHERE cr.requested_by = \(account) AND cr.charged IS NOT NULL AND cr.requested_at > \(since)))
            """
    }

    /// Whether `account` may write `charge` more messages now: the hour's cap and the day's roster
    /// allowance both cover them. Takes the account's mail lock (``StoredAdmission``) for the
    /// rest of the transaction, so the round that charges them is recorded before anyone counts.
    static func covers(charge: Int, account: UUID, caps: MailCaps, on connection: Connection) async throws -> Bool {
        let hour = try await StoredAdmission.mailWritten(account: account, on: connection)
        guard hour + charge <= caps.perAccountPerHour else { return false }
        let allowance = try await Self.rosterAllowance(account: account, caps: caps, on: connection)
        return allowance.writtenToday + charge <= allowance.perDay
    }

    /// The account's roster allowance now (the roster's mail page says it).
    public func rosterAllowance(account: UUID, caps: MailCaps) async throws -> RosterAllowance {
        try await self.database.withConnection { try await Self.rosterAllowance(account: account, caps: caps, on: $0) }
    }

    /// Sets (nil: clears, back to the earned allowance) an account's daily roster allowance.
    /// False when no account has `email`.
    public func setRosterAllowance(email: EmailAddress, perDay: Int?) async throws -> Bool {
        try await self.database.execute(
            "UPDATE accounts SET roster_mail_per_day = \(perDay), updated_at = now() WHERE lower(email) = \(email.normalized)") > 0
    }

    /// A message claimed for one attempt.
    public struct Claimed: Sendable {
        public var id: UUID
        public var kind: MailKind
        public var recipient: String
        public var subject: String
        public var text: String
        public var html: String
        public var unsubscribeURL: String?
        public var createdAt: Date
        /// Attempts made before this one.
        public var attempts: Int
    }

    /// What an attempt did, as the delivery service decided it.
    public enum Outcome: Sendable, Equatable {
        case sent(code: Int?, reply: String?)
        case retry(after: Duration, code: Int?, reason: String)
        case giveUp(code: Int?, reason: String)
    }

    /// Claims the oldest due message (`FOR UPDATE SKIP LOCKED`: instances take different rows),
    /// runs `attempt` while holding it, and records the outcome in the same transaction. A crash
    /// during the attempt rolls the claim back: the message is due again and sent again with its
    /// Message-ID (at least once). Roster messages to an address suppressed meanwhile (for their
    /// series or everywhere: `mail_suppressed`) are given up without an attempt. Returns false when nothing was due.
    /// `dueBy` bounds the claim to messages due at that instant (a round that must not pick up the
    /// retries it scheduled itself); `nil` means due now by the database's clock.
    public func withNextDue(dueBy: Date? = nil, _ attempt: (Claimed) async -> Outcome) async throws -> Bool {
        try await self.database.withTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT o.id, o.kind, o.recipient, o.subject, o.text_body, o.html_body, o.unsubscribe_url, o.created_at, o.attempts,
                    (o.kind = ANY(\(MailKind.allCases.filter(\.isRosterMail).map(\.rawValue))::text[])
                        AND mail_suppressed(o.recipient, (SELECT series_id FROM meetings WHERE id = o.meeting_id))) AS unsubscribed,
                    (o.meeting_id IS NOT NULL AND o.account_id IS NOT NULL
                        AND NOT \(SeriesDeliveryGate.allows(maker: "o.account_id", series: "(SELECT series_id FROM meetings WHERE id = o.meeting_id)"))
                    ) AS sender_stopped
                FROM email_outbox o
                WHERE o.sent_at IS NULL AND o.given_up_at IS NULL AND o.next_attempt_at <= LEAST(now(), coalesce(\(dueBy)::timestamptz, now()))
                ORDER BY o.next_attempt_at
                LIMIT 1
                FOR UPDATE OF o SKIP LOCKED
                """)
            guard let row = rows.first else { return false }
            let id: UUID = try row.decode("id")
            if try row.decode("unsubscribed") as Bool {
                try await Self.record(id, .giveUp(code: nil, reason: Self.unsubscribedReason), on: connection)
                return true
            }
            // Mail on a series' behalf follows its sender like every credential that delivers the
            // series (decision 55): queued by an account that may no longer edit the series, it
            // is given up unsent.
            if try row.decode("sender_stopped") as Bool {
                try await Self.record(id, .giveUp(code: nil, reason: Self.senderStoppedReason), on: connection)
                return true
            }
            let kind: String = try row.decode("kind")
            let claimed = Claimed(
                id: id, kind: MailKind(rawValue: kind) ?? .reminder, recipient: try row.decode("recipient"),
                subject: try row.decode("subject"), text: try row.decode("text_body"), html: try row.decode("html_body"),
                unsubscribeURL: try row.decode("unsubscribe_url"), createdAt: try row.decode("created_at"),
                attempts: try row.decode("attempts"))
            try await Self.record(id, await attempt(claimed), on: connection)
            return true
        }
    }

    static let unsubscribedReason = "the recipient unsubscribed"
    static let senderStoppedReason = "its sender may no longer edit the series"

    static func record(_ id: UUID, _ outcome: Outcome, on connection: Connection) async throws {
        switch outcome {
        case .sent(let code, let reply):
            // A reset link's body is a live credential: once sent it need not stay in the database.
            try await connection.execute(
                """
                UPDATE email_outbox SET attempts = attempts + 1, last_attempt_at = now(), sent_at = now(), last_code = \(code),
                    last_error = NULL, last_reply = \(reply.map { String($0.prefix(500)) }),
                    text_body = CASE WHEN kind = 'password_reset' THEN '' ELSE text_body END,
                    html_body = CASE WHEN kind = 'password_reset' THEN '' ELSE html_body END
                WHERE id = \(id)
                """)
        case .retry(let after, let code, let reason):
            try await connection.execute(
                """
                UPDATE email_outbox SET attempts = attempts + 1, last_attempt_at = now(), last_code = \(code),
                    last_error = \(String(reason.prefix(500))), next_attempt_at = now() + make_interval(secs => \(Self.seconds(after)))
                WHERE id = \(id)
                """)
        case .giveUp(let code, let reason):
            // Giving up an unsubscribed member's message, or a stopped sender's, makes no attempt.
            let attempted = code == nil && [Self.unsubscribedReason, Self.senderStoppedReason].contains(reason) ? 0 : 1
            try await connection.execute(
                """
                UPDATE email_outbox SET attempts = attempts + \(attempted), last_attempt_at = now(), last_code = \(code), last_error = \(String(reason.prefix(500))),
                    given_up_at = now(), text_body = CASE WHEN kind = 'password_reset' THEN '' ELSE text_body END,
                    html_body = CASE WHEN kind = 'password_reset' THEN '' ELSE html_body END
                WHERE id = \(id)
                """)
        }
    }

    /// One line of the host's delivery log.
    public struct LogEntry: Sendable, Equatable {
        public enum State: String, Sendable {
            case waiting, sent, gaveUp = "gave_up"
            /// A reminder round of an anonymous session, shown as one line (decision 81).
            case round
        }
        public var id: UUID
        public var kind: MailKind
        public var recipient: String
        public var subject: String
        public var createdAt: Date
        public var attempts: Int
        public var state: State
        public var lastCode: Int?
        public var lastError: String?
        public var nextAttemptAt: Date
        /// A round's line: what it counted against the allowance (its whole set).
        public var charged: Int? = nil
    }

    /// What the delivery log says instead of the recipient of a reminder about an anonymous session.
    public static let unnamedRecipient = "a roster member"
    /// What it says instead of the recipients of an anonymous session's reminder round.
    public static let unnamedRound = "those the link went to who had not answered"

    /// The account's latest messages, newest first. A reminder round of an anonymous session is
    /// one line — when it started, the session's title, what it was charged — never its messages:
    /// how many there were, to which address, when each was written and how each delivery went
    /// would tell who had not answered (decision 81). A reminder about an anonymous session
    /// written before rounds were charged shows "a roster member" without its address or its
    /// server's error text (decision 77).
    public func log(account: UUID, limit: Int = 100) async throws -> [LogEntry] {
        try await self.database.query(
            """
            SELECT id, kind, CASE WHEN hidden THEN \(Self.unnamedRecipient) ELSE recipient END AS recipient, subject, created_at,
                attempts, last_code, CASE WHEN hidden THEN NULL ELSE last_error END AS last_error, next_attempt_at, state, charged
            FROM (
                SELECT o.id, o.kind, o.recipient, o.subject, o.created_at, o.attempts, o.last_code, o.last_error, o.next_attempt_at,
                    NULL::int AS charged,
                    (o.kind = \(MailKind.reminder.rawValue) AND EXISTS (
                        SELECT 1 FROM forms f WHERE f.meeting_id = o.meeting_id AND coalesce((f.definition ->> 'anonymous')::boolean, true)
                    )) AS hidden,
                    CASE WHEN sent_at IS NOT NULL THEN 'sent' WHEN given_up_at IS NOT NULL THEN 'gave_up' ELSE 'waiting' END AS state
                FROM email_outbox o WHERE o.account_id = \(account) AND NOT \(Self.chargedWithRound)
                UNION ALL
                SELECT cr.id, \(MailKind.reminder.rawValue), \(Self.unnamedRound), m.title, cr.requested_at, 0, NULL, NULL, cr.requested_at,
                    cr.charged, false, 'round'
                FROM roster_reminder_sends cr JOIN meetings m ON m.id = cr.meeting_id
                WHERE cr.requested_by = \(account) AND cr.charged IS NOT NULL
            ) latest ORDER BY created_at DESC, id LIMIT \(limit)
            """
        ).map { row in
            LogEntry(
                id: try row.decode("id"), kind: MailKind(rawValue: try row.decode("kind")) ?? .reminder,
                recipient: try row.decode("recipient"), subject: try row.decode("subject"), createdAt: try row.decode("created_at"),
                attempts: try row.decode("attempts"), state: LogEntry.State(rawValue: try row.decode("state")) ?? .waiting,
                lastCode: try row.decode("last_code"), lastError: try row.decode("last_error"), nextAttemptAt: try row.decode("next_attempt_at"),
                charged: try row.decode("charged"))
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
