import Debrief
import DebriefActions

/// The one decider of what "a new meeting" makes, for `POST /v1/meetings` and `/m/new` alike:
/// one session in a new series, or — when it repeats (``Repeats``) — a series whose schedule is
/// the repetition's rule, every session within the horizon planned through ``CalendarImport``
/// (the bounded planner a calendar file goes through) and started with the series' form by the
/// store's one insert. With a template, the series' form starts from it (docs/decisions/0076):
/// the template is looked up before anything is made, so an unknown one makes nothing. Answers
/// the first session.
public struct MeetingCreation: Sendable {
    let meetings: MeetingActions
    /// Plans a repeating meeting's sessions.
    let imports: CalendarImport
    /// The templates a new series' form may start from.
    public let forms: FormActions

    public init(meetings: MeetingActions, imports: CalendarImport, forms: FormActions) {
        self.meetings = meetings
        self.imports = imports
        self.forms = forms
    }

    public func create(_ input: MeetingInput, context: AppRequestContext) async throws -> Meeting {
        let new = try input.validateNew().get()
        let viewer = try context.requireViewer()
        let template = try await self.template(new.templateID, for: viewer)
        let first = try await self.firstSession(new, context: context, viewer: viewer)
        if let template {
            // Saved as the first session's draft for the series: every planned session follows it.
            _ = try await self.forms.startFromTemplate(template.id.description, meeting: first.id, by: viewer)
        }
        return first
    }

    /// A new series from a calendar event or a typed rule (`/m/from-calendar`), its form started
    /// from a template as a new meeting's is (issue 68): the template is looked up before anything
    /// is made, so an unknown one makes nothing (a problem at `templateId`). Answers the sessions.
    public func createFromCalendar(_ input: CalendarSeriesInput, templateID: String?, context: AppRequestContext) async throws -> [Meeting] {
        let viewer = try context.requireViewer()
        let id = templateID?.trimmingCharacters(in: .whitespacesAndNewlines)
        let template = try await self.template(id?.isEmpty == false ? id : nil, for: viewer)
        let made = try await self.imports.createSeries(input, context: context)
        if let template, let first = made.sessions.first {
            // As for a new meeting: the first session's draft for the series, followed by every planned session.
            _ = try await self.forms.startFromTemplate(template.id.description, meeting: first.id, by: viewer)
        }
        return made.sessions
    }

    private func firstSession(_ new: NewSeriesMeeting, context: AppRequestContext, viewer: Viewer) async throws -> Meeting {
        guard new.repeats != .none else { return try await self.meetings.create(by: viewer, new) }
        do {
            let made = try await self.imports.createSeries(repeating: new, context: context)
            guard let first = made.sessions.first else { throw DebriefError.notFound("meeting") }
            return first
        } catch var error as DebriefError where error.code == .conflict {
            // The planner names its own field; here the sessions' times are `startsAt`.
            error.field = "startsAt"
            throw error
        }
    }

    /// The template `id` names, or a problem at `templateId` when the viewer has none by that id.
    private func template(_ id: String?, for viewer: Viewer) async throws -> FormTemplate? {
        guard let id else { return nil }
        do {
            return try await self.forms.template(id, for: viewer)
        } catch let error as DebriefError where error.code == .notFound {
            throw ValidationFailure(FieldProblem("templateId", "names no template you may use (see GET /v1/templates)"))
        }
    }
}
