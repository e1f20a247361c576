import Debrief

extension DateKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Date question", korean: "날짜 질문") }

    /// The median day.
    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        if let median = result.statistics?.medianValue { first.append(text.median(median)) }
    }

    /// A column per day (or week) of the histogram.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows
        ColumnChart.draw(rows.map { Column(label: $0.label, count: $0.count) }, marker: nil, on: &canvas)
        return rows.map { " \($0.label): \($0.count.map(text.answers) ?? text.withheld)." }.joined()
    }

    /// A trend of days follows no mean: respondents per session, in whole numbers from zero.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        let lines = [SeriesLine(name: nil, values: trend.points.map { $0.withheld ? nil : $0.respondents.map(Double.init) }, intervals: [])]
        return TrendSeries(
            measure: text.respondentsPerSession, lines: lines, format: DisplayText.oneDecimal,
            scale: NiceScale(low: 0, high: lines.plotted.max() ?? 1, integers: true))
    }
}
