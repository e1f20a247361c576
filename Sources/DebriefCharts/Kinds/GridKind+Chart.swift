import Debrief

extension GridKind: ChartKindPart {
    static func name(_ text: ChartStrings) -> String { text.choose(english: "Rating grid", korean: "평점 표") }

    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String]) {
        lines.append(text.statements(result.statements?.count ?? 0))
    }

    /// One diverging bar per statement (``DivergingBars``); a withheld statement keeps its row
    /// with no bar and says so.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let statements = result.statements ?? []
        let values = statements.first?.chart.rows.map(\.label) ?? []
        let rows = statements.map { statement in
            DivergingRow(
                label: statement.label,
                shares: statement.withheld ? nil : statement.chart.rows.map { ($0.percent ?? 0) / 100 },
                value: statement.withheld
                    ? text.withheld
                    : [statement.statistics?.mean.map { text.mean(DisplayText.oneDecimal($0)) }, statement.chart.total.map(text.answers)]
                        .compactMap { $0 }.joined(separator: ChartStrings.separator))
        }
        DivergingBars.draw(rows, values: values, on: &canvas)
        return statements.map { statement in
            guard !statement.withheld else { return " \(statement.label): \(text.withheld)." }
            let mean = statement.statistics?.mean.map { " " + text.meanSentence(DisplayText.oneDecimal($0)) } ?? ""
            let counts = statement.chart.rows.map { "\($0.label): \($0.count.map(text.answers) ?? text.withheld)" }
            return " \(statement.label).\(mean) \(counts.joined(separator: ", "))."
        }.joined()
    }

    /// Each statement's mean with its interval per session.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries {
        let lines = (trend.categories ?? []).map { statement in
            SeriesLine(
                name: statement.label, values: trend.points.map { $0.withheld ? nil : $0.statementMeans?[statement.id] },
                intervals: trend.points.map { point in point.statementIntervals?[statement.id].map { $0.lower...$0.upper } })
        }
        return TrendSeries(
            measure: text.statementMeansPerSession, lines: lines, format: DisplayText.oneDecimal,
            scale: NiceScale(low: lines.plotted.min() ?? 0, high: lines.plotted.max() ?? 1))
    }
}
