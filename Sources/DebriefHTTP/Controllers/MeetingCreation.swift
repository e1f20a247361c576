import Debrief
import DebriefActions

/// The one decider of what "a new meeting" makes, for `POST /v1/meetings` and `/m/new` alike:
/// one session in a new series, or — when it repeats (``Repeats``) — a series whose schedule is
/// the repetition's rule, every session within the horizon planned through ``CalendarImport``
/// (the bounded planner a calendar file goes through) and started with the series' form by the
/// store's one insert. Answers the first session.
public struct MeetingCreation: Sendable {
    let meetings: MeetingActions
    /// Nil when the server plans no calendars: a repeating meeting is then refused at `repeats`.
    let imports: CalendarImport?

    public init(meetings: MeetingActions, imports: CalendarImport?) {
        self.meetings = meetings
        self.imports = imports
    }

    public func create(_ input: MeetingInput, context: AppRequestContext) async throws -> Meeting {
        let new = try input.validateNew().get()
        let viewer = try context.requireViewer()
        guard new.repeats != .none else { return try await self.meetings.create(by: viewer, new) }
        guard let imports else { throw ValidationFailure(FieldProblem("repeats", "is not available on this server")) }
        do {
            let made = try await imports.createSeries(repeating: new, context: context)
            guard let first = made.sessions.first else { throw DebriefError.notFound("meeting") }
            return first
        } catch var error as DebriefError where error.code == .conflict {
            // The planner names its own field; here the sessions' times are `startsAt`.
            error.field = "startsAt"
            throw error
        }
    }
}
