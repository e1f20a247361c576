@testable import DebriefApp
import Foundation
import Prometheus
import Testing

/// Issue 51: the metrics had no `# HELP` lines. Every metric gets its text from ``MetricHelp``
/// through ``DescribedMetricsFactory``; these tests keep the table whole and the exposition right.
@Suite struct MetricHelpTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// Every metric name the sources record (a `label: "debrief_…"` literal).
    static func recordedNames() throws -> Set<String> {
        let sources = Self.root.appendingPathComponent("Sources")
        let pattern = try Regex(#"label: "(debrief_[a-z_]+)""#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func everyMetricTheSourcesRecordHasHelp() throws {
        let recorded = try Self.recordedNames()
        // The scan finds the metrics (a broken pattern would pass vacuously).
        #expect(recorded.contains("debrief_http_requests_total") && recorded.count >= 20, "\(recorded)")
        for name in recorded.sorted() {
            #expect(!MetricHelp.text(for: name).isEmpty, "\(name) has no help in MetricHelp")
        }
        // And the table describes nothing that is no longer recorded.
        #expect(Set(MetricHelp.texts.keys).subtracting(recorded).isEmpty)
    }

    @Test func operatorsDocumentationListsEveryMetric() throws {
        let operating = try String(contentsOf: Self.root.appendingPathComponent("docs/operating.md"), encoding: .utf8)
        for name in MetricHelp.texts.keys.sorted() {
            #expect(operating.contains("`\(name)`"), "docs/operating.md does not list \(name)")
        }
    }

    @Test func helpTextsAreOneLineOfPlainText() {
        for (name, text) in MetricHelp.texts {
            // The exposition format escapes `\` and line feeds in help; none is needed here.
            #expect(!text.contains("\n") && !text.contains("\\") && text.count <= 200, "\(name)")
        }
    }

    /// One name registered from two places (as `debrief_live_events_sent_total` is, per kind)
    /// gets the same help both times: swift-prometheus stops the process on different help.
    @Test func oneNameRegisteredTwiceKeepsItsHelp() {
        let registry = PrometheusCollectorRegistry()
        let factory = DescribedMetricsFactory(registry: registry)
        _ = factory.makeCounter(label: "debrief_live_events_sent_total", dimensions: [("kind", "results")])
        _ = factory.makeCounter(label: "debrief_live_events_sent_total", dimensions: [("kind", "heartbeat")])
        _ = factory.makeTimer(label: "debrief_db_pool_wait_seconds", dimensions: [])
        _ = factory.makeRecorder(label: "debrief_live_viewers", dimensions: [], aggregate: false)
        let families = ScrapeFamilies(registry.emitToString())
        #expect(families.help["debrief_live_events_sent_total"] == MetricHelp.text(for: "debrief_live_events_sent_total"))
        #expect(families.type["debrief_live_events_sent_total"] == "counter")
        #expect(families.type["debrief_db_pool_wait_seconds"] == "histogram")
        #expect(families.type["debrief_live_viewers"] == "gauge")
        #expect(families.undescribed.isEmpty, "\(families.undescribed)")
    }
}

/// The `# HELP` and `# TYPE` lines of a scrape, and the families of its samples that lack either.
struct ScrapeFamilies {
    var help: [String: String] = [:]
    var type: [String: String] = [:]
    /// Families with a sample but no non-empty `# HELP` or no `# TYPE` before it.
    var undescribed: [String] = []

    init(_ text: String) {
        var sampled: [String] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            if words.count >= 3, words[0] == "#", words[1] == "HELP" {
                self.help[words[2]] = words.count > 3 ? words[3] : ""
            } else if words.count == 4, words[0] == "#", words[1] == "TYPE" {
                self.type[words[2]] = words[3]
            } else if !line.hasPrefix("#") {
                let series = String(line.prefix { $0 != "{" && $0 != " " })
                let family = ["_bucket", "_sum", "_count"].compactMap { suffix -> String? in
                    guard series.hasSuffix(suffix) else { return nil }
                    let base = String(series.dropLast(suffix.count))
                    return self.type[base] == "histogram" ? base : nil
                }.first ?? series
                // Each family's lines come before its samples (the text format's order).
                if self.type[family] == nil || (self.help[family] ?? "").isEmpty { sampled.append(family) }
            }
        }
        self.undescribed = Array(Set(sampled)).sorted()
    }
}
