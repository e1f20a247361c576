import Debrief

extension ChoiceKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Choice question", korean: "선택형 질문") }

    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        if result.sharesMayExceed100 == true, !result.withheld {
            lines.append(text.sharesMayExceed100)
        }
    }

    /// A bar per option, with its count and share.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows.enumerated().map { index, row in
            BarRow(
                label: index == result.otherRowIndex ? text.other : row.label, fraction: row.percent.map { $0 / 100 },
                value: "\(row.count.map(String.init) ?? "–")\(ChartStrings.separator)\(row.percent.map(DisplayText.percent) ?? "–")")
        }
        HorizontalBars.draw(rows, on: &canvas)
        return rows.map { " \($0.label): \($0.value)." }.joined()
    }

    /// Each option's share per session, from zero.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        let lines = (trend.categories ?? []).map { option in
            SeriesLine(
                name: option.id == ChoiceSpec.otherCategory ? text.other : option.label,
                values: trend.points.map { $0.withheld ? nil : $0.optionShares?[option.id] },
                intervals: [])
        }
        return TrendSeries(
            measure: text.sharesPerSession, lines: lines, format: DisplayText.percent,
            scale: NiceScale(low: 0, high: max(10, lines.plotted.max() ?? 100), targetTicks: 5))
    }
}
