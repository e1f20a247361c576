import Foundation

/// The subset of RFC 5545 `RRULE` Debrief plans series from (docs/decisions/0040-calendar.md):
/// `FREQ=DAILY|WEEKLY|MONTHLY`, `INTERVAL`, `COUNT` or `UNTIL`, `BYDAY` (weekdays for a weekly
/// rule, `2TU`/`-1FR` for a monthly one) and `WKST`. Anything else is refused by name rather
/// than half-understood.
public struct RecurrenceRule: Sendable, Equatable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY"
    }

    /// A `BYDAY` entry: a weekday (1 = Sunday … 7 = Saturday, as `Calendar` counts) and, in a
    /// monthly rule, which one of the month (`2` second, `-1` last; nil every one).
    public struct Day: Sendable, Hashable {
        public var weekday: Int
        public var ordinal: Int?
    }

    public enum End: Sendable, Equatable {
        /// `COUNT`: occurrences the rule makes (EXDATE removes some of them afterwards).
        case count(Int)
        /// `UNTIL` as an instant (`…Z`), inclusive.
        case until(Date)
        /// `UNTIL` as a date (`20270601`): the last day, in the series' zone, inclusive.
        case untilDay(year: Int, month: Int, day: Int)
        /// Neither: the series is planned up to the horizon.
        case none
    }

    public static let maxInterval = 52
    public static let maxCount = 200
    /// The longest rule read, from any source (a typed `rule` or a file's `RRULE`): a real one
    /// is a few dozen characters. Checked before anything else is read.
    public static let maxLength = 500
    /// The most different `BYDAY` entries (duplicates are dropped first): every weekday at
    /// three positions. A weekly rule can name 7 at most; no meeting needs more in a month.
    public static let maxByDayEntries = 21
    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    public var frequency: Frequency
    public var interval: Int
    public var end: End
    public var byDay: [Day]
    /// The first day of the week (1 = Sunday); Monday unless `WKST` says otherwise.
    public var weekStart: Int

    /// Parses the value of an `RRULE` (`FREQ=WEEKLY;INTERVAL=2;COUNT=6`); problems are reported
    /// at `path.PART` (`rule.INTERVAL`), every one found.
    public static func parse(_ text: String, at path: String) -> Result<RecurrenceRule, ValidationFailure> {
        // The length first, so the cost of reading a rule is bounded by it (issue 47).
        guard text.count <= Self.maxLength else {
            return .failure(ValidationFailure(FieldProblem(path, "must be at most \(Self.maxLength) characters")))
        }
        var problems = ProblemCollector()
        var parts: [String: String] = [:]
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.uppercased().hasPrefix("RRULE:") { value = String(value.dropFirst(6)) }
        for piece in value.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].trimmingCharacters(in: .whitespaces).uppercased()
            guard pair.count == 2, !name.isEmpty, !pair[1].isEmpty else {
                problems.add(path, "has a part that is not NAME=VALUE: \(String(piece).prefix(40))")
                continue
            }
            if parts[name] != nil { problems.add("\(path).\(name)", "is given twice") }
            parts[name] = pair[1].trimmingCharacters(in: .whitespaces).uppercased()
        }
        let known: Set = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "WKST"]
        for name in parts.keys.sorted() where !known.contains(name) {
            problems.add("\(path).\(name)", "is not supported (supported: FREQ, INTERVAL, COUNT, UNTIL, BYDAY, WKST)")
        }
        var frequency: Frequency?
        if let raw = parts["FREQ"] {
            frequency = Frequency(rawValue: raw)
            if frequency == nil { problems.add("\(path).FREQ", "\(raw.prefix(20)) is not supported (supported: DAILY, WEEKLY, MONTHLY)") }
        } else {
            problems.add("\(path).FREQ", "is required")
        }
        var interval = 1
        if let raw = parts["INTERVAL"] {
            if let number = Int(raw), (1...Self.maxInterval).contains(number) {
                interval = number
            } else {
                problems.add("\(path).INTERVAL", "must be an integer between 1 and \(Self.maxInterval)")
            }
        }
        var end = End.none
        if parts["COUNT"] != nil, parts["UNTIL"] != nil {
            problems.add("\(path).UNTIL", "cannot be given with COUNT")
        } else if let raw = parts["COUNT"] {
            if let number = Int(raw), (1...Self.maxCount).contains(number) {
                end = .count(number)
            } else {
                problems.add("\(path).COUNT", "must be an integer between 1 and \(Self.maxCount)")
            }
        } else if let raw = parts["UNTIL"] {
            if let parsed = ICalendarDateTime.parse(raw, timeZone: nil) {
                switch parsed {
                case .instant(let date): end = .until(date)
                case .day(let year, let month, let day): end = .untilDay(year: year, month: month, day: day)
                case .local: problems.add("\(path).UNTIL", "must be a date (20270601) or a UTC time (20270601T170000Z)")
                }
            } else {
                problems.add("\(path).UNTIL", "must be a date (20270601) or a UTC time (20270601T170000Z)")
            }
        }
        var weekStart = 2
        if let raw = parts["WKST"] {
            if let index = Self.weekdayCodes.firstIndex(of: raw) { weekStart = index + 1 } else {
                problems.add("\(path).WKST", "must be one of MO, TU, WE, TH, FR, SA, SU")
            }
        }
        var days: [Day] = []
        if let raw = parts["BYDAY"] {
            // Duplicates are dropped (the expansion's cost grows with the entries), and only the
            // first bad entry is named: the answer stays short whatever the list.
            var seen: Set<Day> = []
            var bad: String?
            for entry in raw.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = Self.day(String(entry)) else {
                    bad = bad ?? "\(entry.prefix(10)) is not a weekday such as MO, 2TU or -1FR"
                    continue
                }
                if day.ordinal != nil, frequency != .monthly {
                    bad = bad ?? "\(entry) has a position, which only a MONTHLY rule may have"
                } else if seen.insert(day).inserted {
                    days.append(day)
                }
            }
            if let bad { problems.add("\(path).BYDAY", bad) }
            if days.count > Self.maxByDayEntries {
                problems.add("\(path).BYDAY", "has \(days.count) different entries; at most \(Self.maxByDayEntries)")
            }
            if frequency == .daily { problems.add("\(path).BYDAY", "is not supported with FREQ=DAILY") }
        }
        return problems.result {
            guard let frequency else { return nil }
            return RecurrenceRule(frequency: frequency, interval: interval, end: end, byDay: days, weekStart: weekStart)
        }
    }

    /// `MO`, `2TU`, `-1FR`, `+3WE` (positions ±1…5).
    static func day(_ text: String) -> Day? {
        guard text.count >= 2, let weekday = Self.weekdayCodes.firstIndex(of: String(text.suffix(2))) else { return nil }
        let prefix = text.dropLast(2)
        guard !prefix.isEmpty else { return Day(weekday: weekday + 1, ordinal: nil) }
        guard let ordinal = Int(prefix.hasPrefix("+") ? String(prefix.dropFirst()) : String(prefix)),
              (1...5).contains(abs(ordinal)) else { return nil }
        return Day(weekday: weekday + 1, ordinal: ordinal)
    }
}
