import Debrief

/// The numbers behind a response rate: who was expected, who checked in, who answered.
public struct AttendanceFigures: Sendable, Equatable {
    public var responses: Int
    public var checkedIn: Int
    /// The host's estimate, when they gave one.
    public var expectedHeadCount: Int?

    public init(responses: Int, checkedIn: Int, expectedHeadCount: Int?) {
        self.responses = max(0, responses)
        self.checkedIn = max(0, checkedIn)
        self.expectedHeadCount = expectedHeadCount.map { max(0, $0) }
    }
}

/// Attendance and response rate as three bars on one scale.
enum AttendanceChart {
    static let title = "Attendance and response rate"

    static func render(_ figures: AttendanceFigures, style: ChartStyle) -> String {
        let rates = [
            Self.rate(figures.responses, of: figures.checkedIn).map { "\($0) of those checked in" },
            Self.rate(figures.responses, of: figures.expectedHeadCount).map { "\($0) of those expected" },
        ].compactMap { $0 }
        let subtitle = rates.isEmpty ? "Response rate: no check-ins or expected head count yet" : "Response rate: " + rates.joined(separator: " · ")
        var canvas = ChartCanvas(style: style, title: Self.title, subtitle: [subtitle])
        var rows: [(String, Int)] = []
        if let expected = figures.expectedHeadCount { rows.append(("Expected", expected)) }
        rows += [("Checked in", figures.checkedIn), ("Responded", figures.responses)]
        let highest = rows.map(\.1).max() ?? 0
        if highest == 0 {
            canvas.message("No check-ins or responses yet")
        } else {
            HorizontalBars.draw(rows.map { BarRow(label: $0.0, fraction: Double($0.1) / Double(highest), value: String($0.1)) }, on: &canvas)
        }
        let description = rows.map { "\($0.0): \($0.1)." }.joined(separator: " ") + " \(subtitle)."
        return canvas.finish(title: Self.title, description: description)
    }

    private static func rate(_ part: Int, of whole: Int?) -> String? {
        guard let whole, whole > 0 else { return nil }
        return DisplayText.percent(ChartSeries.rounded(Statistics.percentage(part: part, of: whole)))
    }
}
