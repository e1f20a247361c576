import DebriefTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `debrief serve` as an operator runs it: metrics on their own listener, traces switched on by
/// the OpenTelemetry environment with their ids in the JSON log lines.
@Suite("debrief serve: metrics listener and trace ids")
struct OperatorListenerTests {
    static func get(_ url: String) async throws -> (status: Int, text: String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func metricsAreOnTheirOwnPortOnly() async throws {
        try await TestDatabase.withEmpty { url in
            let port = DebriefProcess.freePort()
            let metricsPort = DebriefProcess.freePort()
            let server = try DebriefProcess.start(
                ["serve", "--database-url", url, "--port", String(port), "--metrics-port", String(metricsPort)])
            defer { server.signal(SIGKILL) }
            #expect(await DebriefProcess.waitFor("http://127.0.0.1:\(port)/readyz", status: 200, timeout: .seconds(90)), "\(server.output)")
            let scrape = try await Self.get("http://127.0.0.1:\(metricsPort)/metrics")
            #expect(scrape.status == 200)
            #expect(scrape.text.contains(#"debrief_http_requests_total{route="/readyz",method="GET",status_class="2xx"}"#), "\(scrape.text)")
            #expect(scrape.text.contains("debrief_db_pool_connections_idle"))
            // Issue 51: the binary records on DescribedMetricsFactory, so every family has a `# HELP`.
            let lines = scrape.text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 3).map(String.init) }
            let typed = lines.filter { $0.count == 4 && $0[1] == "TYPE" }.map { $0[2] }
            let described = Set(lines.filter { $0.count == 4 && $0[1] == "HELP" }.map { $0[2] })
            #expect(!typed.isEmpty && typed.allSatisfy(described.contains), "\(scrape.text)")
            #expect(await DebriefProcess.status(of: "http://127.0.0.1:\(port)/metrics") == 404, "never on the public port")

            let same = try await DebriefProcess.run(["serve", "--database-url", url, "--port", "9999", "--metrics-port", "9999"])
            #expect(same.status == 2, "\(same.output)")
        }
    }

    @Test func tracedRequestsLogTheirTraceID() async throws {
        try await TestDatabase.withEmpty { url in
            let port = DebriefProcess.freePort()
            // Nothing listens at the endpoint: spans are dropped after failed exports, requests go on.
            let collector = DebriefProcess.freePort()
            let server = try DebriefProcess.start(
                ["serve", "--database-url", url, "--port", String(port)],
                environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(collector)", "OTEL_BSP_SCHEDULE_DELAY": "100"])
            #expect(await DebriefProcess.waitFor("http://127.0.0.1:\(port)/readyz", status: 200, timeout: .seconds(90)), "\(server.output)")
            #expect(await DebriefProcess.status(of: "http://127.0.0.1:\(port)/healthz") == 200)
            server.signal(SIGTERM)
            let (status, output) = await server.wait()
            #expect(status == 0, "\(output)")
            let requests = output.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: String]
            }.filter { $0["msg"] == "request" }
            #expect(!requests.isEmpty, "\(output)")
            for line in requests {
                #expect(line["hb.request.id"] != nil)
                #expect(line["trace_id"]?.count == 32, "\(line)")
                #expect(line["span_id"]?.count == 16, "\(line)")
            }
        }
    }

    @Test func withoutTheEnvironmentNothingIsTraced() async throws {
        try await TestDatabase.withEmpty { url in
            let port = DebriefProcess.freePort()
            let server = try DebriefProcess.start(["serve", "--database-url", url, "--port", String(port)])
            #expect(await DebriefProcess.waitFor("http://127.0.0.1:\(port)/readyz", status: 200, timeout: .seconds(90)), "\(server.output)")
            server.signal(SIGTERM)
            let (_, output) = await server.wait()
            #expect(output.contains("\"msg\":\"request\""))
            #expect(!output.contains("trace_id"))
        }
    }
}
