import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/chat…`: the dashboard's team chat form (issue 35). Each post calls the same
/// ``ChatActions`` as `/v1/series/{id}/chat-channel…` (they decide validity, caps and who may),
/// then goes back to the dashboard with a notice; a refused URL gets the dashboard again (422)
/// with what was typed and each problem next to its field. Only those who may edit the series
/// reach the actions: a viewer co-host's post is the 403 page, another host's the 404 page.
struct ChatPageController {
    let meetings: MeetingActions
    let chat: ChatActions
    /// Renders the dashboard with the chat form as typed (``HostPagesController/renderDashboard``).
    let dashboard: HostPagesController

    /// The notices of `/m/{id}?chat=…`, set by the posts below.
    static func notice(_ value: String?, _ t: Localizer) -> String? {
        switch value {
        case "saved": t(.chatSaved)
        case "deleted": t(.chatDeleted)
        case "test": t(.chatTestQueued)
        default: nil
        }
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.post(":id/chat", use: self.save)
        group.post(":id/chat/test", use: self.test)
        group.post(":id/chat/delete", use: self.delete)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        let input = ChatChannelInput(
            url: fields["url"], kind: fields["kind"], language: fields["language"], daily: fields["daily"] == "true")
        do {
            _ = try await self.chat.put(series: meeting.seriesID, input, by: try context.requireViewer())
            return Self.back(meeting, notice: "saved")
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, Localizer(Language(request.headers)))
            let form = ChatBlock.Form(
                url: fields["url"] ?? "", kind: fields["kind"] ?? "", language: fields["language"] ?? "en",
                daily: fields["daily"] == "true", urlError: errors["url"], kindError: errors["kind"],
                languageError: errors["language"])
            return try await self.dashboard.renderDashboard(request, context, meeting, chatForm: form, status: .unprocessableContent)
        }
    }

    @Sendable func test(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        _ = try await context.postedFields(request)
        _ = try await self.chat.sendTest(series: meeting.seriesID, by: try context.requireViewer())
        return Self.back(meeting, notice: "test")
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        _ = try await context.postedFields(request)
        try await self.chat.delete(series: meeting.seriesID, by: try context.requireViewer())
        return Self.back(meeting, notice: "deleted")
    }

    /// Back to the dashboard's chat block, with its notice.
    static func back(_ meeting: Meeting, notice: String) -> Response {
        .seeOther("/m/\(meeting.id.lowercasedText)?chat=\(notice)#chat-heading")
    }
}
