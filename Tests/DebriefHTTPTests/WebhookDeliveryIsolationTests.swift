@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Synchronization
import Testing

/// Deliveries are isolated per endpoint and per account: one host's tarpit endpoints hold at
/// most their account's share of the senders, and nothing waits for them; an account's
/// endpoints and waiting redeliveries are capped.
@Suite("Webhooks: fair delivery")
struct WebhookDeliveryIsolationTests {
    /// Holds every request to the tarpit host until the test opens it; answers the others at once.
    final class TarpitSender: WebhookSender {
        let held = Mutex(0)
        let delivered = Mutex<[String]>([])
        let gate: AsyncStream<Void>
        let open: AsyncStream<Void>.Continuation

        init() {
            (self.gate, self.open) = AsyncStream.makeStream()
        }

        func refusal(of url: URL) -> String? { nil }

        func send(_ request: WebhookRequest) async -> WebhookSendResult {
            if request.url.host == "tarpit.example" {
                self.held.withLock { $0 += 1 }
                for await _ in self.gate {}
                self.held.withLock { $0 -= 1 }
                return WebhookSendResult(statusCode: nil, error: "timed out", duration: .seconds(10))
            }
            self.delivered.withLock { $0.append(request.url.host ?? "") }
            return WebhookSendResult(statusCode: 204, error: nil, duration: .zero)
        }
    }

    static func host(_ database: Database, _ name: String) async throws -> Viewer {
        let account = try await AccountStore(database: database, hasher: PasswordHasher(cost: 4)).create(
            SignUp(email: try EmailAddress(parsing: "\(name)@example.com"), password: "correct horse battery", displayName: name))
        return Viewer(accountID: account.id, role: .host)
    }

    static func endpoint(_ store: WebhookEndpointStore, _ url: String, by viewer: Viewer, cap: Int = 1000) async throws -> UUID {
        let draft = WebhookEndpointDraft(url: try #require(URL(string: url)), events: [.formPublished], seriesID: nil)
        return try await store.create(draft, by: viewer, cap: cap).endpoint.id
    }

    /// Seen: one host's 40 endpoints at a tarpit delayed every other host's deliveries from 0.3 s
    /// to 48.8 s (each round of 8 waited for its slowest member). Here host A's twelve tarpit
    /// deliveries are due first; host B's delivery completes while A's tarpit still holds every
    /// request it was sent.
    @Test func aTarpitOfOneHostDoesNotHoldUpAnotherHostsDelivery() async throws {
        try await TestDatabase.withMigrated { database in
            let secrets = WebhookSecrets(keys: ServerKeys(database: database))
            let store = WebhookEndpointStore(database: database, secrets: secrets)
            let (a, b) = (try await Self.host(database, "tarpit-host"), try await Self.host(database, "other-host"))
            for index in 0..<12 { _ = try await Self.endpoint(store, "https://tarpit.example/hook-\(index)", by: a) }
            let fast = try await Self.endpoint(store, "https://fast.example/hook", by: b)
            // One delivery per endpoint; A's became due a minute before B's.
            try await database.execute(
                """
                INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data, next_attempt_at)
                SELECT e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'form.published', '{}'::jsonb,
                    CASE WHEN e.id = \(fast) THEN now() ELSE now() - interval '1 minute' END
                FROM webhook_endpoints e
                """)
            let sender = TarpitSender()
            var settings = WebhookSettings()
            settings.concurrency = 8
            settings.pollInterval = .milliseconds(50)
            let service = WebhookDeliveryService(
                queue: WebhookQueue(database: database, secrets: secrets), sender: sender, settings: settings,
                summary: { _ in nil }, logger: TestDatabase.logger)
            let running = Task { try await service.run() }

            var deliveredToB = false
            // Waited for until A's tarpit also holds all the requests A's share allows (its tasks may
            // start after B's on a busy machine); two minutes at most, only to end a broken run.
            let share = settings.perAccountConcurrency
            let full = { sender.held.withLock { $0 } >= share }
            for _ in 0..<2_400 where !deliveredToB || !full() {
                deliveredToB = sender.delivered.withLock { $0 } == ["fast.example"]
                if !deliveredToB || !full() { try await Task.sleep(for: .milliseconds(50)) }
            }
            // B's delivery went out and was recorded while A's tarpit held its requests.
            #expect(deliveredToB)
            let held = sender.held.withLock { $0 }
            #expect(held >= 1 && held <= settings.perAccountConcurrency, "\(held) tarpit requests held")
            var recorded: Date?
            for _ in 0..<2_400 where recorded == nil {
                recorded = try await database.query(
                    "SELECT delivered_at FROM webhook_deliveries WHERE endpoint_id = \(fast)").single().decode("delivered_at")
                if recorded == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(recorded != nil, "B's delivery was not recorded delivered")
            #expect(sender.held.withLock { $0 } == held, "the tarpit still holds what it held")
            sender.open.finish()
            running.cancel()
            _ = await running.result
        }
    }

    /// An account may register `cap` endpoints (a 422 at `url` naming the cap after that), and
    /// "send again" queues at most `cap` waiting redeliveries per endpoint (then 409).
    @Test func endpointsAndWaitingRedeliveriesAreCapped() async throws {
        try await TestDatabase.withMigrated { database in
            let store = WebhookEndpointStore(database: database, secrets: WebhookSecrets(keys: ServerKeys(database: database)))
            let host = try await Self.host(database, "capped-host")
            let first = try await Self.endpoint(store, "https://hooks.example/one", by: host, cap: 2)
            _ = try await Self.endpoint(store, "https://hooks.example/two", by: host, cap: 2)
            do {
                _ = try await Self.endpoint(store, "https://hooks.example/three", by: host, cap: 2)
                Issue.record("a third endpoint was registered past the cap of 2")
            } catch let failure as ValidationFailure {
                #expect(failure.problems.map(\.path) == ["url"])
                #expect(failure.problems.first?.message.contains("at most 2") == true, "\(failure.problems)")
            }
            let delivery: UUID = try await database.query(
                """
                INSERT INTO webhook_deliveries (endpoint_id, message_id, event, data)
                VALUES (\(first), 'msg_0', 'form.published', '{}'::jsonb) RETURNING id
                """
            ).single().decode("id")
            for _ in 0..<3 { _ = try await store.redeliver(delivery, of: first, by: host, cap: 3) }
            do {
                _ = try await store.redeliver(delivery, of: first, by: host, cap: 3)
                Issue.record("a fourth redelivery was queued past the cap of 3")
            } catch let error as DebriefError {
                #expect(error.code == .conflict && error.message.contains("at most 3"), "\(error)")
            }
        }
    }
}
