import Debrief

/// Responses per session of a series, as columns.
enum SessionsChart {
    static func render(_ sessions: [TrendsReport.Session], style: ChartStyle) -> String {
        let text = style.strings
        let ordered = sessions.sorted { $0.sessionNumber < $1.sessionNumber }
        let total = ordered.reduce(0) { $0 + $1.responses }
        var canvas = ChartCanvas(
            style: style, title: text.sessionsTitle,
            subtitle: [text.sessions(ordered.count) + ChartStrings.separator + text.responses(total)])
        if ordered.allSatisfy({ $0.responses == 0 }) {
            canvas.message(text.noResponses)
        } else {
            ColumnChart.draw(ordered.map { Column(label: text.sessionLabel($0.sessionNumber), count: $0.responses) }, marker: nil, on: &canvas)
        }
        let description = ordered.isEmpty
            ? text.noResponses + "."
            : ordered.map { "\(text.session($0.sessionNumber)): \(text.responses($0.responses)), \(text.checkedIn($0.checkedIn))." }
                .joined(separator: " ")
        return canvas.finish(title: text.sessionsTitle, description: description)
    }
}
