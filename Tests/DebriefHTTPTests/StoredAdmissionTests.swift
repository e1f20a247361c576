import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The database-backed caps have one owner, `StoredAdmission` (docs/decisions/0067): a refused
/// request is told how long until the oldest counted one leaves the window.
@Suite("Caps counted in the database answer the wait they mean")
struct StoredAdmissionTests {
    /// Failed before decision 67: a refused password reset request said 3,600 s (a hard-coded
    /// hour) even when the hour's requests were 40 minutes old and room came back in 20.
    @Test func aRefusedResetRequestWaitsUntilTheOldestRequestLeavesTheHour() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4))
            let resets = PasswordResetStore(database: database, accounts: accounts)
            let client = "203.0.113.9"
            let limits = PasswordResetStore.Limits(perClientPerHour: 2, perAccountPerHour: 3)
            func request() async throws {
                _ = try await resets.request(
                    email: try EmailAddress(parsing: "nobody@example.com"), client: client, limits: limits, mailCap: 100
                ) { token in
                    OutgoingMail(accountID: nil, kind: .passwordReset, recipient: "nobody@example.com", subject: "Reset", text: token, html: "")
                }
            }
            try await request()
            try await request()
            try await database.execute(
                "UPDATE password_reset_requests SET requested_at = now() - make_interval(mins => 40) WHERE client = \(client)")
            let refused = try await #require(throws: DebriefError.self) { try await request() }
            #expect(refused.code == .rateLimited)
            let wait = try #require(refused.retryAfterSeconds)
            #expect(wait > 0 && wait <= 20 * 60, "waits \(wait) s")
        }
    }

    /// The login throttle asks the same owner: at the limit, the wait is until the limit-th newest
    /// failure leaves the window; a success takes its reservation back.
    @Test func theLoginThrottleCountsThroughTheOwner() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let throttle = LoginThrottle(database: database, policy: .init(window: .seconds(900), failuresPerEmail: 2, failuresPerClient: 30))
            let email = try EmailAddress(parsing: "guess@example.com")
            _ = try await throttle.reserve(email: email, client: "198.51.100.7")
            let second = try await throttle.reserve(email: email, client: "198.51.100.7")
            let refused = try await #require(throws: DebriefError.self) {
                _ = try await throttle.reserve(email: email, client: "198.51.100.7")
            }
            #expect(refused.code == .rateLimited)
            #expect((refused.retryAfterSeconds ?? 0) > 0 && (refused.retryAfterSeconds ?? 0) <= 900)
            try await throttle.recordSuccess(second)
            _ = try await throttle.reserve(email: email, client: "198.51.100.7")
        }
    }
}
