import Debrief

/// Responses per session of a series, as columns.
enum SessionsChart {
    static let title = "Responses per session"

    static func render(_ sessions: [SessionCounts], style: ChartStyle) -> String {
        let ordered = sessions.sorted { $0.sessionNumber < $1.sessionNumber }
        var canvas = ChartCanvas(
            style: style, title: Self.title,
            subtitle: [DisplayText.count(ordered.count, "session", "sessions") + " · " + DisplayText.count(ordered.reduce(0) { $0 + $1.responses }, "response", "responses")])
        if ordered.allSatisfy({ $0.responses == 0 }) {
            canvas.message(ChartSVG.noResponsesMessage)
        } else {
            ColumnChart.draw(ordered.map { Column(label: "#\($0.sessionNumber)", count: $0.responses) }, marker: nil, on: &canvas)
        }
        let description = ordered.isEmpty
            ? ChartSVG.noResponsesMessage + "."
            : ordered.map { "Session \($0.sessionNumber): \(DisplayText.count($0.responses, "response", "responses")), \($0.checkedIn) checked in." }
                .joined(separator: " ")
        return canvas.finish(title: Self.title, description: description)
    }
}
