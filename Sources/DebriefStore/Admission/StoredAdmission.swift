import Debrief
import Foundation
import PQ

/// The database-backed half of admission (docs/decisions/0067): every cap per account or per
/// client address that all instances must agree on — failed logins, sign-ups, password reset
/// requests and links, mail per account — is counted here, in one way: under a
/// transaction-scoped lock per key, the events of the key within the cap's window are counted in
/// the transaction that records the next one, so instances asking at once cannot pass a cap
/// together. The in-memory half (rates, slots) is `Admission` in DebriefHTTP.
/// `scripts/check-layers` (rule 20) refuses a cap's table or a hard-coded window elsewhere.
public enum StoredAdmission {
    /// At most `limit` events of `key` within `window`.
    public struct Cap: Sendable, Equatable {
        public var key: String
        public var limit: Int
        public var window: Duration

        public init(key: String, limit: Int, window: Duration) {
            self.key = key
            self.limit = max(1, limit)
            self.window = window
        }
    }

    /// The window of the hourly caps (reset requests and links, mail, address confirmations).
    public static let hour: Duration = .seconds(3600)
    /// How long a recorded event is kept: longer than any cap's window.
    static let keep: Duration = .seconds(86_400)

    /// The SQL instant `window` ago.
    public static func since(_ window: Duration) -> SQLQuery {
        "(now() - make_interval(secs => \(Int(window.components.seconds))))"
    }

    /// Serializes the counting of `key` for the rest of the transaction.
    public static func lock(_ key: String, on connection: Connection) async throws {
        try await connection.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
    }

    // MARK: - Events (failed logins, sign-ups, reset requests)

    /// Locks the cap's key and returns the seconds until one more event is allowed, or nil when
    /// there is room now: the limit-th newest event decides, once it leaves the window.
    static func wait(_ cap: Cap, on connection: Connection) async throws -> Int? {
        try await Self.lock(cap.key, on: connection)
        let window = Int(cap.window.components.seconds)
        let rows = try await connection.query(
            """
            SELECT ceil(extract(epoch FROM failed_at + make_interval(secs => \(window)) - now()))::int8 AS wait
            FROM login_failures
            WHERE throttle_key = \(cap.key) AND failed_at > now() - make_interval(secs => \(window))
            ORDER BY failed_at DESC OFFSET \(cap.limit - 1) LIMIT 1
            """)
        guard let wait: Int = try rows.first?.decode("wait") else { return nil }
        return max(1, wait)
    }

    /// Throws `rateLimited` with `message` and the seconds to wait when `cap` is used up (after
    /// locking its key); then nothing is recorded.
    static func check(_ cap: Cap, _ message: String, on connection: Connection) async throws {
        if let wait = try await Self.wait(cap, on: connection) {
            throw DebriefError(.rateLimited, message, retryAfterSeconds: wait)
        }
    }

    /// Records one event of each key and returns its time as PostgreSQL prints it (exact, unlike
    /// a `Date`), for ``takeBack(_:at:on:)``; events older than any window are dropped.
    @discardableResult
    static func record(_ keys: [String], on connection: Connection) async throws -> String {
        var at = ""
        for key in keys {
            at = try await connection.query(
                "INSERT INTO login_failures (throttle_key) VALUES (\(key)) RETURNING failed_at::text AS at"
            ).single().decode("at")
        }
        try await connection.execute("DELETE FROM login_failures WHERE failed_at < \(Self.since(Self.keep))")
        return at
    }

    /// Forgets every event of `key` (a successful login forgives its email's failures).
    static func forget(_ key: String, on connection: Connection) async throws {
        try await connection.execute("DELETE FROM login_failures WHERE throttle_key = \(key)")
    }

    /// Takes back the one event of `key` recorded at `at` (a reservation that succeeded).
    static func takeBack(_ key: String, at: String, on connection: Connection) async throws {
        try await connection.execute(
            """
            DELETE FROM login_failures WHERE ctid = (
                SELECT ctid FROM login_failures WHERE throttle_key = \(key) AND failed_at = \(at)::timestamptz LIMIT 1)
            """)
    }

    // MARK: - Password reset requests, per client address

    /// Locks the client's requests and throws `rateLimited`, with the seconds until the oldest
    /// counted request leaves the hour, when `limit` were made within it; else records this one.
    static func resetRequest(client: String, limit: Int, on connection: Connection) async throws {
        try await Self.lock("reset " + client, on: connection)
        let rows = try await connection.query(
            """
            SELECT ceil(extract(epoch FROM requested_at + make_interval(secs => \(Int(Self.hour.components.seconds))) - now()))::int8 AS wait
            FROM password_reset_requests
            WHERE client = \(client) AND requested_at > \(Self.since(Self.hour))
            ORDER BY requested_at DESC OFFSET \(max(1, limit) - 1) LIMIT 1
            """)
        if let wait: Int = try rows.first?.decode("wait") {
            throw DebriefError(
                .rateLimited, "too many password reset requests from this address; try again later", retryAfterSeconds: max(1, wait))
        }
        try await connection.execute("INSERT INTO password_reset_requests (client) VALUES (\(client))")
    }

    // MARK: - Counts of rows other tables keep

    /// Password reset links made for `account` within the hour.
    static func resetLinksMade(account: UUID, on connection: Connection) async throws -> Int {
        try await connection.query(
            "SELECT count(*)::int AS n FROM password_resets WHERE account_id = \(account) AND created_at > \(Self.since(Self.hour))"
        ).single().decode("n")
    }

    /// Address confirmation links made for `account` within the hour (after locking the account's
    /// requests); throws `rateLimited` when `limit` were.
    static func addressProofLink(account: UUID, limit: Int, on connection: Connection) async throws {
        try await Self.lock("address proof " + account.uuidString, on: connection)
        let rows = try await connection.query(
            """
            SELECT ceil(extract(epoch FROM created_at + make_interval(secs => \(Int(Self.hour.components.seconds))) - now()))::int8 AS wait
            FROM email_verifications
            WHERE account_id = \(account) AND created_at > \(Self.since(Self.hour))
            ORDER BY created_at DESC OFFSET \(max(1, limit) - 1) LIMIT 1
            """)
        if let wait: Int = try rows.first?.decode("wait") {
            throw DebriefError(.rateLimited, "a confirmation link was sent a moment ago; try again later", retryAfterSeconds: max(1, wait))
        }
    }

    /// The refusal when an account's hourly mail cap is used up (no link is made without its message).
    static let mailOverCap = DebriefError(
        .rateLimited, "this account has sent too much mail this hour; try again later",
        retryAfterSeconds: Int(StoredAdmission.hour.components.seconds))

    /// Messages `account` wrote to the outbox within the hour (after locking the account's mail).
    static func mailWritten(account: UUID, on connection: Connection) async throws -> Int {
        try await Self.lock("mail " + account.uuidString, on: connection)
        return try await connection.query(
            // A charged reminder round counts as its charge (MailOutbox.counted, decision 81).
            "SELECT \(MailOutbox.counted(account: account, since: Self.since(Self.hour))) AS n"
        ).single().decode("n")
    }
}
