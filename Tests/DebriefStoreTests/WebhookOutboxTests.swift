import Crypto
import Debrief
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The webhook outbox: deliveries are written with their event (or not at all), only for hosts
/// with endpoints; the queue hands out one endpoint's deliveries in order, to one claimer at a
/// time; failures back off and disable an endpoint after the window; secrets are sealed.
@Suite("Webhooks: outbox and queue")
struct WebhookOutboxTests {
    typealias Fixture = SubmissionBatchTests.Fixture

    static func endpoint(_ fixture: Fixture, events: [WebhookEvent] = WebhookEvent.allCases, series: UUID? = nil)
        async throws -> (store: WebhookEndpointStore, created: CreatedWebhookEndpoint)
    {
        let store = WebhookEndpointStore(database: fixture.database, secrets: WebhookSecrets(keys: ServerKeys(database: fixture.database)))
        let draft = WebhookEndpointDraft(url: URL(string: "https://hooks.example.com/debrief")!, events: events, seriesID: series)
        return (store, try await store.create(draft, by: fixture.host))
    }

    static func queue(_ fixture: Fixture) -> WebhookQueue {
        WebhookQueue(database: fixture.database, secrets: WebhookSecrets(keys: ServerKeys(database: fixture.database)))
    }

    static func events(_ fixture: Fixture) async throws -> [String] {
        try await fixture.database.query("SELECT event FROM webhook_deliveries ORDER BY seq").map { try $0.decode("event") }
    }

    /// A batch of submissions writes one `response.created` per new response in the same
    /// statement — the refused ones and the meetings of hosts without endpoints write nothing.
    @Test func responsesWriteTheirDeliveriesInTheirOwnStatementOnlyForHostsWithEndpoints() async throws {
        try await Fixture.with { fixture in
            let before = try await fixture.publish("Before", slot: 0)
            // No endpoint yet: a submission writes no delivery.
            _ = try await fixture.responses.submit(SubmissionBatchTests.submission(before))
            #expect(try await Self.events(fixture) == [])

            let (_, created) = try await Self.endpoint(fixture, events: [.responseCreated, .formClosed])
            let open = try await fixture.publish("Open", slot: 1)  // not subscribed to form.published
            let closed = try await fixture.publish("Closed", slot: 2)
            _ = try await FormStore(database: fixture.database).close(meeting: closed.meetingID, by: fixture.host)
            #expect(try await Self.events(fixture) == ["form.closed"])

            let items = [
                SubmissionBatchTests.item(SubmissionBatchTests.submission(open)),
                SubmissionBatchTests.item(SubmissionBatchTests.submission(closed)),  // refused: closed
                SubmissionBatchTests.item(SubmissionBatchTests.submission(open)),
            ]
            _ = try await SubmissionBatch(items: items, notifier: fixture.notifier).run(on: fixture.database)
            // And one alone (the one-row statement).
            let alone = try await fixture.responses.submit(SubmissionBatchTests.submission(open))

            let rows = try await fixture.database.query(
                """
                SELECT data->>'responseId' AS response, data->>'meetingId' AS meeting, endpoint_id, message_id
                FROM webhook_deliveries WHERE event = 'response.created' ORDER BY seq
                """)
            let responses: [String] = try rows.map { try $0.decode("response") }
            #expect(responses == [items[0], items[2]].map { $0.accepted.responseID.uuidString.lowercased() }
                + [alone.responseID.uuidString.lowercased()])
            #expect(try rows.allSatisfy { try $0.decode("endpoint_id", as: UUID.self) == created.endpoint.id })
            #expect(try rows.allSatisfy { try $0.decode("meeting", as: String.self) == open.meetingID.uuidString.lowercased() })
            #expect(Set(try rows.map { try $0.decode("message_id", as: String.self) }).count == 3)
        }
    }

    /// A statement that fails writes no delivery: the outbox rolls back with its event.
    @Test func aFailedStatementLeavesNoDelivery() async throws {
        try await Fixture.with { fixture in
            _ = try await Self.endpoint(fixture, events: [.responseCreated])
            let open = try await fixture.publish("Open", slot: 0)
            // A rating no smallint holds: the database refuses the statement whole.
            let items = [
                SubmissionBatchTests.item(SubmissionBatchTests.submission(open)),
                SubmissionBatchTests.item(SubmissionBatchTests.submission(open, score: 100_000)),
            ]
            await #expect(throws: PQError.self) {
                _ = try await SubmissionBatch(items: items, notifier: fixture.notifier).run(on: fixture.database)
            }
            #expect(try await fixture.count("SELECT count(*)::int AS n FROM responses") == 0)
            #expect(try await Self.events(fixture) == [])
        }
    }

    /// An endpoint for one series hears only that series; publish and close write their events.
    @Test func seriesEndpointsHearOnlyTheirSeries() async throws {
        try await Fixture.with { fixture in
            let first = try await fixture.publish("First", slot: 0)
            let series: UUID = try await fixture.database.query("SELECT series_id FROM meetings WHERE id = \(first.meetingID)")
                .single().decode("series_id")
            _ = try await Self.endpoint(fixture, series: series)
            _ = try await fixture.publish("Other series", slot: 1)
            _ = try await FormStore(database: fixture.database).close(meeting: first.meetingID, by: fixture.host)
            #expect(try await Self.events(fixture) == ["form.closed", "results.summary"])
            // Another host's series is not found.
            let other = try await AccountStore(database: fixture.database, hasher: PasswordHasher(cost: 4)).create(
                SignUp(email: try EmailAddress(parsing: "other@example.com"), password: "correct horse battery", displayName: "Other"))
            let store = WebhookEndpointStore(database: fixture.database, secrets: WebhookSecrets(keys: ServerKeys(database: fixture.database)))
            await #expect(throws: DebriefError.self) {
                _ = try await store.create(
                    WebhookEndpointDraft(url: URL(string: "https://x.example.com")!, events: [.formClosed], seriesID: series),
                    by: Viewer(accountID: other.id, role: .host))
            }
        }
    }

    /// The queue hands out an endpoint's oldest delivery only, to one claimer at a time; the next
    /// one after the first is recorded delivered; a failure is due again after its backoff.
    @Test func theQueueSendsOneEndpointInOrderToOneClaimerAtATime() async throws {
        try await Fixture.with { fixture in
            let (_, created) = try await Self.endpoint(fixture, events: [.responseCreated])
            let open = try await fixture.publish("Open", slot: 0)
            for _ in 0..<3 { _ = try await fixture.responses.submit(SubmissionBatchTests.submission(open)) }
            let queue = Self.queue(fixture)
            let ids: [UUID] = try await fixture.database.query("SELECT id FROM webhook_deliveries ORDER BY seq").map { try $0.decode("id") }

            let first = try await queue.claim(limit: 10, lease: .seconds(60))
            #expect(first.map(\.id) == [ids[0]])
            // The secret opens to the key the host was shown.
            #expect(first.first.map { "whsec_" + Data($0.key).base64EncodedString() } == created.secret)
            // Leased: another instance gets nothing for this endpoint meanwhile.
            #expect(try await queue.claim(limit: 10, lease: .seconds(60)).isEmpty)
            try await queue.recordFailed(first[0], .init(statusCode: 500, error: "HTTP 500", milliseconds: 3), retryAfter: .seconds(3600), window: .seconds(3600))
            // Failed and not due: the head waits, and so do the deliveries behind it (in order).
            #expect(try await queue.claim(limit: 10, lease: .seconds(60)).isEmpty)
            try await fixture.database.execute("UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = \(ids[0])")
            let again = try await queue.claim(limit: 10, lease: .seconds(60))
            #expect(again.map(\.id) == [ids[0]])
            #expect(again.first?.attempts == 1 && again.first?.messageID == first.first?.messageID)
            try await queue.recordDelivered(again[0], .init(statusCode: 204, error: nil, milliseconds: 5))
            #expect(try await queue.claim(limit: 10, lease: .seconds(60)).map(\.id) == [ids[1]])

            let log = try await WebhookEndpointStore(database: fixture.database, secrets: WebhookSecrets(keys: ServerKeys(database: fixture.database)))
                .deliveries(of: created.endpoint.id, by: fixture.host)
            #expect(log.map(\.status) == [.pending, .pending, .delivered])
            #expect(log.last?.attempts == 2 && log.last?.lastStatusCode == 204 && log.last?.lastError == nil)
        }
    }

    /// An endpoint that failed for longer than the window is disabled with its reason; its
    /// deliveries wait, and enabling it makes them due again.
    @Test func anEndpointFailingForTheWindowIsDisabledAndEnablingResumesIt() async throws {
        try await Fixture.with { fixture in
            let (store, created) = try await Self.endpoint(fixture, events: [.formPublished])
            _ = try await fixture.publish("Open", slot: 0)
            let queue = Self.queue(fixture)
            let attempt = WebhookQueue.Attempt(statusCode: nil, error: "could not connect", milliseconds: 1)
            let first = try #require(try await queue.claim(limit: 1, lease: .seconds(60)).first)
            #expect(try await queue.recordFailed(first, attempt, retryAfter: .zero, window: .seconds(3600)) == false)
            try await fixture.database.execute(
                "UPDATE webhook_endpoints SET failing_since = now() - interval '2 hours' WHERE id = \(created.endpoint.id)")
            let second = try #require(try await queue.claim(limit: 1, lease: .seconds(60)).first)
            #expect(try await queue.recordFailed(second, attempt, retryAfter: .zero, window: .seconds(3600)) == true)
            let disabled = try await store.find(created.endpoint.id, by: fixture.host)
            #expect(disabled.disabledAt != nil && disabled.pendingCount == 1)
            #expect(disabled.disabledReason?.contains("last error: could not connect") == true)
            #expect(try await queue.claim(limit: 1, lease: .seconds(60)).isEmpty)
            let enabled = try await store.enable(created.endpoint.id, by: fixture.host)
            #expect(enabled.disabledAt == nil && enabled.failingSince == nil)
            #expect(try await queue.claim(limit: 1, lease: .seconds(60)).map(\.id) == [first.id])
        }
    }

    /// The secret is stored sealed: neither its text nor its key bytes are in the row.
    @Test func secretsAreSealedAtRest() async throws {
        try await Fixture.with { fixture in
            let (_, created) = try await Self.endpoint(fixture)
            let stored: String = try await fixture.database.query(
                "SELECT encode(secret_sealed, 'hex') AS s FROM webhook_endpoints WHERE id = \(created.endpoint.id)").single().decode("s")
            let key = try #require(Data(base64Encoded: String(created.secret.dropFirst("whsec_".count))))
            #expect(key.count == 32)
            #expect(!stored.contains(key.map { String(format: "%02x", $0) }.joined()))
            #expect(!stored.contains(Data(created.secret.utf8).map { String(format: "%02x", $0) }.joined()))
        }
    }

    /// The example secret and message of the Standard Webhooks documentation sign to what the
    /// `standardwebhooks` Python package (1.1.0) computes for them: `Webhook(secret).sign(…)`.
    @Test func signaturesMatchTheStandardWebhooksExample() throws {
        let key = try #require(Data(base64Encoded: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw5ftxNKc3Q2c="))
        let signature = WebhookSignature.sign(
            messageID: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Data(#"{"test": 2432232314}"#.utf8),
            key: Array(key))
        #expect(signature == "v1,YlRGPl0bChwBx+BmhvSGfQljtyMbmP7j9HU3kgSNGXA=")
    }
}
