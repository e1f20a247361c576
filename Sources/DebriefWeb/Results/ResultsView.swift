import Debrief
import DebriefCharts
import Foundation

/// One session's results as the pages show them: per question its chart (inline SVG from
/// ``ChartSVG``, which escapes every text it draws), the counts as a table (the exact numbers,
/// for screen readers and print), its statistics, and the "other" answers.
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

    /// One statement of a grid, as a row of its table.
    struct StatementRow {
        var statementName: String
        var answers: String
        var mean: String
        var median: String
        var interval: String
    }

    struct QuestionBlock {
        var key: String
        var prompt: String
        var withheld: Bool
        var empty: Bool
        var caption: String
        var rows: [Row]
        var stats: [Stat]
        var otherTexts: [String]
        /// A short answer's newest answers (none when withheld: ``ResultsBuilder`` empties them).
        var newestAnswers: [String]
        /// A short answer's themes as ``Disclosure`` lets them be shown (quotes only on the host's pages).
        var themes: [ThemeBlock]
        /// A short answer with no theme to show yet (none reaches k, or none is shared).
        var themesNone: Bool
        /// Markup made by ``ChartSVG``, inserted unescaped (`{{{chartSVG}}}`).
        var chartSVG: String
        /// A short answer's word cloud (participants' pages and the presenter view only): the
        /// words ``Disclosure`` lets be shown, each with a size from 1 to 5.
        var wordCloud: [CloudWord]
        /// The cloud is drawn (a short answer on a page that shows clouds, not withheld).
        var showsWordCloud: Bool
        /// Hidden until picked (the presenter view shows one question at a time).
        var hidden: Bool = false
        /// With several form versions: how many answered in each version counted here.
        var versionSplit: String?
        /// A follow-up: "Shown to 1 of 2 respondents" (nil when that is withheld, or no follow-up).
        var shownNote: String?
        /// A grid: one row per statement (in place of the per-category table).
        var statementRows: [StatementRow]
    }

    /// One theme: its name, how many answered in it, and its quotes.
    struct ThemeBlock {
        var name: String
        var respondents: String
        var quotes: [String]
    }

    /// One word of a cloud: its size class `cloud-1` … `cloud-5` (by its count between the
    /// cloud's fewest and most), and the count for screen readers.
    struct CloudWord {
        var word: String
        var count: String
        var size: Int
    }

    var questions: [QuestionBlock]
    /// Each question's numbers table starts open (`<details open>`): a printed report shows them.
    var numbersOpen = false
    /// The words of the current version's questions as this page shows them (its language, the
    /// "Other" row's word included), by key, as JSON: the room's live events carry the form's own
    /// words, and `room.js` puts these in their place (`data-room-labels`).
    var roomLabelsJSON: String?
    /// The level of each question's heading (`<h2>`, or `<h3>` under the dashboard's "Answers by
    /// question"). The heading is the prompt, shown once: the charts do not draw it again.
    var headingLevel: Int

    /// `chartWidth` is in SVG units: about the width the chart gets on the page, so its 22-unit
    /// labels stay legible (narrow on a phone, wider on the dashboard).
    ///
    /// `earlier` are the questions of earlier form versions not counted with a current one
    /// (``ResultsReport/earlierQuestions``), shown after the current ones under their version.
    /// `wordClouds`: draw short answers as word clouds (the participant view, whose charts of
    /// short answers have no words).
    init(
        _ results: [QuestionResult], earlier: [QuestionResult] = [], language: Language, chartWidth: Int, headingLevel: Int = 2,
        wordClouds: Bool = false
    ) {
        self.headingLevel = headingLevel
        let style = ChartStyle(theme: .light, width: chartWidth, language: language, drawsTitle: false)
        let t = Localizer(language)
        let relabelled = earlier.map { question -> QuestionResult in
            var question = question
            let version = String(question.version ?? 0)
            question.prompt = t(.earlierVersionPrompt, ["version": version, "prompt": question.prompt])
            question.key = "v\(version)-\(question.key)"
            return question
        }
        self.questions = (results + relabelled).map { result in
            // A percent says what it is a share of when the kind's is not the respondents.
            let kind = result.kind.page
            let rows = result.chart.rows.enumerated().map { index, row in
                Row(
                    label: index == result.otherRowIndex ? t(.otherOption) : row.label, count: row.count.map(String.init) ?? "–",
                    percent: row.percent.map { kind?.share(Self.number($0), t) ?? Self.number($0) + "%" } ?? "–")
            }
            return QuestionBlock(
                key: result.key, prompt: result.prompt,
                withheld: result.withheld,
                empty: !result.withheld && result.chart.total == 0,
                caption: t(.resultsTableCaption, ["prompt": result.prompt]),
                rows: rows, stats: Self.stats(result, t), otherTexts: result.otherTexts ?? [],
                newestAnswers: result.withheld ? [] : result.newestAnswers ?? [],
                themes: (result.themes ?? []).map {
                    ThemeBlock(
                        name: $0.words.joined(separator: " · "), respondents: t(ThemePhrase.themeRespondents, ["n": String($0.respondents)]),
                        quotes: $0.quotes)
                },
                themesNone: result.themes?.isEmpty == true && result.chart.total != 0,
                chartSVG: wordClouds && result.kind == .shortAnswer ? "" : ChartSVG.question(result, style: style),
                wordCloud: Self.cloud(result.wordCloud ?? []),
                showsWordCloud: wordClouds && result.kind == .shortAnswer && !result.withheld && result.wordCloud != nil,
                versionSplit: result.versions.map { shares in
                    shares.map { t(.versionRespondents, ["version": String($0.version), "n": String($0.respondents)]) }
                        .joined(separator: " · ")
                },
                shownNote: result.shownTo.flatMap { shown in
                    result.shownOf.map { t(.shownToOf, ["n": String(shown), "total": String($0)]) }
                },
                statementRows: (result.statements ?? []).map { Self.statementRow($0, t) })
        }
        var labels: [String: RoomLabels] = [:]
        for (result, block) in zip(results, self.questions) {
            labels[result.key] = RoomLabels(
                prompt: block.prompt, labels: result.statements == nil ? block.rows.map(\.label) : nil,  // statements label their rows themselves
                categories: result.statements == nil && block.rows.count == result.chart.rows.count ? result.chart.rows.map(\.category) : nil,
                statements: result.statements?.map(\.label), share: result.kind.page?.share("{percent}", t))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        self.roomLabelsJSON = (try? encoder.encode(labels)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// One question's words for the room's live redraw.
    struct RoomLabels: Encodable {
        var prompt: String
        /// The chart's categories (options with "Other", scale values); nil for a grid.
        var labels: [String]?
        /// One per label: its category, which the live event names too, so `room.js` puts each
        /// of this page's words on its own bar after the rows move (a ranking's, by points).
        var categories: [String]?
        /// A grid's statements, in order.
        var statements: [String]?
        /// How a bar's percent reads when it is not a share of the respondents, `{percent}`
        /// standing for the number ("{percent}% of points"); nil for the plain "55.6%".
        var share: String?
    }

    /// The cloud's words in their order, sized 1–5 by count (all 3 when every count is the same).
    static func cloud(_ words: [WordCount]) -> [CloudWord] {
        let counts = words.map(\.count)
        guard let least = counts.min(), let most = counts.max() else { return [] }
        return words.map { word in
            let size = most == least ? 3 : 1 + (4 * (word.count - least)) / (most - least)
            return CloudWord(word: word.word, count: String(word.count), size: size)
        }
    }

    /// A statement's numbers; a withheld statement says so in every cell.
    private static func statementRow(_ statement: QuestionResult.StatementResult, _ t: Localizer) -> StatementRow {
        guard !statement.withheld, let statistics = statement.statistics else {
            let withheld = statement.withheld ? t(.withheldCell) : "–"
            return StatementRow(
                statementName: statement.label, answers: statement.respondents.map(String.init) ?? t(.withheldCell), mean: withheld, median: withheld, interval: withheld)
        }
        let interval = statistics.confidenceInterval95.map { "\(Self.number($0.lower))–\(Self.number($0.upper))" } ?? "–"
        return StatementRow(
            statementName: statement.label, answers: statement.respondents.map(String.init) ?? t(.withheldCell), mean: statistics.mean.map(Self.number) ?? "–",
            median: statistics.median.map(Self.number) ?? "–", interval: interval)
    }

    private static func stats(_ result: QuestionResult, _ t: Localizer) -> [Stat] {
        guard let statistics = result.statistics else { return [] }
        var stats: [Stat] = []
        if let mean = statistics.mean { stats.append(Stat(name: t(.meanLabel), value: Self.number(mean))) }
        if let median = statistics.median { stats.append(Stat(name: t(.medianLabel), value: Self.number(median))) }
        if let median = statistics.medianValue { stats.append(Stat(name: t(.medianLabel), value: median)) }
        if let nps = statistics.nps?.score { stats.append(Stat(name: t(.npsLabel), value: Self.number(nps))) }
        return stats
    }

    /// One decimal at most: `4`, `4.5`, `-12.5`.
    static func number(_ value: Double) -> String {
        let rounded = DisplayRounding.oneDecimal(value)
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}
