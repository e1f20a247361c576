import Foundation

/// The body of "a series from a calendar event" (`POST /v1/series/from-calendar`): either an
/// `.ics` file's text (`ics`), or a typed rule (`rule`, `start`, `end`, `title`, `timeZone`,
/// `place`). `title`, `place` and `timeZone` also override what the file says.
public struct CalendarSeriesInput: Codable, Sendable, Equatable {
    public var ics: String?
    /// An `RRULE` value: `FREQ=WEEKLY;INTERVAL=2;COUNT=6`.
    public var rule: String?
    /// The first session's start and end (ISO 8601 with a zone).
    public var start: Date?
    public var end: Date?
    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS` values in `timeZone` (EXDATE), or ISO 8601 instants.
    public var exclude: [String]?
    public var title: String?
    public var place: String?
    /// The IANA zone whose wall clock the series keeps (`Europe/Berlin`); the host's by default.
    public var timeZone: String?

    public init(
        ics: String? = nil, rule: String? = nil, start: Date? = nil, end: Date? = nil, exclude: [String]? = nil, title: String? = nil,
        place: String? = nil, timeZone: String? = nil
    ) {
        self.ics = ics
        self.rule = rule
        self.start = start
        self.end = end
        self.exclude = exclude
        self.title = title
        self.place = place
        self.timeZone = timeZone
    }
}

/// The sessions a rule makes within the horizon, validated, ready to be created as one series.
public struct CalendarSeriesPlan: Sendable, Equatable {
    /// At most this many sessions in one plan (also the most the horizon may hold).
    public static let maxSessions = 100
    /// The longest rule, typed or read from a file (``RecurrenceRule/maxLength``, checked there).
    public static let maxRuleLength = RecurrenceRule.maxLength

    public var sessions: [MeetingDetails]
    public var timeZone: String
    /// The rule would go on past the horizon: only the sessions within it were planned.
    public var reachedHorizon: Bool
    /// The rule's text (`FREQ=WEEKLY;COUNT=8`), kept as the series' schedule (SQL/0059): "Next
    /// session" proposes its next occurrence after the latest session (``NextSessionSlot``).
    public var schedule: String? = nil

    /// Validates `input`. `hostZone` is the host's zone (a UTC or floating start keeps its wall
    /// clock there); problems name their field (`rule.INTERVAL`, `ics.DTSTART`, `timeZone`).
    public static func make(
        _ input: CalendarSeriesInput, hostZone: String?, budget: ExpansionBudget = ExpansionBudget()
    ) throws -> Result<CalendarSeriesPlan, ValidationFailure> {
        var problems = ProblemCollector()
        var zone = HostTimeZone.zone(hostZone) ?? TimeZone(identifier: "UTC") ?? .gmt
        if input.timeZone != nil, let name = HostTimeZone.check(input.timeZone, at: "timeZone", into: &problems) {
            zone = HostTimeZone.zone(name) ?? zone
        }
        var start: Date?, end: Date?, ruleText: String?, excluded: Set<Date> = []
        var title = input.title, place = input.place
        let rulePath: String
        let startPath: String, endPath: String, titlePath: String
        if let ics = input.ics {
            (rulePath, startPath, endPath, titlePath) = ("ics.RRULE", "ics.DTSTART", "ics.DTEND", input.title == nil ? "ics.SUMMARY" : "title")
            if input.rule != nil { problems.add("rule", "cannot be given with ics") }
            switch ICalendarEventReader.read(ics, fallbackZone: zone) {
            case .success(let event):
                start = event.start; end = event.end; ruleText = event.rule; excluded = event.excluded
                if input.timeZone == nil { zone = event.zone }
                title = title ?? event.summary
                place = place ?? event.location
            case .failure(let failure):
                problems.add(contentsOf: failure)
            }
        } else {
            (rulePath, startPath, endPath, titlePath) = ("rule", "start", "end", "title")
            ruleText = input.rule
            if (input.exclude?.count ?? 0) > RecurrenceRule.maxCount {
                problems.add("exclude", "must have at most \(RecurrenceRule.maxCount) items")
            }
            start = input.start
            end = input.end
            if input.rule == nil { problems.add("rule", "is required (or ics)") }
            if input.start == nil { problems.add("start", "is required") }
            if input.end == nil { problems.add("end", "is required") }
            for (index, text) in (input.exclude ?? []).enumerated() {
                switch ICalendarDateTime.parse(text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""), timeZone: zone) {
                case .instant(let date): excluded.insert(date)
                case .local(let components): if let date = ICalendarEventReader.date(components, in: zone) { excluded.insert(date) }
                default: problems.add("exclude[\(index)]", "must be a local date-time such as 2026-12-15T09:00:00")
                }
            }
        }
        var rule: RecurrenceRule?
        if let ruleText {
            switch RecurrenceRule.parse(ruleText, at: rulePath) {
            case .success(let parsed): rule = parsed
            case .failure(let failure): problems.add(contentsOf: failure)
            }
        }
        // The first session is checked as any meeting is (title, place, order and length), once
        // the file could be read: a broken file is reported as such, not as a missing title.
        guard problems.isEmpty || input.ics == nil || start != nil else { return .failure(ValidationFailure(problems: problems.problems)) }
        let first = MeetingInput(title: title, startsAt: start, endsAt: end, place: place).validate()
        if case .failure(let failure) = first {
            let paths = ["title": titlePath, "startsAt": startPath, "endsAt": endPath, "place": "place"]
            for problem in failure.problems where !(problem.message == "is required" && problem.path != "title" && start == nil) {
                problems.add(FieldProblem(paths[problem.path] ?? problem.path, problem.message))
            }
        }
        guard problems.isEmpty, let rule, case .success(let details) = first else {
            return .failure(ValidationFailure(problems: problems.problems))
        }
        switch rule.end {
        case .until(let until) where until < details.startsAt:
            problems.add("\(rulePath).UNTIL", "is before the first session's start")
        case .untilDay(let y, let m, let d) where (ICalendarEventReader.date(DateComponents(year: y, month: m, day: d + 1), in: zone) ?? .distantFuture) <= details.startsAt:
            problems.add("\(rulePath).UNTIL", "is before the first session's start")
        default: break
        }
        guard problems.isEmpty else { return .failure(ValidationFailure(problems: problems.problems)) }
        let horizon = details.startsAt.addingTimeInterval(TimeInterval(RecurrenceRule.horizonWeeks * 7 * 86_400))
        // One expansion, stopped at one more session than allowed (enough to refuse) or at the
        // first occurrence past the horizon (enough to say the rule goes on).
        let expansion = try rule.expand(
            from: details.startsAt, in: zone, horizon: horizon, excluding: excluded, atMost: Self.maxSessions, budget: budget)
        let starts = expansion.starts
        if starts.isEmpty { problems.add(rulePath, "makes no session (EXDATE removes every one, or none matches the start)") }
        if starts.count > Self.maxSessions {
            problems.add(rulePath, "makes more than \(Self.maxSessions) sessions within \(RecurrenceRule.horizonWeeks) weeks; at most \(Self.maxSessions)")
        }
        let duration = details.duration
        for (previous, next) in zip(starts, starts.dropFirst()) where previous.addingTimeInterval(duration) > next {
            problems.add(endPath, "makes sessions overlap one another: each lasts longer than the time between two")
            break
        }
        let reached = expansion.goesOnPastHorizon
        return problems.result {
            CalendarSeriesPlan(
                sessions: starts.map { MeetingDetails(title: details.title, startsAt: $0, endsAt: $0.addingTimeInterval(duration), place: details.place, expectedHeadCount: nil) },
                timeZone: zone.identifier, reachedHorizon: reached,
                schedule: ruleText.map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }
}
