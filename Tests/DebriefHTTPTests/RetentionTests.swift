import DebriefActions
@testable import DebriefApp
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Prometheus
import Testing

/// Data retention: a host sets a number of months on `PATCH /v1/me`; the background purge deletes
/// their older responses (not other hosts'), and results stay exact.
@Suite("Retention: purging responses older than the host's setting")
struct RetentionTests {
    /// Counts per rating of `useful`, unfiltered (tallies plus deltas) and filtered (counted from
    /// the rows): equal when the tallies are exact.
    static func usefulCounts(_ api: ParticipantAPI, _ form: PublishedFixture, query: String = "") async throws -> (responses: Int?, counts: [Int?]) {
        let reply = try await api.send(.get, "/v1/meetings/\(form.meetingID)/results\(query)", token: form.hostToken)
        let summary = reply.json?["summary"] as? [String: Any]
        let questions = reply.json?["questions"] as? [[String: Any]] ?? []
        let useful = questions.first { $0["key"] as? String == "useful" }
        let rows = (useful?["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return (summary?["responses"] as? Int, rows.map { $0["count"] as? Int })
    }

    @Test func olderResponsesArePurgedAndResultsStayExact() async throws {
        try await ParticipantAPI.run { api, database in
            var definition = ParticipantAPI.sampleForm()
            definition["privacyThreshold"] = 1
            let form = try await api.publish(definition)
            let other = try await api.publish(definition)
            for rating in [1, 2, 5] {
                #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers(rating: rating)]).status == .created)
                #expect(try await api.submit(other.code, ["answers": ParticipantAPI.answers(rating: rating)]).status == .created)
            }
            // The first host keeps one month; the other host keeps everything.
            let patched = try await api.send(.patch, "/v1/me", token: form.hostToken, json: ["responseRetentionMonths": 1])
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(patched.json?["responseRetentionMonths"] as? Int == 1)
            #expect(try await api.send(.get, "/v1/me", token: other.hostToken).json?["responseRetentionMonths"] as? Int == 0)
            // Half of the tallies folded, half still deltas: the purge must subtract from both.
            try await ResultTallies(database: database).fold()
            // Two responses of each host's meeting are two months old.
            try await database.execute(
                """
                UPDATE responses SET submitted_at = now() - interval '2 months'
                WHERE id IN (SELECT r.id FROM responses r JOIN answers a ON a.response_id = r.id
                             WHERE a.question_key = 'useful' AND a.rating IN (1, 2))
                """)

            let registry = PrometheusCollectorRegistry()
            let service = PeriodicPurge.responses(
                retention: RetentionStore(database: database), logger: TestDatabase.logger,
                metrics: DescribedMetricsFactory(registry: registry))
            #expect(try await service.purgeOnce() == 2)
            #expect(try await service.purgeOnce() == 0)
            let scrape = Scrape(registry.emitToString())
            #expect(scrape["debrief_retention_purged_responses_total"] == 2)
            #expect(scrape[#"debrief_background_job_runs_total{job="retention_purge"}"#] == 2)

            let kept = try await Self.usefulCounts(api, form)
            #expect(kept.responses == 1)
            // Counted from the remaining rows: the same numbers.
            #expect(kept.counts == (try await Self.usefulCounts(api, form, query: "?since=2000-01-01T00:00:00Z")).counts)
            #expect(kept.counts.compactMap { $0 }.reduce(0, +) == 1)
            // After folding the purge's deltas, still the same.
            try await ResultTallies(database: database).fold()
            #expect(try await Self.usefulCounts(api, form).counts == kept.counts)
            // The other host's old responses stay.
            #expect(try await Self.usefulCounts(api, other).responses == 3)
            // No answer outlives its response.
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers a LEFT JOIN responses r ON r.id = a.response_id WHERE r.id IS NULL") == 0)

            // 0 turns retention off again.
            let off = try await api.send(.patch, "/v1/me", token: form.hostToken, json: ["responseRetentionMonths": 0])
            #expect(off.json?["responseRetentionMonths"] as? Int == 0)
        }
    }

    @Test func aRetentionOutsideItsRangeIsRefusedByName() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            for bad in [121, -1] {
                let reply = try await api.send(.patch, "/v1/me", token: form.hostToken, json: ["responseRetentionMonths": bad])
                #expect(reply.status == .unprocessableContent, "\(reply.text)")
                #expect(reply.text.contains("responseRetentionMonths"))
            }
            let wrongType = try await api.send(.patch, "/v1/me", token: form.hostToken, json: ["responseRetentionMonths": "six"])
            #expect([.badRequest, .unprocessableContent].contains(wrongType.status))
            #expect(wrongType.text.contains("responseRetentionMonths"))
        }
    }
}
