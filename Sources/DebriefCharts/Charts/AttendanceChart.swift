import Debrief

/// The numbers behind a response rate: who was expected, who checked in, who answered.
public struct AttendanceFigures: Sendable, Equatable {
    public var responses: Int
    public var checkedIn: Int
    /// Checked-in people who responded (the numerator of the rate of those checked in); nil
    /// when unknown, and then that rate is not shown.
    public var checkedInResponded: Int?
    /// The host's estimate, when they gave one.
    public var expectedHeadCount: Int?

    public init(responses: Int, checkedIn: Int, checkedInResponded: Int? = nil, expectedHeadCount: Int?) {
        self.responses = max(0, responses)
        self.checkedIn = max(0, checkedIn)
        self.checkedInResponded = checkedInResponded.map { max(0, $0) }
        self.expectedHeadCount = expectedHeadCount.map { max(0, $0) }
    }

    /// The figures of a results report's summary.
    public init(_ summary: ResultsReport.Summary) {
        self.init(
            responses: summary.responses, checkedIn: summary.checkedIn, checkedInResponded: summary.checkedInResponded,
            expectedHeadCount: summary.expectedHeadCount)
    }
}

/// Attendance and response rate as three bars on one scale.
enum AttendanceChart {
    static func render(_ figures: AttendanceFigures, style: ChartStyle) -> String {
        let text = style.strings
        let rates = [
            figures.checkedInResponded.flatMap { Self.rate($0, of: figures.checkedIn, base: .checkedIn) }.map(text.rateOfCheckedIn),
            Self.rate(figures.responses, of: figures.expectedHeadCount, base: .expectedHeadCount).map(text.rateOfExpected),
        ].compactMap { $0 }
        let subtitle = text.responseRate(rates)
        // Responses not tied to a check-in (anonymous answers) are in the "Responded" bar but not
        // in the rate of those checked in: said, so "100 %" beside more responses than check-ins
        // reads as what it is.
        let unlinked = figures.checkedInResponded.map { figures.responses - $0 } ?? 0
        let unlinkedLine = unlinked > 0 ? text.responsesWithoutCheckIn(unlinked) : ""
        var canvas = ChartCanvas(style: style, title: text.attendanceTitle, subtitle: [subtitle, unlinkedLine])
        var rows: [(String, Int)] = []
        if let expected = figures.expectedHeadCount { rows.append((text.expected, expected)) }
        rows += [(text.checkedIn, figures.checkedIn), (text.responded, figures.responses)]
        let highest = rows.map(\.1).max() ?? 0
        if highest == 0 {
            canvas.message(text.noAttendance)
        } else {
            HorizontalBars.draw(rows.map { BarRow(label: $0.0, fraction: Double($0.1) / Double(highest), value: String($0.1)) }, on: &canvas)
        }
        let description = rows.map { "\($0.0): \($0.1)." }.joined(separator: " ") + " \(subtitle)."
            + (unlinkedLine.isEmpty ? "" : " \(unlinkedLine).")
        return canvas.finish(title: text.attendanceTitle, description: description)
    }

    /// The report's rule (``ResponseRate``): no rate where the numerator is not a subset.
    private static func rate(_ part: Int, of whole: Int?, base: ResponseRate.Base) -> String? {
        ResponseRate.of(part, in: whole, base: base).percent.map(DisplayText.percent)
    }
}
