@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import InMemoryTracing
import PQ
import Synchronization
import Testing
import Tracing

/// A password reset request does the same work whether or not its address has an account
/// (issue 47, LOW: known addresses took 7.6–10.4 ms, unknown ones 6.0–6.9 ms). Counted, not
/// timed: the database statements each request runs (their traced spans, in order) and the
/// messages composed must be the same for both.
@Suite("Password reset: the same work for every address")
struct PasswordResetSameWorkTests {
    /// The statements one request ran, by their span names, in the order they started.
    static func statements(of work: () async throws -> Void) async throws -> [String] {
        let recorder = TracingTests.recorder
        var marked = InstrumentationContext.topLevel
        marked[RecordedByTest.self] = true
        let label = "reset-\(UUID().uuidString)"
        try await InstrumentationContext.$current.withValue(marked) {
            try await withSpan(label) { _ in try await work() }
        }
        let spans = recorder.finishedSpans
        let root = try #require(spans.first { $0.operationName == label })
        return spans.filter { $0.traceID == root.traceID && $0.operationName != label }
            .sorted { $0.startInstant.nanosecondsSinceEpoch < $1.startInstant.nanosecondsSinceEpoch }
            .map(\.operationName)
    }

    /// Failed before the fix: an unknown address stopped after looking the account up (6
    /// statements against 11, `BEGIN` and `COMMIT` included, and no message composed).
    @Test func aKnownAndAnUnknownAddressRunTheSameStatements() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let hasher = PasswordHasher(cost: 4)
            let accounts = AccountStore(database: database, hasher: hasher)
            _ = try await accounts.create(
                SignUp(email: try EmailAddress(parsing: "known@example.com"), password: "correct horse battery", displayName: "Known"))
            let resets = PasswordResetStore(database: database, accounts: accounts)
            let composed = Mutex(0)
            func request(_ address: String, client: String) async throws -> Bool {
                try await resets.request(
                    email: try EmailAddress(parsing: address), client: client, limits: .init(), mailCap: 100
                ) { token in
                    composed.withLock { $0 += 1 }
                    return OutgoingMail(
                        accountID: nil, kind: .passwordReset, recipient: address, subject: "Reset", text: "link \(token)", html: "<p>link</p>")
                }
            }
            var sent = false
            let known = try await Self.statements { sent = try await request("known@example.com", client: "198.51.100.1") }
            #expect(sent)
            var unknownSent = true
            let unknown = try await Self.statements { unknownSent = try await request("nobody@example.com", client: "198.51.100.2") }
            #expect(!unknownSent)
            #expect(known.count >= 8, "\(known)")
            #expect(known == unknown, "known: \(known)\nunknown: \(unknown)")
            #expect(composed.withLock { $0 } == 2, "a message is composed for both")
            // Only the known address has a link and a message.
            let rows = try await database.query(
                "SELECT (SELECT count(*) FROM password_resets)::int AS links, (SELECT count(*) FROM email_outbox)::int AS mails"
            ).single()
            #expect(try rows.decode("links", as: Int.self) == 1)
            #expect(try rows.decode("mails", as: Int.self) == 1)
            await hasher.shutdown()
        }
    }
}
