@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Prometheus
import Testing

@Suite("Participants: Idempotency-Key")
struct ParticipantIdempotencyTests {
    @Test func theSameKeyAndBodyReplayTheFirstReply() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let body: [String: Any] = ["answers": ParticipantAPI.answers(notes: "once")]
            let first = try await api.submit(form.code, body, key: "retry-1")
            #expect(first.status == .created, "\(first.text)")
            // Same body, other formatting and key order: still the same request.
            let answers = try ParticipantAPI.text(["a": ParticipantAPI.answers(notes: "once")]).dropFirst(5).dropLast()
            let reordered = try await api.submit(form.code, raw: "{\n  \"answers\" : \(answers)\n}", key: "retry-1")
            for replay in [try await api.submit(form.code, body, key: "retry-1"), reordered] {
                #expect(replay.status == .created)
                #expect(replay.body == first.body)
            }
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers") == 6)
            // Another key is another response.
            #expect(try await api.submit(form.code, body, key: "retry-2").status == .created)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 2)
        }
    }

    /// The reply and the record are written by `AcceptedSubmissionJSON`: the bytes and headers
    /// the app's JSON encoder gave them, and the same bytes in both.
    @Test func theReplyAndTheRecordAreTheEncodersJSON() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers(notes: "\"quoted\" \\ / \n 회의 👍")], key: "json")
            #expect(reply.status == .created, "\(reply.text)")
            #expect(reply.headers[.contentType] == "application/json; charset=utf-8")
            #expect(reply.headers[.contentLength] == String(reply.body.count))
            let accepted = try JSONCoding.decoder.decode(AcceptedSubmission.self, from: reply.body)
            #expect(reply.body == (try JSONCoding.encoder.encode(accepted)), "\(reply.text)")
            let stored: String = try #require(try await database.query("SELECT accepted FROM idempotency_keys WHERE key = 'json'").first).decode("accepted")
            #expect(Data(stored.utf8) == reply.body)
        }
    }

    @Test func keysAreForgottenAfterTheRetention() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let body: [String: Any] = ["answers": ParticipantAPI.answers()]
            let old = try await api.submit(form.code, body, key: "old")
            #expect(try await api.submit(form.code, body, key: "recent").status == .created)
            try await database.execute("UPDATE idempotency_keys SET created_at = now() - interval '8 days' WHERE key = 'old'")

            #expect(try await IdempotencyKeys(database: database).purge(olderThan: .seconds(7 * 24 * 3600), batch: 1) == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM idempotency_keys") == 1)
            // The hourly job finds nothing more, its run counted as idempotency_purge's.
            let registry = PrometheusCollectorRegistry()
            let purge = PeriodicPurge.idempotency(
                keys: IdempotencyKeys(database: database), retention: .seconds(7 * 24 * 3600), logger: TestDatabase.logger,
                metrics: DescribedMetricsFactory(registry: registry))
            #expect(try await purge.purgeOnce() == 0)
            #expect(Scrape(registry.emitToString())[#"debrief_background_job_runs_total{job="idempotency_purge"}"#] == 1)
            // The recent key still replays; the forgotten one is a new submission.
            #expect(try await api.submit(form.code, body, key: "recent").status == .created)
            let again = try await api.submit(form.code, body, key: "old")
            #expect(again.status == .created)
            #expect(again.body != old.body)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 3)
        }
    }

    @Test func theSameKeyWithAnotherBodyIs422() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers(rating: 4)], key: "k").status == .created)
            let other = try await api.submit(form.code, ["answers": ParticipantAPI.answers(rating: 5)], key: "k")
            #expect(other.status == .unprocessableContent)
            #expect(other.problemPaths == ["Idempotency-Key: was already used with a different request body"])
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
        }
    }

    @Test func theSameKeyWhileTheFirstRequestRunsIs409() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let formID = try #require(try await database.query("SELECT id FROM forms WHERE code = \(form.code)").first)
                .decode("id", as: UUID.self)
            // Another session holds the key's advisory lock, exactly as a request in flight does.
            let holder = Database(configuration: database.configuration, logger: TestDatabase.logger)
            try await holder.withConnection { connection in
                try await connection.query("SELECT pg_advisory_lock(hashtextextended(\(formID)::text || \("busy")::text, 0))")
                let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers()], key: "busy")
                #expect(reply.status == .conflict, "\(reply.text)")
                #expect(reply.problemCode == "conflict")
                try await connection.query("SELECT pg_advisory_unlock(hashtextextended(\(formID)::text || \("busy")::text, 0))")
            }
            await holder.shutdown()
            #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()], key: "busy").status == .created)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
        }
    }

    @Test func concurrentRetriesStoreOneResponse() async throws {
        try await ParticipantAPI.run(poolSize: 8) { api, database in
            let form = try await api.publish()
            let body = try ParticipantAPI.text(["answers": ParticipantAPI.answers()])
            let statuses = try await withThrowingTaskGroup(of: (HTTPResponse.Status, Data).self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let reply = try await api.submit(form.code, raw: body, key: "storm")
                        return (reply.status, reply.body)
                    }
                }
                return try await group.reduce(into: [(HTTPResponse.Status, Data)]()) { $0.append($1) }
            }
            let created = statuses.filter { $0.0 == .created }
            #expect(statuses.allSatisfy { $0.0 == .created || $0.0 == .conflict }, "\(statuses.map(\.0))")
            #expect(Set(created.map(\.1)).count == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
        }
    }

    /// Seen on main: a retry with the key of a response the host removed stored it again (201, a
    /// new id, the abusive text back), because the key's record cascaded with the response. The
    /// record outlives it (SQL/0038): the retry is answered as the first request was and stores
    /// nothing — from the API, from a burst of load-balancer retries, and from the page.
    @Test func aRetryAfterTheHostRemovedTheResponseStoresNothing() async throws {
        try await ParticipantAPI.run(poolSize: 8) { api, database in
            let form = try await api.publish()
            let body: [String: Any] = ["answers": ParticipantAPI.answers(notes: "BUY CHEAP WATCHES")]
            let first = try await api.submit(form.code, body, key: "abuse")
            #expect(first.status == .created, "\(first.text)")
            let id = try #require(first.string("id"))
            let removed = try await api.send(.delete, "/v1/meetings/\(form.meetingID)/responses/\(id)", token: form.hostToken)
            #expect(removed.status == .noContent, "\(removed.text)")

            let retry = try await api.submit(form.code, body, key: "abuse")
            #expect(retry.status == .created, "\(retry.text)")
            #expect(retry.body == first.body, "the first outcome, replayed")
            let raw = try ParticipantAPI.text(body)
            let burst = try await withThrowingTaskGroup(of: ParticipantReply.self) { group in
                for _ in 0..<8 { group.addTask { try await api.submit(form.code, raw: raw, key: "abuse") } }
                return try await group.reduce(into: [ParticipantReply]()) { $0.append($1) }
            }
            // A retry that meets another one holding the key is told to retry (409); none stores.
            #expect(burst.allSatisfy { ($0.status == .created && $0.body == first.body) || $0.status == .conflict }, "\(burst.map(\.status))")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 0)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers WHERE text_value LIKE '%WATCHES%'") == 0)
            // The same key with another body is still refused: the key stays claimed.
            let other = try await api.submit(form.code, ["answers": ParticipantAPI.answers(notes: "other")], key: "abuse")
            #expect(other.status == .unprocessableContent, "\(other.text)")

            // The page: its post stored under the page's key, removed, then posted again (a
            // resubmitted form, a back button) lands on the thanks page and stores nothing.
            let page = try await api.page("/f/\(form.code)")
            let key = try #require(page.inputValue("idempotency_key"))
            let fields = [("idempotency_key", key), ("q.useful", "4"), ("q.notes", "BUY CHEAP WATCHES")]
            #expect(try await api.post("/f/\(form.code)", fields).status == .seeOther)
            let stored: UUID = try #require(try await database.query("SELECT id FROM responses").first).decode("id")
            let pageRemoval = try await api.send(.delete, "/v1/meetings/\(form.meetingID)/responses/\(stored)", token: form.hostToken)
            #expect(pageRemoval.status == .noContent)
            let again = try await api.post("/f/\(form.code)", fields)
            #expect(again.status == .seeOther, "\(again.text.prefix(1500))")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 0)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM response_removals") == 2)
        }
    }

    @Test func anAcceptedKeySurvivesARestart() async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let configuration = ParticipantAPI.configuration()
            let body = try ParticipantAPI.text(["answers": ParticipantAPI.answers(notes: "before the restart")])
            let first = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
            let (code, reply) = try await first.test(.router) { client in
                let api = ParticipantAPI(client: client)
                let form = try await api.publish()
                return (form.code, try await api.submit(form.code, raw: body, key: "survives"))
            }
            #expect(reply.status == .created)
            // A new instance: new pool, new (empty) form cache, same database.
            let again = Database(configuration: database.configuration, logger: TestDatabase.logger)
            let second = buildApplication(configuration: configuration, database: again, logger: TestDatabase.logger)
            try await second.test(.router) { client in
                let replay = try await ParticipantAPI(client: client).submit(code, raw: body, key: "survives")
                #expect(replay.status == .created)
                #expect(replay.body == reply.body)
                #expect(try await participantCount(again, "SELECT count(*)::int AS n FROM responses") == 1)
            }
            await again.shutdown()
        }
    }
}
