import Debrief

extension RatingKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Rating question", korean: "평점 질문") }

    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        guard let statistics = result.statistics else { return }
        first += [
            statistics.mean.map { text.mean(DisplayText.oneDecimal($0)) },
            statistics.median.map { text.median(DisplayText.oneDecimal($0)) },
            statistics.nps?.score.map { text.nps(DisplayText.oneDecimal($0)) },
        ].compactMap { $0 }
    }

    /// A column per scale value, the mean marked.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows
        let lowest = rows.first.flatMap { Int($0.category) } ?? 0
        let mean = result.statistics?.mean
        let marker = mean.map { ColumnMarker(position: $0 - Double(lowest), label: text.mean(DisplayText.oneDecimal($0))) }
        ColumnChart.draw(rows.map { Column(label: $0.label, count: $0.count) }, marker: marker, on: &canvas)
        let counts = rows.map { " \($0.label): \($0.count.map(text.answers) ?? text.withheld)." }
        return (mean.map { " " + text.meanSentence(DisplayText.oneDecimal($0)) } ?? "") + counts.joined()
    }

    /// The mean with its 95 % interval per session; a 0–10 "would you recommend" question is read
    /// as its NPS (−100 to 100), the number the pages, the digest and the API give for it.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        if trend.points.contains(where: { $0.nps != nil }) {
            return TrendSeries(
                measure: text.npsPerSession,
                lines: [SeriesLine(name: nil, values: trend.points.map { $0.withheld ? nil : $0.nps }, intervals: [])],
                format: DisplayText.oneDecimal, scale: NiceScale(low: -100, high: 100))
        }
        let lines = [SeriesLine(
            name: nil, values: trend.points.map(\.mean),
            intervals: trend.points.map { $0.confidenceInterval95.map { $0.lower...$0.upper } })]
        return TrendSeries(
            measure: text.meanPerSession(Self.meanName(text.language)), lines: lines, format: DisplayText.oneDecimal,
            scale: NiceScale(low: lines.plotted.min() ?? 0, high: lines.plotted.max() ?? 1))
    }
}
