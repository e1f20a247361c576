import Foundation

/// The first `VEVENT` of an uploaded `.ics` file, as far as a series plan needs it: its start
/// (with its zone), end or duration, summary, location, `RRULE` and `EXDATE`s. Problems are
/// reported at `ics.PROPERTY` (`ics.DTSTART`), and a malformed line by its number (`ics`).
public struct ICalendarEventReader: Sendable {
    public struct Event: Sendable {
        public var start: Date
        public var zone: TimeZone
        public var end: Date
        public var summary: String?
        public var location: String?
        public var rule: String
        public var excluded: Set<Date>
    }

    /// Largest file read, in bytes (a calendar event is a few kilobytes).
    public static let maxBytes = 64 * 1024
    /// Most content lines read (an exported event is a few dozen): the file is refused past it,
    /// so the work of reading is bounded by this and ``maxBytes`` (issue 47).
    public static let maxLines = 1_000
    /// Most `EXDATE` values, as many as `COUNT` may make.
    public static let maxExcluded = RecurrenceRule.maxCount

    /// A content line: `NAME;PARAM=VALUE:value`.
    struct Line {
        var name: String
        var parameters: [String: String]
        var value: String
    }

    /// `fallbackZone` places a UTC or floating `DTSTART` on a wall clock (the host's zone).
    public static func read(_ text: String, fallbackZone: TimeZone) -> Result<Event, ValidationFailure> {
        var problems = ProblemCollector()
        guard text.utf8.count <= Self.maxBytes else {
            return .failure(ValidationFailure(FieldProblem("ics", "must be at most \(Self.maxBytes / 1024) KiB")))
        }
        var properties: [Line] = []
        var inEvent = false, sawCalendar = false, sawEvent = false
        let lines = ICalendarText.unfold(text)
        guard lines.count <= Self.maxLines else {
            return .failure(ValidationFailure(FieldProblem("ics", "must have at most \(Self.maxLines) lines")))
        }
        for (number, raw) in lines.enumerated() {
            guard let line = Self.line(raw) else {
                // The first one is named: the answer stays short however many there are.
                if problems.isEmpty { problems.add("ics", "line \(number + 1) is not a content line (NAME:value): \(raw.prefix(40))") }
                continue
            }
            switch (line.name, line.value.uppercased()) {
            case ("BEGIN", "VCALENDAR"): sawCalendar = true
            case ("BEGIN", "VEVENT") where !sawEvent: inEvent = true; sawEvent = true
            case ("END", "VEVENT"): inEvent = false
            default: if inEvent { properties.append(line) }
            }
        }
        if !sawCalendar || !sawEvent { problems.add("ics", "has no BEGIN:VCALENDAR with a BEGIN:VEVENT") }
        guard problems.isEmpty else { return .failure(ValidationFailure(problems: problems.problems)) }
        func one(_ name: String) -> Line? { properties.first { $0.name == name } }

        var zone = fallbackZone
        var start: Date?
        if let line = one("DTSTART") {
            if let tzid = line.parameters["TZID"] {
                if let named = HostTimeZone.zone(tzid) { zone = named } else {
                    problems.add("ics.DTSTART", "time zone \(tzid.prefix(60)) is not an IANA zone name such as Europe/Berlin")
                }
            }
            switch ICalendarDateTime.parse(line.value, timeZone: zone) {
            case .instant(let date): start = date
            case .local(let components): start = Self.date(components, in: zone)
            case .day: problems.add("ics.DTSTART", "is a whole day; a meeting needs a start time")
            case nil: problems.add("ics.DTSTART", "is not a date-time such as 20261201T090000")
            }
        } else {
            problems.add("ics.DTSTART", "is required")
        }
        var end: Date?
        if let line = one("DTEND") {
            let endZone = HostTimeZone.zone(line.parameters["TZID"]) ?? zone
            switch ICalendarDateTime.parse(line.value, timeZone: endZone) {
            case .instant(let date): end = date
            case .local(let components): end = Self.date(components, in: endZone)
            default: problems.add("ics.DTEND", "is not a date-time such as 20261201T100000")
            }
        } else if let line = one("DURATION") {
            if let seconds = Self.duration(line.value), let start { end = start.addingTimeInterval(seconds) } else if start != nil {
                problems.add("ics.DURATION", "is not a duration such as PT1H30M")
            }
        } else {
            problems.add("ics.DTEND", "is required (or DURATION)")
        }
        let rule = one("RRULE")?.value
        if rule == nil { problems.add("ics.RRULE", "is required: the event must repeat") }
        var excluded: Set<Date> = []
        let exdates = properties.filter { $0.name == "EXDATE" }
        let tooMany = exdates.reduce(0, { $0 + $1.value.split(separator: ",").count }) > Self.maxExcluded
        if tooMany { problems.add("ics.EXDATE", "must have at most \(Self.maxExcluded) dates") }
        for line in exdates where !tooMany {
            let exZone = HostTimeZone.zone(line.parameters["TZID"]) ?? zone
            for value in line.value.split(separator: ",") {
                switch ICalendarDateTime.parse(String(value), timeZone: exZone) {
                case .instant(let date): excluded.insert(date)
                case .local(let components): if let date = Self.date(components, in: exZone) { excluded.insert(date) }
                default: problems.add("ics.EXDATE", "\(value.prefix(20)) is not a date-time such as 20261215T090000")
                }
            }
        }
        return problems.result {
            guard let start, let end, let rule else { return nil }
            return Event(
                start: start, zone: zone, end: end, summary: one("SUMMARY").map { ICalendarText.unescape($0.value) },
                location: one("LOCATION").map { ICalendarText.unescape($0.value) }, rule: rule, excluded: excluded)
        }
    }

    static func date(_ components: DateComponents, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: components)
    }

    /// `NAME;P=V;Q="V":value`, names upper-cased; nil when there is no name or colon.
    static func line(_ raw: String) -> Line? {
        var name = "", parameters: [String: String] = [:]
        var current = "", key: String?, quoted = false, inName = true
        var index = raw.startIndex
        while index < raw.endIndex {
            let c = raw[index]
            if quoted {
                if c == "\"" { quoted = false } else { current.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == ":" || c == ";" {
                if inName { name = current } else if let key { parameters[key] = current }
                current = ""; key = nil; inName = false
                if c == ":" {
                    let value = String(raw[raw.index(after: index)...])
                    let upper = name.uppercased()
                    guard !upper.isEmpty, upper.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
                    return Line(name: upper, parameters: parameters, value: value)
                }
            } else if c == "=", !inName, key == nil {
                key = current.uppercased(); current = ""
            } else {
                current.append(c)
            }
            index = raw.index(after: index)
        }
        return nil
    }

    /// `PT1H30M`, `P1D`, `P1W` in seconds (nominal days of 24 hours, enough for a meeting).
    static func duration(_ text: String) -> TimeInterval? {
        var rest = Substring(text.uppercased())
        if rest.hasPrefix("+") { rest = rest.dropFirst() }
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total: TimeInterval = 0, number = "", inTime = false, any = false
        for c in rest {
            if c.isASCII, c.isNumber { number.append(c); continue }
            if c == "T" { inTime = true; continue }
            guard let value = Double(number) else { return nil }
            number = ""; any = true
            switch (c, inTime) {
            case ("W", false): total += value * 604_800
            case ("D", false): total += value * 86_400
            case ("H", true): total += value * 3_600
            case ("M", true): total += value * 60
            case ("S", true): total += value
            default: return nil
            }
        }
        return any && number.isEmpty ? total : nil
    }
}
