import Debrief

extension RankingKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Ranking question", korean: "순위 질문") }

    /// What the bars measure: Borda points, n − rank.
    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        lines.append(
            text.choose(
                english: "Bars: Borda points (n − rank), most first", korean: "막대: 보르다 점수(n − 순위), 높은 순"))
    }

    /// A bar per option in the result's order (most Borda points first), with its points, share
    /// of all points and, when shown, its average rank.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let averages = Dictionary(uniqueKeysWithValues: (result.ranking ?? []).map { ($0.optionId, $0.averageRank) })
        let rows = result.chart.rows.map { row in
            let average = averages[row.category].flatMap { $0 }.map {
                ChartStrings.separator + text.choose(english: "avg. rank ", korean: "평균 순위 ") + DisplayText.oneDecimal($0)
            }
            return BarRow(
                label: row.label, fraction: row.percent.map { $0 / 100 },
                value: "\(row.count.map(String.init) ?? "–")\(ChartStrings.separator)\(row.percent.map { Self.share($0, text) } ?? "–")\(average ?? "")")
        }
        HorizontalBars.draw(rows, on: &canvas)
        return rows.map { " \($0.label): \($0.value)." }.joined()
    }

    /// "55.6% of points": a share of all Borda points, not of the respondents (issue 68).
    static func share(_ percent: Double, _ text: ChartStrings) -> String {
        let shown = DisplayText.percent(percent)
        return text.choose(english: "\(shown) of points", korean: "점수의 \(shown)")
    }

    /// Each option's share of the Borda points per session, from zero.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        let lines = (trend.categories ?? []).map { option in
            SeriesLine(name: option.label, values: trend.points.map { $0.withheld ? nil : $0.optionShares?[option.id] }, intervals: [])
        }
        return TrendSeries(
            measure: text.choose(english: "Share of Borda points per session", korean: "회차별 보르다 점수 비율"),
            lines: lines, format: DisplayText.percent,
            scale: NiceScale(low: 0, high: max(10, lines.plotted.max() ?? 100), targetTicks: 5))
    }
}
