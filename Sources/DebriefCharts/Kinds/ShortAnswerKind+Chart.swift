import Debrief

extension ShortAnswerKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Short-answer question", korean: "단답형 질문") }

    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        if !result.withheld, let total = result.chart.total, total > 0 {
            lines.append(text.newestAnswersWords(total))
        }
    }

    /// A word cloud of the most frequent words.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        guard !result.chart.rows.isEmpty else {
            canvas.message(text.noWords)
            return " \(text.noWords)."
        }
        WordCloud.draw(result.chart.rows.map { WordWeight(word: $0.label, count: $0.count) }, on: &canvas)
        let words = result.chart.rows.map { " \($0.label) (\($0.count.map(String.init) ?? text.withheld))" }
        return " " + text.mostFrequentWords + words.joined(separator: ",") + "."
    }

    /// Respondents per session, in whole numbers from zero.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        let lines = [SeriesLine(name: nil, values: trend.points.map { $0.withheld ? nil : $0.respondents.map(Double.init) }, intervals: [])]
        return TrendSeries(
            measure: text.respondentsPerSession, lines: lines, format: DisplayText.oneDecimal,
            scale: NiceScale(low: 0, high: lines.plotted.max() ?? 1, integers: true))
    }
}
