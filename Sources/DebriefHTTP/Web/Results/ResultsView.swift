import Debrief
import Foundation

/// One session's results as the pages show them: per question a table of counts (readable
/// without images, and by screen readers), its statistics, and the "other" answers.
struct ResultsView {
    struct Row {
        var label: String
        var count: String
        var percent: String
    }

    struct Stat {
        var name: String
        var value: String
    }

    struct QuestionBlock {
        var key: String
        var prompt: String
        var answeredText: String
        var withheld: Bool
        var empty: Bool
        var isWords: Bool
        var caption: String
        var rows: [Row]
        var stats: [Stat]
        var otherTexts: [String]
    }

    var questions: [QuestionBlock]

    init(_ results: [QuestionResult], language: Language) {
        let t = Localizer(language)
        self.questions = results.map { result in
            let rows = result.chart.rows.map { row in
                Row(
                    label: row.label, count: row.count.map(String.init) ?? "–",
                    percent: row.percent.map { Self.number($0) + "%" } ?? "–")
            }
            return QuestionBlock(
                key: result.key, prompt: result.prompt,
                answeredText: t(.respondents, ["n": String(result.respondents)]),
                withheld: result.withheld,
                empty: !result.withheld && result.chart.total == 0,
                isWords: result.kind == .shortAnswer,
                caption: t(.resultsTableCaption, ["prompt": result.prompt]),
                rows: rows, stats: Self.stats(result, t), otherTexts: result.otherTexts ?? [])
        }
    }

    private static func stats(_ result: QuestionResult, _ t: Localizer) -> [Stat] {
        guard let statistics = result.statistics else { return [] }
        var stats: [Stat] = []
        if let mean = statistics.mean { stats.append(Stat(name: t(.meanLabel), value: Self.number(mean))) }
        if let median = statistics.median { stats.append(Stat(name: t(.medianLabel), value: Self.number(median))) }
        if let nps = statistics.nps?.score { stats.append(Stat(name: t(.npsLabel), value: Self.number(nps))) }
        return stats
    }

    /// One decimal at most: `4`, `4.5`, `-12.5`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
