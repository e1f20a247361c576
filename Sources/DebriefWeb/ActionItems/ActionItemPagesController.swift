import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/actions…` and `/m/{id}/review/{actionId}`: the dashboard's action forms (issue 50,
/// decision 74). Each post calls the same ``ActionItemActions`` as `/v1/meetings/{id}/actions…`
/// (they decide the text rules, the cap, whom an action may name and who may), then goes back to
/// the dashboard with a notice; a refused action gets the dashboard again (422, or 409 at the
/// cap) with what was typed and each problem beside its field, and nothing stored. Only those
/// who may edit the meeting reach the actions: a viewer co-host's post is the 403 page, another
/// host's the 404 page.
struct ActionItemPagesController {
    let meetings: MeetingActions
    let blocks: ActionBlocks
    /// Renders the dashboard with the form as typed (``HostPagesController/renderDashboard``).
    let dashboard: HostPagesController

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.post(":id/actions", use: self.add)
        group.post(":id/actions/:actionId/status", use: self.status)
        group.post(":id/actions/:actionId/delete", use: self.delete)
        group.post(":id/review/:actionId", use: self.review)
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        var typed = ActionsBlock.Form(
            title: fields["title"] ?? "", owner: fields["owner"] ?? "", due: fields["due"] ?? ActionDue.nextSessionText,
            dueDate: fields["dueDate"] ?? "", questionKey: fields["questionKey"] ?? "", asksIfHelped: fields["asksIfHelped"] == "true")
        let t = Localizer(Language(request.headers))
        do {
            _ = try await self.blocks.actions.create(meeting: meeting.id, by: try context.requireViewer(), Self.input(typed))
            return Self.back(meeting, "actions=added#actions-heading")
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            typed.titleError = errors["title"]
            // The owner, due and question come from lists this page offered: what went wrong is
            // said in the page's words (the domain's message names the JSON member).
            typed.ownerError = errors.first(under: "owner").map { _ in t(ActionPhrase.actionOwnerError) }
            typed.dueError = errors["due"].map { _ in t(ActionPhrase.actionDueError) }
            typed.questionError = errors["questionKey"].map { _ in t(ActionPhrase.actionQuestionError) }
            return try await self.dashboard.renderDashboard(request, context, meeting, actionForm: typed, status: .unprocessableContent)
        } catch let error as DebriefError where error.field == ActionItemRules.capReached.field {
            typed.generalError = t(ActionPhrase.actionsCapError, ["max": String(ActionItemRules.maxPerSession)])
            return try await self.dashboard.renderDashboard(request, context, meeting, actionForm: typed, status: .conflict)
        } catch let error as DebriefError where error.field == "asksIfHelped" {
            // The next session's published form already has responses (decision 78).
            typed.generalError = t(HelpPhrase.asksIfHelpedError) + ": " + error.message
            return try await self.dashboard.renderDashboard(request, context, meeting, actionForm: typed, status: .conflict)
        }
    }

    /// One of the list's buttons: done, dropped or reopened (`status`), validated by the use case.
    @Sendable func status(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let action = try context.requireID("actionId", "action")
        let fields = try await context.postedFields(request)
        _ = try await self.blocks.actions.update(
            meeting: meeting.id, action: action, by: try context.requireViewer(), ActionItemPatchInput(status: fields["status"] ?? ""))
        return Self.back(meeting, "actions=changed#actions-heading")
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let action = try context.requireID("actionId", "action")
        _ = try await context.postedFields(request)
        try await self.blocks.actions.delete(meeting: meeting.id, action: action, by: try context.requireViewer())
        return Self.back(meeting, "actions=deleted#actions-heading")
    }

    /// The review's buttons on this session's dashboard: the action is one the review lists (open,
    /// however old, or closed in it), marked where it lives, the session that decided it, as this
    /// review's (decision 85); any other action is not found, as on the API's path.
    @Sendable func review(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let action = try context.requireID("actionId", "action")
        let fields = try await context.postedFields(request)
        _ = try await self.blocks.actions.mark(
            inReviewOf: meeting.id, action: action, by: try context.requireViewer(), status: fields["status"] ?? "")
        return Self.back(meeting, "review=marked#review-heading")
    }

    /// The API's body for what the form posted: the owner list's `kind:id`, the due radios and
    /// date, the question list (empty: none). Everything is checked by ``ActionItemInput/validate()``.
    static func input(_ form: ActionsBlock.Form) -> ActionItemInput {
        ActionItemInput(
            title: form.title, owner: Self.owner(form.owner),
            due: form.due == "date" ? form.dueDate.trimmingCharacters(in: .whitespaces) : form.due,
            questionKey: form.questionKey.isEmpty ? nil : form.questionKey, asksIfHelped: form.asksIfHelped)
    }

    /// `rosterMember:<uuid>` or `account:<uuid>` as the API's owner; nil for "No owner".
    static func owner(_ raw: String) -> ActionOwnerInput? {
        guard !raw.isEmpty else { return nil }
        let parts = raw.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return ActionOwnerInput(kind: String(parts[0]), id: parts.count > 1 ? String(parts[1]) : nil)
    }

    /// Back to the dashboard's block, with its notice.
    static func back(_ meeting: Meeting, _ query: String) -> Response {
        .seeOther("/m/\(meeting.id.lowercasedText)?\(query)")
    }
}
