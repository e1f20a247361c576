import Debrief
import Foundation
import PQ

/// Slows password guessing: too many failed logins for one email, or from one client address,
/// within a window are refused with a retry time. Counted by ``StoredAdmission`` (the one owner of
/// the database-backed caps), so every instance agrees; this type holds the policy.
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
            signUpsPerClient: Int = 10, signUpWindow: Duration = StoredAdmission.hour
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
        let caps = [
            StoredAdmission.Cap(key: Self.key(email: email), limit: self.policy.failuresPerEmail, window: self.policy.window),
            StoredAdmission.Cap(key: Self.key(client: client), limit: self.policy.failuresPerClient, window: self.policy.window),
        ]
        return try await self.database.withTransaction { connection in
            // Always in the same order (email, then client), so two attempts cannot deadlock.
            for cap in caps {
                try await StoredAdmission.check(cap, "too many failed logins; try again later", on: connection)
            }
            let at = try await StoredAdmission.record(caps.map(\.key), on: connection)
            return Reservation(emailKey: caps[0].key, clientKey: caps[1].key, at: at)
        }
    }

    /// A successful login takes its reservation back and forgives the email's earlier failures
    /// (not the client's).
    public func recordSuccess(_ reservation: Reservation) async throws {
        try await self.database.withTransaction { connection in
            try await StoredAdmission.forget(reservation.emailKey, on: connection)
            try await StoredAdmission.takeBack(reservation.clientKey, at: reservation.at, on: connection)
        }
    }

    /// Counts a sign-up against `client`, or throws `rateLimited` when the address made
    /// ``Policy/signUpsPerClient`` sign-ups within ``Policy/signUpWindow``: sign-ups hash a
    /// password each, so an unthrottled burst is both account spam and a drain on hashing.
    public func reserveSignUp(client: String) async throws {
        let cap = StoredAdmission.Cap(key: "signup:" + client, limit: self.policy.signUpsPerClient, window: self.policy.signUpWindow)
        try await self.database.withTransaction { connection in
            try await StoredAdmission.check(cap, "too many sign-ups from this address; try again later", on: connection)
            try await StoredAdmission.record([cap.key], on: connection)
        }
    }

    static func key(email: EmailAddress) -> String { "email:" + email.normalized }
    static func key(client: String) -> String { "client:" + client }
}
