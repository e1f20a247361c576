import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/room-questions…`: the dashboard's moderation of the room's questions
/// (docs/decisions/0075). `…/settings` sets them (on or off, moderation, names), `…/{questionId}`
/// approves, hides, marks answered, pins or (`delete=true`) deletes one (the button pressed sends
/// one field). Each calls
/// the same ``RoomQuestionActions`` as `/v1/meetings/{id}/room-questions…`, which decide who may
/// (edit: a viewer co-host's post is the 403 page, another host's the 404 page) and what is valid;
/// then back to the dashboard's section with a notice. Refused settings get the dashboard again
/// (422) with what was sent and each problem next to its field.
struct RoomQuestionHostPageController {
    let meetings: MeetingActions
    let questions: RoomQuestionActions
    /// Renders the dashboard with the settings as sent (``HostPagesController/renderDashboard``).
    let dashboard: HostPagesController

    /// The notices of `/m/{id}?room=…`, set by the posts below.
    static func notice(_ value: String?, _ t: Localizer) -> String? {
        switch value {
        case "saved": t(RoomQuestionPhrase.roomQSettingsSaved)
        case "changed": t(RoomQuestionPhrase.roomQChanged)
        case "deleted": t(RoomQuestionPhrase.roomQDeleted)
        default: nil
        }
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.post(":id/room-questions/settings", use: self.settings)
        group.post(":id/room-questions/:questionId", use: self.change)
        group.get(":id/room-questions/top", use: self.top)
    }

    /// The presenter's top questions alone (``PresenterRoomQuestionsBlock``), for a refetch; 404
    /// while questions are off.
    @Sendable func top(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let writer = try PageWriter(request)
        guard let top = try await self.questions.roomTop(PresenterRoomQuestionsBlock.count, meeting: meeting.id, visibleTo: try context.requireViewer())
        else { throw DebriefError.notFound("room questions") }
        var response = writer.fragment(
            html: try writer.fragmentHTML("presenter-room-questions-fragment", view: PresenterRoomQuestionsBlock(top, meeting: meeting.id, writer.localizer)))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func settings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        // An unticked box sends nothing: off.
        let input = RoomQuestionSettingsInput(enabled: fields["enabled"] == "true", moderation: fields["moderation"], names: fields["names"])
        do {
            _ = try await self.questions.setSettings(input, meeting: meeting.id, by: try context.requireViewer())
            return Self.back(meeting, notice: "saved", anchor: "room-questions-heading")
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, Localizer(Language(request.headers)))
            let state = RoomQuestionsHostBlock.State(
                enabled: input.enabled ?? false, moderation: input.moderation ?? "", names: input.names ?? "",
                moderationError: errors["moderation"], namesError: errors["names"])
            return try await self.dashboard.renderDashboard(request, context, meeting, roomQuestions: state, status: .unprocessableContent)
        }
    }

    @Sendable func change(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let question = try context.requireID("questionId", "question")
        let fields = try await context.postedFields(request)
        if try Self.flag("delete", fields) == true {
            try await self.questions.delete(question: question, meeting: meeting.id, by: try context.requireViewer())
            return Self.back(meeting, notice: "deleted", anchor: "room-questions-heading")
        }
        let input = RoomQuestionChangeInput(
            status: fields["status"], answered: try Self.flag("answered", fields), pinned: try Self.flag("pinned", fields))
        _ = try await self.questions.change(input, question: question, meeting: meeting.id, by: try context.requireViewer())
        return Self.back(meeting, notice: "changed", anchor: "rq-" + question.lowercasedText)
    }

    /// A button's `true`/`false`; absent is "unchanged". Any other value is refused naming the
    /// field (it was read as absent, and the status posted beside it was stored without it).
    static func flag(_ name: String, _ fields: FormFields) throws -> Bool? {
        guard let raw = fields[name] else { return nil }
        guard let value = Bool(raw) else { throw APIError.badRequest(name, "must be true or false") }
        return value
    }

    /// Back to the dashboard's section (or the question changed), with its notice.
    static func back(_ meeting: Meeting, notice: String, anchor: String) -> Response {
        .seeOther("/m/\(meeting.id.lowercasedText)?room=\(notice)#\(anchor)")
    }
}
