import Foundation

/// What "Next session" proposes (decision 59): the next occurrence of the series' schedule after
/// its *latest* session — not after the session the host happens to be on, whose next week a
/// planned series already holds — or, for a series without a schedule, one week after the latest
/// session on the series' wall clock (a weekly 09:00 stays 09:00 across daylight saving). A slot
/// that overlaps one of the host's meetings is passed over for the next one, so the form never
/// offers a time the no-overlap rule then refuses.
public enum NextSessionSlot {
    /// The most candidate slots looked at before the last one is proposed as it is (a year of
    /// weeks; a host whose every week is taken types a time).
    public static let maxCandidates = 52

    /// The proposed start and end. `first` is the series' earliest session start (an occurrence
    /// of `schedule`, from which the rule is expanded); `latest` the latest session's time (its
    /// length is the new one's); `schedule` an `RRULE` value (nil or unreadable: weekly);
    /// `zone` the series' zone; `busy` the host's meetings that may be in the way; `length` the
    /// series' default length of a session (decision 73), nil: the latest session's.
    public static func propose(
        first: Date, latest: DateInterval, schedule: String?, zone: String?, busy: [DateInterval], length: TimeInterval? = nil
    ) -> DateInterval {
        let timeZone = HostTimeZone.zone(zone) ?? LocalTime.utc
        let starts = Self.scheduled(after: latest.start, first: first, schedule: schedule, in: timeZone)
            ?? Self.weekly(after: latest.start, in: timeZone)
        let length = length ?? latest.duration
        var chosen = starts.last ?? latest.start.addingTimeInterval(7 * 86_400)
        for start in starts {
            let end = start.addingTimeInterval(length)
            if !busy.contains(where: { $0.start < end && start < $0.end }) {
                chosen = start
                break
            }
        }
        return DateInterval(start: chosen, duration: length)
    }

    /// The schedule's next ``maxCandidates`` occurrences after `after`, its end (`COUNT`,
    /// `UNTIL`) ignored: a host asking for one more session past a finished plan gets the rule's
    /// rhythm. Nil when there is no readable schedule or it makes nothing more.
    static func scheduled(after: Date, first: Date, schedule: String?, in zone: TimeZone) -> [Date]? {
        guard let schedule, case .success(var rule) = RecurrenceRule.parse(schedule, at: "schedule") else { return nil }
        rule.end = .none
        // One bounded expansion (at most RecurrenceRule.maxExpansionSteps steps), from the first
        // session, which is an occurrence of the rule, so the later ones fall where the plan's did.
        let horizon = after.addingTimeInterval(Double(RecurrenceRule.maxInterval) * 31 * 86_400)
        guard let expansion = try? rule.expand(
            from: first, in: zone, horizon: horizon, atMost: RecurrenceRule.maxPeriods * 31, budget: ExpansionBudget())
        else { return nil }
        let next = expansion.starts.filter { $0 > after }.prefix(Self.maxCandidates)
        return next.isEmpty ? nil : Array(next)
    }

    /// One week after another from `after`, on the zone's wall clock.
    static func weekly(after: Date, in zone: TimeZone) -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return (1...Self.maxCandidates).map { week in
            calendar.date(byAdding: .day, value: 7 * week, to: after) ?? after.addingTimeInterval(Double(week) * 7 * 86_400)
        }
    }
}
