import Debrief

extension NumberKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Number question", korean: "숫자 질문") }

    /// The mean and median, in the question's unit when it has one.
    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        guard let statistics = result.statistics else { return }
        first += [
            statistics.mean.map { text.mean(DisplayText.oneDecimal($0)) },
            statistics.median.map { text.median(DisplayText.oneDecimal($0)) },
        ].compactMap { $0 }
        if let unit = result.unit { first.append(unit) }
    }

    /// A column per bin of the histogram.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows
        ColumnChart.draw(rows.map { Column(label: $0.label, count: $0.count) }, marker: nil, on: &canvas)
        let counts = rows.map { " \($0.label): \($0.count.map(text.answers) ?? text.withheld)." }
        let mean = result.statistics?.mean.map { " " + text.meanSentence(DisplayText.oneDecimal($0)) } ?? ""
        return mean + counts.joined()
    }

    /// The mean with its 95 % interval per session.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        let lines = [SeriesLine(
            name: nil, values: trend.points.map(\.mean),
            intervals: trend.points.map { $0.confidenceInterval95.map { $0.lower...$0.upper } })]
        return TrendSeries(
            measure: text.meanPerSession(Self.meanName(text.language)), lines: lines, format: DisplayText.oneDecimal,
            scale: NiceScale(low: lines.plotted.min() ?? 0, high: lines.plotted.max() ?? 1))
    }
}
