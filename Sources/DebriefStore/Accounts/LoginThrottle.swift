import Debrief
import Foundation
import PQ

/// Slows password guessing: too many failed logins for one email, or from one client address,
/// within a window are refused with a retry time. Kept in the database so every instance agrees.
///
/// An attempt is *reserved* before its password is checked (``reserve(email:client:)``): under
/// a transaction-scoped advisory lock per key, the failures in the window are counted and, when
/// there is room, the attempt is written as a failure at once. Parallel attempts for one email
/// therefore queue on the lock and see each other, so no more than the limit are ever checked
/// (checking first and recording after bcrypt let 16 parallel guesses through a limit of 5). A
/// successful login then takes its reservation back (``recordSuccess(_:)``).
public struct LoginThrottle: Sendable {
    public struct Policy: Sendable {
        public var window: Duration
        public var failuresPerEmail: Int
        public var failuresPerClient: Int

        /// Sign-ups from one client address within ``signUpWindow``.
        public var signUpsPerClient: Int
        public var signUpWindow: Duration

        public init(
            window: Duration = .seconds(900), failuresPerEmail: Int = 5, failuresPerClient: Int = 30,
            signUpsPerClient: Int = 10, signUpWindow: Duration = .seconds(3600)
        ) {
            self.window = window
            self.failuresPerEmail = failuresPerEmail
            self.failuresPerClient = failuresPerClient
            self.signUpsPerClient = signUpsPerClient
            self.signUpWindow = signUpWindow
        }
    }

    /// An attempt counted against its email and client until it succeeds.
    public struct Reservation: Sendable {
        let emailKey: String
        let clientKey: String
        /// The reservation's `failed_at`, as PostgreSQL prints it (exact, unlike a `Date`).
        let at: String
    }

    let database: Database
    let policy: Policy

    public init(database: Database, policy: Policy = Policy()) {
        self.database = database
        self.policy = policy
    }

    /// Counts this attempt against `email` and `client`, or throws `rateLimited` (with seconds to
    /// wait) when either is at its limit; then nothing is recorded.
    public func reserve(email: EmailAddress, client: String) async throws -> Reservation {
        let window = Int(self.policy.window.components.seconds)
        let keys = [(Self.key(email: email), self.policy.failuresPerEmail), (Self.key(client: client), self.policy.failuresPerClient)]
        return try await self.database.withTransaction { connection in
            // Always in the same order (email, then client), so two attempts cannot deadlock.
            for (key, limit) in keys {
                try await connection.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
                // The limit-th newest failure decides: once it leaves the window, one more try is allowed.
                let rows = try await connection.query(
                    """
                    SELECT ceil(extract(epoch FROM failed_at + make_interval(secs => \(window)) - now()))::int8 AS wait
                    FROM login_failures
                    WHERE throttle_key = \(key) AND failed_at > now() - make_interval(secs => \(window))
                    ORDER BY failed_at DESC OFFSET \(limit - 1) LIMIT 1
                    """)
                if let wait: Int = try rows.first?.decode("wait") {
                    throw DebriefError(.rateLimited, "too many failed logins; try again later", retryAfterSeconds: max(1, wait))
                }
            }
            let at: String = try await connection.query(
                "INSERT INTO login_failures (throttle_key) VALUES (\(keys[0].0)), (\(keys[1].0)) RETURNING failed_at::text AS at"
            ).single().decode("at")
            // Keep the table small: failures older than a day no longer matter to any policy.
            try await connection.execute("DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'")
            return Reservation(emailKey: keys[0].0, clientKey: keys[1].0, at: at)
        }
    }

    /// A successful login takes its reservation back and forgives the email's earlier failures
    /// (not the client's).
    public func recordSuccess(_ reservation: Reservation) async throws {
        try await self.database.withTransaction { connection in
            try await connection.execute("DELETE FROM login_failures WHERE throttle_key = \(reservation.emailKey)")
            try await connection.execute(
                """
                DELETE FROM login_failures WHERE ctid = (
                    SELECT ctid FROM login_failures
                    WHERE throttle_key = \(reservation.clientKey) AND failed_at = \(reservation.at)::timestamptz LIMIT 1)
                """)
        }
    }

    /// Counts a sign-up against `client`, or throws `rateLimited` when the address made
    /// ``Policy/signUpsPerClient`` sign-ups within ``Policy/signUpWindow``: sign-ups hash a
    /// password each, so an unthrottled burst is both account spam and a drain on hashing.
    public func reserveSignUp(client: String) async throws {
        let window = Int(self.policy.signUpWindow.components.seconds)
        let key = "signup:" + client
        try await self.database.withTransaction { connection in
            try await connection.execute("SELECT pg_advisory_xact_lock(hashtextextended(\(key), 0))")
            let rows = try await connection.query(
                """
                SELECT ceil(extract(epoch FROM failed_at + make_interval(secs => \(window)) - now()))::int8 AS wait
                FROM login_failures
                WHERE throttle_key = \(key) AND failed_at > now() - make_interval(secs => \(window))
                ORDER BY failed_at DESC OFFSET \(self.policy.signUpsPerClient - 1) LIMIT 1
                """)
            if let wait: Int = try rows.first?.decode("wait") {
                throw DebriefError(.rateLimited, "too many sign-ups from this address; try again later", retryAfterSeconds: max(1, wait))
            }
            try await connection.execute("INSERT INTO login_failures (throttle_key) VALUES (\(key))")
        }
    }

    static func key(email: EmailAddress) -> String { "email:" + email.normalized }
    static func key(client: String) -> String { "client:" + client }
}
