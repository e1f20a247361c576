import Foundation

extension RecurrenceRule {
    /// How far ahead a series is planned from its first session: 26 weeks, so a rule without an
    /// end (or with a far one) makes a bounded plan. Stated in the page and docs/calendar.md.
    public static let horizonWeeks = 26

    /// The most periods (days, weeks or months) one expansion looks at. The horizon holds at
    /// most 183 daily periods; the rest lets a rule whose next occurrence skips periods (the
    /// fifth Friday every 52 months) be found or given up on past the horizon. A rule still
    /// without an occurrence after this many periods is read as ending there.
    public static let maxPeriods = 400

    /// The most steps (``ExpansionBudget``) one expansion takes, whatever the rule: a step per
    /// period, per `BYDAY` entry (at most ``maxByDayEntries``) and per candidate day (at most 31
    /// in a month). About 22,000 steps is a few milliseconds; the property test checks it.
    public static let maxExpansionSteps = maxPeriods * (1 + maxByDayEntries + 31)

    /// What one expansion found.
    public struct Expansion: Sendable, Equatable {
        /// The occurrences within the horizon and the rule's end, EXDATEs left out, at most
        /// `atMost + 1` of them (one more than allowed is enough to refuse).
        public var starts: [Date]
        /// The rule makes an occurrence after the horizon (within its end): only part of it was
        /// planned.
        public var goesOnPastHorizon: Bool
    }

    /// The starts of the occurrences from `start` (which is the first only when it matches the
    /// rule, as `dateutil.rrule` does), in wall-clock time of `zone` — a weekly 09:00 stays at
    /// 09:00 across a daylight-saving change — up to the rule's end and `horizon` (inclusive),
    /// `excluded` (EXDATE) instants left out (they still count towards COUNT, as RFC 5545 says).
    ///
    /// One pass, bounded: it stops after `atMost + 1` kept occurrences, at the first occurrence
    /// past the horizon (which is how ``Expansion/goesOnPastHorizon`` is known without a second
    /// expansion), or after ``maxPeriods`` periods; each step goes through `budget`, which
    /// throws `CancellationError` once the request is cancelled.
    public func expand(
        from start: Date, in zone: TimeZone, horizon: Date, excluding excluded: Set<Date> = [], atMost: Int,
        budget: ExpansionBudget
    ) throws -> Expansion {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = self.weekStart
        let first = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: start)
        guard let startDay = calendar.date(from: DateComponents(year: first.year, month: first.month, day: first.day)) else {
            return Expansion(starts: [], goesOnPastHorizon: false)
        }
        var ruleEnd = Date.distantFuture
        switch self.end {
        case .until(let until): ruleEnd = until
        case .untilDay(let year, let month, let day):
            if let next = calendar.date(from: DateComponents(year: year, month: month, day: day + 1)) { ruleEnd = next.addingTimeInterval(-1) }
        case .count, .none: break
        }
        let maxCount: Int? = if case .count(let count) = self.end { count } else { nil }

        /// The wall-clock time of `start` on `day` (a day's midnight).
        func at(_ day: Date) -> Date? {
            let d = calendar.dateComponents([.year, .month, .day], from: day)
            return calendar.date(from: DateComponents(
                year: d.year, month: d.month, day: d.day, hour: first.hour, minute: first.minute, second: first.second))
        }

        var kept: [Date] = []
        var made = 0
        for period in 0..<Self.maxPeriods {
            try budget.step()
            guard let periodStart = self.periodStart(period, startDay: startDay, calendar: calendar) else { break }
            // A period that starts past the rule's end holds nothing more.
            if periodStart > ruleEnd { break }
            for day in try self.days(ofPeriod: periodStart, first: first, calendar: calendar, budget: budget) where day >= startDay {
                try budget.step()
                guard let occurrence = at(day), occurrence >= start else { continue }
                if occurrence > ruleEnd { return Expansion(starts: kept, goesOnPastHorizon: false) }
                if occurrence > horizon { return Expansion(starts: kept, goesOnPastHorizon: true) }
                made += 1
                if !excluded.contains(occurrence) {
                    kept.append(occurrence)
                    if kept.count > atMost { return Expansion(starts: kept, goesOnPastHorizon: false) }
                }
                if let maxCount, made >= maxCount { return Expansion(starts: kept, goesOnPastHorizon: false) }
            }
        }
        return Expansion(starts: kept, goesOnPastHorizon: false)
    }

    /// The occurrences up to `horizon` (see ``expand(from:in:horizon:excluding:atMost:budget:)``),
    /// at most ``maxCount`` + 1 of them.
    public func occurrences(
        from start: Date, in zone: TimeZone, until horizon: Date, excluding excluded: Set<Date> = [],
        budget: ExpansionBudget = ExpansionBudget()
    ) throws -> [Date] {
        try self.expand(from: start, in: zone, horizon: horizon, excluding: excluded, atMost: Self.maxCount, budget: budget).starts
    }

    /// The candidate days (midnights) of the period starting at `periodStart`, in order.
    private func days(ofPeriod periodStart: Date, first: DateComponents, calendar: Calendar, budget: ExpansionBudget) throws -> [Date] {
        switch self.frequency {
        case .daily:
            return [periodStart]
        case .weekly:
            let wanted = Set(self.byDay.isEmpty ? [first.weekday ?? 1] : self.byDay.map(\.weekday))
            let weekday = calendar.component(.weekday, from: periodStart)
            return try (0..<7).compactMap { offset in
                try budget.step()
                return wanted.contains((weekday - 1 + offset) % 7 + 1) ? calendar.date(byAdding: .day, value: offset, to: periodStart) : nil
            }
        case .monthly:
            guard let length = calendar.range(of: .day, in: .month, for: periodStart)?.count else { return [] }
            let firstWeekday = calendar.component(.weekday, from: periodStart)
            var chosen: Set<Int> = []
            if self.byDay.isEmpty {
                // The day of the month of the first session; months without it are skipped.
                let dayOfMonth = first.day ?? 1
                if dayOfMonth <= length { chosen.insert(dayOfMonth) }
            }
            // Each entry's days by arithmetic on the month's first weekday: no day is looked up.
            for entry in self.byDay {
                try budget.step()
                let firstMatch = 1 + (entry.weekday - firstWeekday + 7) % 7
                let matches = Array(stride(from: firstMatch, through: length, by: 7))
                if let ordinal = entry.ordinal {
                    let index = ordinal > 0 ? ordinal - 1 : matches.count + ordinal
                    if matches.indices.contains(index) { chosen.insert(matches[index]) }
                } else {
                    chosen.formUnion(matches)
                }
            }
            // Each day returned is a step of the caller's loop.
            return chosen.sorted().compactMap { calendar.date(byAdding: .day, value: $0 - 1, to: periodStart) }
        }
    }

    /// The first day of period `n`: the start day (daily), the week start on or before it
    /// (weekly, by WKST), or the first of its month (monthly), moved `n × INTERVAL` periods on.
    private func periodStart(_ n: Int, startDay: Date, calendar: Calendar) -> Date? {
        switch self.frequency {
        case .daily:
            return calendar.date(byAdding: .day, value: n * self.interval, to: startDay)
        case .weekly:
            let weekday = calendar.component(.weekday, from: startDay)
            let back = (weekday - self.weekStart + 7) % 7
            guard let week0 = calendar.date(byAdding: .day, value: -back, to: startDay) else { return nil }
            return calendar.date(byAdding: .day, value: 7 * n * self.interval, to: week0)
        case .monthly:
            let c = calendar.dateComponents([.year, .month], from: startDay)
            guard let month0 = calendar.date(from: DateComponents(year: c.year, month: c.month, day: 1)) else { return nil }
            return calendar.date(byAdding: .month, value: n * self.interval, to: month0)
        }
    }
}
