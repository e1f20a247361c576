@testable import DebriefApp
@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PQ
import Prometheus
import Testing

/// One scrape of `GET /metrics`, as `name{labels}` → value.
struct Scrape {
    let text: String
    let samples: [String: Double]

    init(_ text: String) {
        self.text = text
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        self.samples = samples
    }

    subscript(_ series: String) -> Double? { self.samples[series] }

    /// Whether any series of the family `name` was exposed.
    func has(_ name: String) -> Bool {
        self.samples.keys.contains { $0 == name || $0.hasPrefix(name + "{") }
    }
}

@Suite("Metrics: GET /metrics after a short flow")
struct MetricsScrapeTests {
    /// Scrapes the operators' listener of `registry` (its own router, as `debrief serve` runs it).
    static func scrape(_ registry: PrometheusCollectorRegistry) async throws -> Scrape {
        let app = Application(router: buildMetricsRouter(registry: registry))
        return try await app.test(.router) { client in
            let response = try await client.executeRequest(uri: "/metrics", method: .get, headers: [:], body: nil)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            return Scrape(String(buffer: response.body))
        }
    }

    @Test func aShortFlowShowsInEveryFamily() async throws {
        let registry = PrometheusCollectorRegistry()
        let factory = DescribedMetricsFactory(registry: registry)
        try await TestDatabase.withMigrated { migrated in
            await migrated.shutdown()
            // The same database, through a pool that records on this test's registry.
            let database = Database(configuration: migrated.configuration, logger: TestDatabase.logger, metrics: factory)
            var configuration = ParticipantAPI.configuration()
            configuration.metrics = factory
            configuration.tallyFoldInterval = .milliseconds(20)
            let app = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
            try await app.test(.router) { client in
                let api = ParticipantAPI(client: client)
                let form = try await api.publish()
                let body = try ParticipantAPI.text(["answers": ParticipantAPI.answers()])
                #expect(try await api.submit(form.code, raw: body, key: "first").status == .created)
                #expect(try await api.submit(form.code, raw: body).status == .created)
                // The same key and body again: a replay, answered like the first but not stored twice.
                #expect(try await api.submit(form.code, raw: body, key: "first").status == .created)
                #expect(try await api.submit(form.code, ["answers": [["questionKey": "useful", "rating": 99]]]).status == .unprocessableContent)
                let export = try await api.send(.get, "/v1/meetings/\(form.meetingID)/export.csv?layout=responses", token: form.hostToken)
                #expect(export.status == .ok)
                #expect(try await api.send(.get, "/nowhere/12345").status == .notFound)
                #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
                #expect(try await api.submit(form.code, raw: body).status == .gone)

                // The fold and the notifier run as services: wait until both have run (two minutes at most,
                // to end a broken run; a busy machine only makes the wait longer).
                var scrape = try await Self.scrape(registry)
                for _ in 0..<2_400 where (scrape["debrief_tally_fold_duration_seconds_count"] ?? 0) < 1 || (scrape["debrief_notify_sent_total"] ?? 0) < 1 {
                    try await Task.sleep(for: .milliseconds(50))
                    scrape = try await Self.scrape(registry)
                }

                #expect(scrape["debrief_submissions_accepted_total"] == 2)
                #expect(scrape[#"debrief_submissions_refused_total{reason="replay"}"#] == 1)
                #expect(scrape[#"debrief_submissions_refused_total{reason="validation"}"#] == 1)
                #expect(scrape[#"debrief_submissions_refused_total{reason="closed"}"#] == 1)
                #expect(scrape[#"debrief_submissions_refused_total{reason="conflict"}"#] == 0)
                #expect(scrape[#"debrief_submissions_refused_total{reason="rate_limited"}"#] == 0)

                let submissions = #"route="/v1/f/{code}/responses",method="POST""#
                #expect(scrape["debrief_http_requests_total{\(submissions),status_class=\"2xx\"}"] == 3)
                #expect(scrape["debrief_http_requests_total{\(submissions),status_class=\"4xx\"}"] == 2)
                #expect(scrape["debrief_http_request_duration_seconds_count{\(submissions),status_class=\"2xx\"}"] == 3)
                #expect(scrape["debrief_http_request_duration_seconds_bucket{\(submissions),status_class=\"2xx\",le=\"+Inf\"}"] == 3)
                #expect(scrape[#"debrief_http_requests_total{route="NotFound",method="GET",status_class="4xx"}"#] == 1)

                #expect(scrape[#"debrief_export_rows_total{layout="responses"}"#] == 2)
                #expect((scrape[#"debrief_export_bytes_total{layout="responses"}"#] ?? 0) == Double(export.body.count))

                #expect((scrape["debrief_db_pool_wait_seconds_count"] ?? 0) > 10)
                #expect(scrape["debrief_db_pool_timeouts_total"] == 0)
                for gauge in ["debrief_db_pool_connections_in_use", "debrief_db_pool_connections_idle", "debrief_db_pool_waiters"] {
                    #expect(scrape.has(gauge), "\(gauge)")
                }
                #expect((scrape["debrief_tally_fold_duration_seconds_count"] ?? 0) >= 1)
                #expect(scrape.has("debrief_tally_fold_lag_seconds"))
                #expect((scrape[#"debrief_background_job_runs_total{job="tally_fold"}"#] ?? 0) >= 1)
                #expect(scrape[#"debrief_background_job_failures_total{job="tally_fold"}"#] == 0)
                #expect((scrape["debrief_notify_sent_total"] ?? 0) >= 1)
                #expect(scrape.has("debrief_notify_coalesced_total"))
                #expect(scrape["debrief_live_viewers"] == 0)

                // Issue 51: every family exposed has its `# HELP` (from MetricHelp) and `# TYPE`.
                let families = ScrapeFamilies(scrape.text)
                #expect(families.undescribed.isEmpty, "without # HELP or # TYPE: \(families.undescribed)")
                #expect(families.help.count >= 15, "\(families.help.keys.sorted())")

                // No label carries an id, a code or a raw path.
                for secret in [form.code, form.meetingID, "/nowhere"] {
                    #expect(!scrape.text.contains(secret), "\(secret) leaked into a label")
                }
            }
            await database.shutdown()
        }
    }

    @Test func methodsOutsideTheStandardOnesShareOneLabel() {
        #expect(HTTPMetricsMiddleware.method(.get) == "GET")
        #expect(HTTPMetricsMiddleware.method(HTTPRequest.Method("BREW")!) == "other")
        #expect(HTTPMetricsMiddleware.refusal(.tooManyRequests) == .rateLimited)
        #expect(HTTPMetricsMiddleware.refusal(.created) == nil)
        #expect(HTTPMetricsMiddleware.isSubmission(route: "/f/{code}"))
        #expect(!HTTPMetricsMiddleware.isSubmission(route: "/v1/f/{code}/check-in"))
    }
}
