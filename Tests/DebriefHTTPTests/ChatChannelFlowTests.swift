@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Synchronization
import Testing

/// A series' team chat channel through the API and the outbox (issue 35): the URL's shape is
/// checked with the field named; a close queues one digest, which the delivery service renders
/// and posts; a revoked webhook (Slack's 404) disables the channel with the reason; a 5xx is
/// retried; only those who may edit the series reach the channel.
@Suite("Chat channels: API and lifecycle", .serialized)
struct ChatChannelFlowTests {
    static let slackURL = "https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnop"
    static let teamsURL = "https://contoso.webhook.office.com/webhookb2/a1b2c3/IncomingWebhook/d4e5f6/g7h8"

    /// Answers every request with `status` and keeps the bodies.
    final class ChatReceiver: WebhookSender {
        let status = Mutex(200)
        let bodies = Mutex<[String]>([])

        func refusal(of url: URL) -> String? { nil }

        func send(_ request: WebhookRequest) async -> WebhookSendResult {
            self.bodies.withLock { $0.append(String(decoding: request.body, as: UTF8.self)) }
            let status = self.status.withLock { $0 }
            return WebhookSendResult(
                statusCode: status, error: (200..<300).contains(status) ? nil : "HTTP \(status): no_service", duration: .zero)
        }
    }

    /// The app's own delivery worker waits an hour between looks, so the test's `deliverDue()`
    /// is the one that sends (on a busy machine the worker's one-second poll came first).
    static func quietWorker() -> AppConfiguration {
        var configuration = ParticipantAPI.configuration()
        configuration.webhooks.pollInterval = .seconds(3600)
        return configuration
    }

    static func service(_ database: Database, _ receiver: ChatReceiver) -> WebhookDeliveryService {
        let secrets = WebhookSecrets(keys: ServerKeys(database: database))
        let renderer = ChatDigestRenderer(
            results: ResultsActions(results: ResultsStore(database: database)), meetings: MeetingStore(database: database),
            accounts: AccountStore(database: database, hasher: PasswordHasher(cost: 4)), publicBaseURL: "https://debrief.example")
        return WebhookDeliveryService(
            queue: WebhookQueue(database: database, secrets: secrets), sender: receiver, settings: WebhookSettings(),
            summary: { _ in nil }, chat: { try await renderer.payload($0) }, logger: TestDatabase.logger)
    }

    static func digests(_ database: Database) async throws -> [String] {
        try await database.query("SELECT coalesce(digest_key, '') AS k FROM webhook_deliveries ORDER BY seq").map { try $0.decode("k") }
    }

    @Test func theURLIsCheckedByShapeWithTheFieldNamed() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let path = "/v1/series/\(fixture.seriesID)/chat-channel"
            let cases: [([String: Any], String)] = [
                (["url": "https://example.com/hook"], "url: must be a Slack incoming webhook"),
                (["url": "http://hooks.slack.com/services/T/B/x"], "url: must be a Slack incoming webhook"),
                (["url": "https://hooks.slack.com/workflows"], "url: must be a Slack incoming webhook"),
                ([:], "url: is required"),
                (["url": Self.slackURL, "kind": "teams"], "kind: is teams but the URL is a Slack webhook"),
                (["url": Self.slackURL, "kind": "discord"], "kind: must be one of slack, teams"),
                (["url": Self.slackURL, "language": "fr"], "language: must be one of en, ko"),
            ]
            for (body, expected) in cases {
                let reply = try await api.send(.put, path, token: fixture.hostToken, json: body)
                #expect(reply.status == .unprocessableContent, "\(body): \(reply.text)")
                #expect(reply.problemPaths.contains { $0.hasPrefix(expected) }, "\(body): \(reply.problemPaths)")
            }
            let slack = try await api.send(.put, path, token: fixture.hostToken, json: ["url": Self.slackURL])
            #expect(slack.status == .ok && slack.string("kind") == "slack" && slack.string("state") == "active", "\(slack.text)")
            // Teams' workflow URL, detected too; the channel is changed, not doubled.
            let teams = try await api.send(
                .put, path, token: fixture.hostToken,
                json: ["url": "https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x", "language": "ko"])
            #expect(teams.status == .ok && teams.string("kind") == "teams" && teams.string("language") == "ko", "\(teams.text)")
            #expect(teams.string("id") == slack.string("id"))
            // Not a Standard Webhooks endpoint: the webhooks list does not show it.
            let list = try await api.send(.get, "/v1/webhooks", token: fixture.hostToken).json
            #expect((list?["items"] as? [Any])?.isEmpty == true)
        }
    }

    /// A close queues one digest, and the sweep of scheduled closes seeing the same form queues
    /// no second one (the digest key); the service renders it from the report and posts it; the
    /// log shows it delivered.
    @Test func aCloseQueuesOneDigestWhichIsDelivered() async throws {
        try await ParticipantAPI.run(configuration: Self.quietWorker()) { api, database in
            let fixture = try await api.publish()
            let put = try await api.send(
                .put, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken, json: ["url": Self.slackURL])
            try #require(put.status == .ok, "\(put.text)")
            for rating in [3, 4, 5] {
                let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: rating)])
                try #require(reply.status == .created, "\(reply.text)")
            }
            try #require(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", token: fixture.hostToken).status == .ok)
            let store = ChatChannelStore(database: database, secrets: WebhookSecrets(keys: ServerKeys(database: database)))
            // The sweep sees the same close: still one digest.
            let meetingID = try #require(UUID(uuidString: fixture.meetingID))
            try await database.execute("UPDATE forms SET closes_at = now() - interval '1 minute' WHERE meeting_id = \(meetingID)")
            _ = try await store.queueDue()
            let keys = try await Self.digests(database)
            #expect(keys.count == 1 && keys.allSatisfy { $0.hasPrefix("closed:") }, "\(keys)")

            let receiver = ChatReceiver()
            #expect(try await Self.service(database, receiver).deliverDue() == 1)
            let body = try #require(receiver.bodies.withLock { $0.first })
            let message = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            let blocks = message["blocks"] as? [[String: Any]] ?? []
            #expect(blocks.first?["type"] as? String == "header")
            #expect(body.contains("Results: Retro 회고") && body.contains("3 responses") && body.contains("How useful?"))
            #expect(body.contains("Mean 4 on 1–5") && body.contains("https://debrief.example/m/\(fixture.meetingID)"))
            let channel = try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken).json
            let deliveries = channel?["deliveries"] as? [[String: Any]] ?? []
            #expect(deliveries.count == 1 && deliveries.first?["status"] as? String == "delivered", "\(deliveries)")
        }
    }

    /// Slack's 404 for a removed webhook disables the channel at once with the reason shown to
    /// the host; a test message is then refused until the URL is pasted again, which turns it back on.
    @Test func aRevokedWebhookDisablesTheChannelWithTheReason() async throws {
        try await ParticipantAPI.run(configuration: Self.quietWorker()) { api, database in
            let fixture = try await api.publish()
            let path = "/v1/series/\(fixture.seriesID)/chat-channel"
            try #require(try await api.send(.put, path, token: fixture.hostToken, json: ["url": Self.slackURL]).status == .ok)
            let test = try await api.send(.post, path + "/test", token: fixture.hostToken)
            #expect(test.status == .accepted, "\(test.text)")
            let receiver = ChatReceiver()
            receiver.status.withLock { $0 = 503 }
            let service = Self.service(database, receiver)
            #expect(try await service.deliverDue() == 1)
            // A 5xx is retried: failing, not disabled.
            var channel = try await api.send(.get, path, token: fixture.hostToken)
            #expect(channel.string("state") == "failing", "\(channel.text)")
            try await database.execute("UPDATE webhook_deliveries SET next_attempt_at = now()")
            receiver.status.withLock { $0 = 404 }
            #expect(try await service.deliverDue() == 1)
            channel = try await api.send(.get, path, token: fixture.hostToken)
            #expect(channel.string("state") == "disabled", "\(channel.text)")
            #expect(channel.string("disabledReason")?.contains("Slack refused the message (HTTP 404: no_service)") == true, "\(channel.text)")
            // Disabled: nothing more is sent, and a test message says why.
            try await database.execute("UPDATE webhook_deliveries SET next_attempt_at = now()")
            #expect(try await service.deliverDue() == 0)
            let refused = try await api.send(.post, path + "/test", token: fixture.hostToken)
            #expect(refused.status == .conflict && refused.text.contains("disabled"), "\(refused.text)")
            // Pasting the URL again turns it back on, and the waiting digest goes out.
            let again = try await api.send(.put, path, token: fixture.hostToken, json: ["url": Self.slackURL])
            #expect(again.string("state") == "active", "\(again.text)")
            receiver.status.withLock { $0 = 200 }
            #expect(try await service.deliverDue() == 1)
            #expect(receiver.bodies.withLock { $0.last }?.contains("Test message") == true)
        }
    }

    /// The clock's digests: a form whose `closesAt` passed without a host's close gets its close
    /// digest from the sweep, a daily channel one digest per full day a form is open (counted
    /// from its publication, only days after the channel was set), and a second sweep queues none.
    @Test func theSweepQueuesScheduledClosesAndDailyDigestsOnce() async throws {
        try await ParticipantAPI.run(configuration: Self.quietWorker()) { api, database in
            let fixture = try await api.publish()
            let put = try await api.send(
                .put, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken,
                json: ["url": Self.slackURL, "daily": true])
            try #require(put.status == .ok, "\(put.text)")
            let meetingID = try #require(UUID(uuidString: fixture.meetingID))
            // Open for two days and a bit; the channel was set before that.
            try await database.execute("UPDATE webhook_endpoints SET created_at = now() - interval '3 days'")
            try await database.execute("UPDATE forms SET published_at = now() - interval '50 hours' WHERE meeting_id = \(meetingID)")
            let store = ChatChannelStore(database: database, secrets: WebhookSecrets(keys: ServerKeys(database: database)))
            #expect(try await store.queueDue() == 1)
            let form: UUID = try await database.query("SELECT id FROM forms WHERE meeting_id = \(meetingID)").single().decode("id")
            #expect(try await Self.digests(database) == ["daily:\(form.uuidString.lowercased()):2"])
            #expect(try await store.queueDue() == 0)
            // Its closesAt passes: the close's digest, once; no daily digest for a closed form.
            try await database.execute("UPDATE forms SET closes_at = now() - interval '1 minute' WHERE meeting_id = \(meetingID)")
            #expect(try await store.queueDue() == 1)
            #expect(try await store.queueDue() == 0)
            #expect(try await Self.digests(database).last == "closed:\(form.uuidString.lowercased())")
        }
    }

    /// Only the owner and editing co-hosts reach the channel: a viewer co-host 403, another host 404.
    @Test func onlyThoseWhoMayEditTheSeriesReachTheChannel() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let path = "/v1/series/\(fixture.seriesID)/chat-channel"
            try #require(try await api.send(.put, path, token: fixture.hostToken, json: ["url": Self.teamsURL]).status == .ok)
            let other = try await api.publish()
            for (method, suffix) in [(HTTPRequest.Method.get, ""), (.put, ""), (.delete, ""), (.post, "/test")] {
                let reply = try await api.send(method, path + suffix, token: other.hostToken, json: method == .put ? ["url": Self.slackURL] : nil)
                #expect(reply.status == .notFound, "\(method) \(suffix): \(reply.text)")
            }
            let deleted = try await api.send(.delete, path, token: fixture.hostToken)
            #expect(deleted.status == .noContent)
            #expect(try await api.send(.get, path, token: fixture.hostToken).status == .notFound)
        }
    }
}
