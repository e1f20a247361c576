import Foundation

extension CalendarSeriesPlan {
    /// The plan of a new meeting that repeats (``Repeats``, `/m/new` and `POST /v1/meetings`):
    /// the chosen repetition written as a rule on the series' wall clock (the typed zone, else
    /// the host's, else UTC) and planned by ``make(_:hostZone:budget:)`` like a calendar event,
    /// so the horizon, the session cap and the expansion's cost are the same. Problems keep the
    /// new meeting's paths (`startsAt`, `endsAt`, `repeats`); every session has the first one's
    /// expected head count.
    public static func make(
        repeating new: NewSeriesMeeting, hostZone: String?, budget: ExpansionBudget = ExpansionBudget()
    ) throws -> Result<CalendarSeriesPlan, ValidationFailure> {
        let zoneName = new.timeZone ?? hostZone.flatMap { HostTimeZone.zone($0) != nil ? $0 : nil } ?? "UTC"
        let zone = HostTimeZone.zone(zoneName) ?? .gmt
        guard let rule = new.repeats.rule(startingAt: new.details.startsAt, in: zone) else {
            return .failure(ValidationFailure(FieldProblem("repeats", "must not be none for a planned series")))
        }
        let details = new.details
        let input = CalendarSeriesInput(
            rule: rule, start: details.startsAt, end: details.endsAt, title: details.title, place: details.place, timeZone: zoneName)
        let paths = ["rule": "repeats", "start": "startsAt", "end": "endsAt"]
        switch try Self.make(input, hostZone: hostZone, budget: budget) {
        case .failure(let failure):
            return .failure(ValidationFailure(problems: failure.problems.map { problem in
                let head = String(problem.path.prefix { $0 != "." })
                return FieldProblem(paths[head] ?? problem.path, problem.message)
            }))
        case .success(var plan):
            for index in plan.sessions.indices { plan.sessions[index].expectedHeadCount = details.expectedHeadCount }
            return .success(plan)
        }
    }
}
