import Foundation

extension RecurrenceRule {
    /// How far ahead a series is planned from its first session: 26 weeks, so a rule without an
    /// end (or with a far one) makes a bounded plan. Stated in the page and docs/calendar.md.
    public static let horizonWeeks = 26

    /// The starts of the occurrences from `start` (which is the first only when it matches the
    /// rule, as `dateutil.rrule` does), in wall-clock time of `zone` — a weekly 09:00 stays at
    /// 09:00 across a daylight-saving change — ending at the rule's end or at `horizon`
    /// (inclusive), whichever comes first. `excluded` (EXDATE) instants are left out afterwards,
    /// as RFC 5545 says: they still count towards COUNT.
    public func occurrences(from start: Date, in zone: TimeZone, until horizon: Date, excluding excluded: Set<Date> = [], budget: ExpansionBudget = ExpansionBudget()) throws -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = self.weekStart
        let first = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: start)
        guard let startDay = calendar.date(from: DateComponents(year: first.year, month: first.month, day: first.day)) else { return [] }
        var limit = horizon
        switch self.end {
        case .until(let until): limit = min(limit, until)
        case .untilDay(let year, let month, let day):
            if let next = calendar.date(from: DateComponents(year: year, month: month, day: day + 1)) {
                limit = min(limit, next.addingTimeInterval(-1))
            }
        case .count, .none: break
        }
        let maxCount: Int? = if case .count(let count) = self.end { count } else { nil }

        /// The wall-clock time of `start` on `day` (a day's midnight).
        func at(_ day: Date) -> Date? {
            let d = calendar.dateComponents([.year, .month, .day], from: day)
            return calendar.date(from: DateComponents(
                year: d.year, month: d.month, day: d.day, hour: first.hour, minute: first.minute, second: first.second))
        }

        var made: [Date] = []
        var period = 0
        // Each period (a day, week or month) yields its days in order; a bound on periods keeps
        // an impossible rule (BYDAY=5FR in a month without one, every time) from looping.
        periods: while period < 2_000 {
            try budget.step()
            let days = try self.days(ofPeriod: period, startDay: startDay, first: first, calendar: calendar, budget: budget)
            period += 1
            for day in days where day >= startDay {
                try budget.step()
                guard let occurrence = at(day), occurrence >= start else { continue }
                if occurrence > limit { break periods }
                made.append(occurrence)
                if let maxCount, made.count >= maxCount { break periods }
            }
            // A period that starts past the limit can hold nothing.
            if let firstDay = days.first, firstDay > limit { break }
            if days.isEmpty, let periodStart = self.periodStart(period, startDay: startDay, calendar: calendar), periodStart > limit { break }
        }
        return made.filter { !excluded.contains($0) }
    }

    /// The candidate days (midnights) of period `n`, in order.
    private func days(ofPeriod n: Int, startDay: Date, first: DateComponents, calendar: Calendar, budget: ExpansionBudget) throws -> [Date] {
        switch self.frequency {
        case .daily:
            return calendar.date(byAdding: .day, value: n * self.interval, to: startDay).map { [$0] } ?? []
        case .weekly:
            guard let weekStart = self.periodStart(n, startDay: startDay, calendar: calendar) else { return [] }
            let wanted = self.byDay.isEmpty ? [first.weekday ?? 1] : self.byDay.map(\.weekday)
            return (0..<7).compactMap { offset in
                guard let day = calendar.date(byAdding: .day, value: offset, to: weekStart) else { return nil }
                return wanted.contains(calendar.component(.weekday, from: day)) ? day : nil
            }
        case .monthly:
            guard let monthStart = self.periodStart(n, startDay: startDay, calendar: calendar),
                  let length = calendar.range(of: .day, in: .month, for: monthStart)?.count else { return [] }
            let monthDays = (0..<length).compactMap { calendar.date(byAdding: .day, value: $0, to: monthStart) }
            guard !self.byDay.isEmpty else {
                // The day of the month of the first session; months without it are skipped.
                let dayOfMonth = first.day ?? 1
                return dayOfMonth <= length ? [monthDays[dayOfMonth - 1]] : []
            }
            var chosen: Set<Date> = []
            for entry in self.byDay {
                try budget.step()
                let matching = try monthDays.filter { try budget.step(); return calendar.component(.weekday, from: $0) == entry.weekday }
                if let ordinal = entry.ordinal {
                    let index = ordinal > 0 ? ordinal - 1 : matching.count + ordinal
                    if matching.indices.contains(index) { chosen.insert(matching[index]) }
                } else {
                    chosen.formUnion(matching)
                }
            }
            return chosen.sorted()
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

extension RecurrenceRule {
    /// The most steps (``ExpansionBudget``) reading and expanding any rule may take.
    public static let maxExpansionSteps = 25_000
}
