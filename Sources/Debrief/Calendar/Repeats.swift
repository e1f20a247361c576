import Foundation

/// "Repeats" on a new meeting (`/m/new`, `repeats` of `POST /v1/meetings`): the schedules a host
/// picks without writing a rule. Each is written as the `RRULE` the calendar planner already
/// reads (``CalendarSeriesPlan``), so a series from `/m/new` and one from an `.ics` file are
/// planned, bounded and stored (`meeting_series.schedule`) the same way.
public enum Repeats: String, Sendable, CaseIterable, Codable {
    case none
    case weekly
    case everyTwoWeeks
    case monthly

    /// The accepted values, in the order a page offers them (the problem message names them).
    public static let names = Self.allCases.map(\.rawValue).joined(separator: ", ")

    /// The value at `path`, or a problem naming the accepted ones; absent is ``none``.
    public static func check(_ text: String?, at path: String, into problems: inout ProblemCollector) -> Repeats {
        guard let text else { return .none }
        guard let value = Repeats(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
            problems.add(path, "must be one of \(Self.names)")
            return .none
        }
        return value
    }

    /// The rule for a first session starting at `start`, read on `zone`'s wall clock; nil for
    /// ``none``. No end: the planner plans up to its horizon (``RecurrenceRule/horizonWeeks``).
    /// "Monthly" keeps the weekday and its place in the month ("the second Tuesday"); a fifth
    /// weekday, which most months lack, is "the last" (`-1TU`) rather than skipping months.
    public func rule(startingAt start: Date, in zone: TimeZone) -> String? {
        switch self {
        case .none: return nil
        case .weekly: return "FREQ=WEEKLY"
        case .everyTwoWeeks: return "FREQ=WEEKLY;INTERVAL=2"
        case .monthly:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.day, .weekday], from: start)
            let day = parts.day ?? 1
            let code = RecurrenceRule.weekdayCodes[((parts.weekday ?? 1) - 1) % 7]
            let ordinal = (day - 1) / 7 + 1
            return "FREQ=MONTHLY;BYDAY=\(ordinal == 5 ? -1 : ordinal)\(code)"
        }
    }
}
