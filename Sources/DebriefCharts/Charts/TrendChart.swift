import Debrief

/// How one question did across a series' sessions: the mean rating with its 95 % confidence
/// interval, or (choice and short answer) how many answered.
enum TrendChart {
    static func render(_ trend: QuestionTrend, style: ChartStyle) -> String {
        let text = style.strings
        let isRating = trend.kind == .rating
        let measure = isRating ? text.meanPerSession : text.respondentsPerSession
        var canvas = ChartCanvas(style: style, title: trend.prompt, subtitle: [measure])
        let points = trend.points.map { point in
            LinePoint(
                label: text.sessionLabel(point.sessionNumber),
                value: isRating ? point.mean : (point.withheld ? nil : point.respondents.map(Double.init)),
                interval: isRating ? point.confidenceInterval95.map { $0.lower...$0.upper } : nil)
        }
        var description = "\(measure)."
        if points.allSatisfy({ $0.value == nil }) {
            canvas.message(text.noResponses)
            description += " \(text.noResponses)."
        } else {
            let changedAt = trend.points.firstIndex { $0.sessionNumber == trend.comparableFrom }
            LineChart.draw(
                points, integers: !isRating, startAtZero: !isRating,
                breakMark: changedAt.map { LineBreakMark(index: $0, label: text.questionChanged) },
                format: DisplayText.oneDecimal, on: &canvas)
            description += zip(trend.points, points).map { point, drawn in
                " \(text.session(point.sessionNumber)): \(drawn.value.map(DisplayText.oneDecimal) ?? text.noData)."
            }.joined()
            if let changedAt, changedAt > 0 {
                description += " " + text.questionChanged(atSession: trend.comparableFrom)
            }
        }
        return canvas.finish(title: trend.prompt, description: description)
    }
}
