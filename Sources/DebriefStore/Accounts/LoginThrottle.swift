import Debrief
import Foundation
import PQ

/// Slows password guessing: too many failed logins for one email, or from one client address,
/// within a window are refused with a retry time. Kept in the database so every instance agrees.
public struct LoginThrottle: Sendable {
    public struct Policy: Sendable {
        public var window: Duration
        public var failuresPerEmail: Int
        public var failuresPerClient: Int

        public init(window: Duration = .seconds(900), failuresPerEmail: Int = 5, failuresPerClient: Int = 30) {
            self.window = window
            self.failuresPerEmail = failuresPerEmail
            self.failuresPerClient = failuresPerClient
        }
    }

    let database: Database
    let policy: Policy

    public init(database: Database, policy: Policy = Policy()) {
        self.database = database
        self.policy = policy
    }

    /// Throws `rateLimited` (with seconds to wait) when this email or client is over its limit.
    public func check(email: EmailAddress, client: String) async throws {
        let window = Int(self.policy.window.components.seconds)
        for (key, limit) in [(Self.key(email: email), self.policy.failuresPerEmail), (Self.key(client: client), self.policy.failuresPerClient)] {
            // The limit-th newest failure decides: once it leaves the window, one more try is allowed.
            let rows = try await self.database.query(
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
    }

    public func recordFailure(email: EmailAddress, client: String) async throws {
        try await self.database.withTransaction { connection in
            try await connection.execute(
                "INSERT INTO login_failures (throttle_key) VALUES (\(Self.key(email: email))), (\(Self.key(client: client)))")
            // Keep the table small: failures older than a day no longer matter to any policy.
            try await connection.execute("DELETE FROM login_failures WHERE failed_at < now() - interval '1 day'")
        }
    }

    /// A successful login forgives the email's earlier failures (not the client's).
    public func recordSuccess(email: EmailAddress) async throws {
        try await self.database.execute("DELETE FROM login_failures WHERE throttle_key = \(Self.key(email: email))")
    }

    static func key(email: EmailAddress) -> String { "email:" + email.normalized }
    static func key(client: String) -> String { "client:" + client }
}
