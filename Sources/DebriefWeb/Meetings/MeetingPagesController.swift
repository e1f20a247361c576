import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The host's meeting pages that change things: create, edit, the next session of a series,
/// delete (to the trash, after a confirmation) and restore. Every form works without script,
/// keeps what was typed on an error and names each problem next to its field; an overlapping
/// time names the meeting it collides with, with a link.
struct MeetingPagesController {
    let meetings: MeetingActions
    /// What a new meeting makes (one session, or a planned series when it repeats), as on the API.
    let creation: MeetingCreation

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get("new", use: self.newForm)
        group.post("new", use: self.create)
        group.get(":id/edit", use: self.editForm)
        group.post(":id/edit", use: self.update)
        group.get(":id/next", use: self.nextForm)
        group.post(":id/next", use: self.createNext)
        group.get(":id/delete", use: self.confirmDelete)
        group.post(":id/delete", use: self.delete)
        group.get("trash", use: self.trash)
        group.post("trash/:id/restore", use: self.restore)
    }

    // MARK: - Create

    @Sendable func newForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        var page = self.blank(writer.localizer, heading: writer.localizer(.newMeetingHeading), action: "/m/new",
                              submit: writer.localizer(.createMeetingButton), cancel: "/m", context: context)
        // A sensible start: an hour on a full hour of the host's zone from tomorrow on, the first
        // that none of the host's meetings takes (a taken slot would be refused as an overlap).
        let start = try await self.meetings.freeSlot(
            for: try context.requireViewer(), from: Date().addingTimeInterval(86_400), lasting: 3600, in: DateText.zone)
        page.startsAt = LocalDateTime.format(start)
        page.endsAt = LocalDateTime.format(start.addingTimeInterval(3600))
        page.repeatsField = MeetingFormPage.RepeatsField(selected: nil, writer.localizer)
        page.templateField = MeetingFormPage.TemplateField(
            templates: try await self.creation.forms.templates(for: try context.requireViewer()), selected: nil, writer.localizer)
        return try writer.hostPage("meeting-form", title: page.heading, view: page, context: context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (fields, posted) = try await self.read(request, context)
        let writer = try PageWriter(request)
        var page = self.blank(writer.localizer, heading: writer.localizer(.newMeetingHeading), action: "/m/new",
                              submit: writer.localizer(.createMeetingButton), cancel: "/m", context: context)
        page.fill(from: fields)
        page.repeatsField = MeetingFormPage.RepeatsField(selected: fields["repeats"], writer.localizer)
        page.templateField = MeetingFormPage.TemplateField(
            templates: try await self.creation.forms.templates(for: try context.requireViewer()), selected: fields["templateId"],
            writer.localizer)
        return try await self.saving(page, posted, writer, context) {
            try await self.creation.create(posted.input, context: context)
        }
    }

    // MARK: - Edit

    @Sendable func editForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        var page = self.editPage(meeting, writer.localizer, context)
        page.fill(from: meeting)
        return try writer.hostPage("meeting-form", title: page.heading, view: page, context: context)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let (fields, posted) = try await self.read(request, context)
        let writer = try PageWriter(request)
        var page = self.editPage(meeting, writer.localizer, context)
        page.fill(from: fields)
        return try await self.saving(page, posted, writer, context) {
            _ = try MeetingInput(title: posted.title, startsAt: posted.startsAt, endsAt: posted.endsAt, place: posted.place,
                             expectedHeadCount: posted.expectedHeadCount).validate().get()
            return try await self.meetings.update(meeting.id, by: try context.requireViewer(), posted.patch)
        }
    }

    // MARK: - Next session

    @Sendable func nextForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let previous = try await context.pathMeeting(self.meetings, toDo: .edit)
        // A planned series already holds its next session: edit that one (decision 83).
        if let planned = try await self.meetings.nextPlannedSession(after: previous.id, by: try context.requireViewer()) {
            return .seeOther("/m/\(planned.lowercasedText)/edit")
        }
        var page = self.nextPage(previous, writer.localizer, context)
        // A live form is never closed unless the host ticks the box: unticked by default.
        page.closePrevious = try await self.closePrevious(previous, checked: false, writer.localizer, context)
        // The series' next slot after its latest session (decision 59): never one a planned
        // session already holds.
        let slot = try await self.meetings.proposedNextSession(after: previous.id, by: try context.requireViewer())
        page.fill(from: previous, startsAt: slot.start, endsAt: slot.end)
        if let place = try await self.meetings.defaultPlace(ofSeriesOf: previous.id, by: try context.requireViewer()) {
            page.place = place
        }
        return try writer.hostPage("meeting-form", title: page.heading, view: page, context: context)
    }

    @Sendable func createNext(_ request: Request, context: AppRequestContext) async throws -> Response {
        let previous = try await context.pathMeeting(self.meetings, toDo: .edit)
        let (fields, posted) = try await self.read(request, context)
        let writer = try PageWriter(request)
        var page = self.nextPage(previous, writer.localizer, context)
        page.fill(from: fields)
        // An unticked checkbox sends nothing: absent means "leave the previous form open".
        let closing = fields["closePreviousForm"] != nil
        page.closePrevious = try await self.closePrevious(previous, checked: closing, writer.localizer, context)
        return try await self.saving(page, posted, writer, context) {
            _ = try MeetingInput(title: posted.title, startsAt: posted.startsAt, endsAt: posted.endsAt, place: posted.place,
                             expectedHeadCount: posted.expectedHeadCount).validate().get()
            return try await self.meetings.createNext(
                after: previous.id, by: try context.requireViewer(), posted.patch, closingPreviousForm: closing)
        }
    }

    // MARK: - Trash

    struct DeletePage {
        var heading: String
        var action: String
        var cancelHref: String
        var csrf: String
    }

    @Sendable func confirmDelete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings, toDo: .manage)
        let id = meeting.id.lowercasedText
        let page = DeletePage(
            heading: writer.localizer(.deleteHeading, ["title": meeting.title]), action: "/m/\(id)/delete", cancelHref: "/m/\(id)",
            csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("meeting-delete", title: page.heading, view: page, context: context)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.requireID("id", "meeting")
        _ = try await context.postedFields(request)  // read for its CSRF check: the form carries nothing else
        try await self.meetings.delete(id, by: try context.requireViewer())
        return .seeOther("/m/trash")
    }

    struct TrashPage {
        struct Row {
            var title: String
            var startsAt: String
            var trashedAt: String
            var purgeAt: String
            var restoreAction: String
            var restoreLabel: String
            var csrf: String
        }

        var rows: [Row]
        var notice: String?
        var error: String?
    }

    @Sendable func trash(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.trashPage(request, context, status: .ok)
    }

    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.requireID("id", "meeting")
        _ = try await context.postedFields(request)  // read for its CSRF check: the form carries nothing else
        do {
            let meeting = try await self.meetings.restore(id, by: try context.requireViewer())
            return .seeOther("/m/\(meeting.id.lowercasedText)")
        } catch let error as DebriefError where error.code == .conflict {
            let t = Localizer(Language(request.headers))
            return try await self.trashPage(request, context, status: .conflict, error: t(.overlapsWith) + " " + error.message)
        }
    }

    private func trashPage(
        _ request: Request, _ context: AppRequestContext, status: HTTPResponse.Status, error: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let csrf = context.sessionCSRFToken ?? ""
        let rows = try await self.meetings.trashed(by: try context.requireViewer()).map { item in
            TrashPage.Row(
                title: item.meeting.title, startsAt: DateText.dateTime(item.meeting.startsAt, writer.language),
                trashedAt: DateText.dateTime(item.trashedAt, writer.language), purgeAt: DateText.dateTime(item.purgeAt, writer.language),
                restoreAction: "/m/trash/\(item.meeting.id.lowercasedText)/restore",
                restoreLabel: t(.restoreButton) + ": " + item.meeting.title, csrf: csrf)
        }
        return try writer.hostPage("trash", title: t(.trashHeading), view: TrashPage(rows: rows, error: error), context: context, status: status)
    }

    // MARK: - Helpers

    private func read(_ request: Request, _ context: AppRequestContext) async throws -> (FormFields, PostedMeeting) {
        let fields = try await context.postedFields(request)
        return (fields, PostedMeeting(fields))
    }

    private func blank(
        _ t: Localizer, heading: String, action: String, submit: String, cancel: String, context: AppRequestContext
    ) -> MeetingFormPage {
        var page = MeetingFormPage(heading: heading, action: action, submitLabel: submit, cancelHref: cancel)
        page.csrf = context.sessionCSRFToken ?? ""
        return page
    }

    private func editPage(_ meeting: Meeting, _ t: Localizer, _ context: AppRequestContext) -> MeetingFormPage {
        let id = meeting.id.lowercasedText
        return self.blank(t, heading: t(.editMeetingHeading, ["title": meeting.title]), action: "/m/\(id)/edit",
                          submit: t(.saveMeetingButton), cancel: "/m/\(id)", context: context)
    }

    private func nextPage(_ previous: Meeting, _ t: Localizer, _ context: AppRequestContext) -> MeetingFormPage {
        let id = previous.id.lowercasedText
        return self.blank(t, heading: t(.nextSessionHeading, ["title": previous.title]), action: "/m/\(id)/next",
                          submit: t(.createNextButton), cancel: "/m/\(id)", context: context)
    }

    /// The next-session form's "close the previous session's form" choice, when that form is open.
    private func closePrevious(
        _ previous: Meeting, checked: Bool, _ t: Localizer, _ context: AppRequestContext
    ) async throws -> MeetingFormPage.ClosePrevious? {
        guard try await self.meetings.hasOpenForm(previous.id, visibleTo: try context.requireViewer()) else { return nil }
        let session = t(.sessionNumber, ["n": String(previous.sessionNumber)])
        return MeetingFormPage.ClosePrevious(
            label: t(.closePreviousFormLabel, ["session": session, "title": previous.title]), checked: checked)
    }

    /// Runs `save` unless the posted fields could not be parsed; on success on to the meeting's
    /// dashboard, else the form again (422, or 409 for an overlap) with every problem in place.
    private func saving(
        _ page: MeetingFormPage, _ posted: PostedMeeting, _ writer: PageWriter, _ context: AppRequestContext,
        _ save: () async throws -> Meeting
    ) async throws -> Response {
        var page = page
        do {
            if !posted.problems.isEmpty {
                // Report the unparsable fields with whatever else the domain finds wrong.
                var problems = posted.problems
                if case .failure(let failure) = posted.input.validate() {
                    problems += failure.problems.filter { problem in !posted.problems.contains { $0.path == problem.path } }
                }
                throw ValidationFailure(problems: problems)
            }
            let meeting = try await save()
            return .seeOther("/m/\(meeting.id.lowercasedText)")
        } catch let failure as ValidationFailure {
            page.show(failure, writer.localizer)
            return try writer.hostPage("meeting-form", title: page.heading, view: page, context: context, status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .conflict {
            if let related = error.relatedID.flatMap(UUID.init(uuidString:)),
                let other = try? await self.meetings.find(related, visibleTo: try context.requireViewer()) {
                page.conflict = MeetingFormPage.Conflict(href: "/m/\(related.lowercasedText)", title: other.title)
            } else {
                page.startsAtError = error.message
            }
            return try writer.hostPage("meeting-form", title: page.heading, view: page, context: context, status: .conflict)
        }
    }
}
