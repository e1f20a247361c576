import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import Hummingbird

/// `GET /m/{id}/present`: the full-screen presenter view for the room's projector (issue 37) —
/// the join code, link and QR code, the live count of responses and big charts of the results.
///
/// It shows exactly what the participants see (``Debrief/ResultsReport/participantView``, from
/// ``ResultsActions/sharedReport(formCode:)``): never a text anyone wrote, even though the
/// host's own dashboard would show some, because a projector is a public screen. `room.js`
/// keeps it current from the participants' live stream, so it updates only while the host shares
/// the results live; otherwise it says how to switch that on. Hosts, co-hosts and admins who may
/// see the meeting may open it, like the dashboard.
struct PresenterPageController {
    let meetings: MeetingActions
    let results: ResultsActions
    let publicBaseURL: String

    struct PresenterPage {
        var meetingTitle: String
        var dashboardURL: String
        var joinLine: String?
        var participantURL: String?
        var formCode: String?
        var qrSVG: String?
        var results: ResultsView?
        var responses: String?
        var liveURL: String?
        var notice: String?
    }

    @Sendable func page(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings)
        let id = meeting.id.uuidString.lowercased()
        let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: try context.requireViewer())
        var view = PresenterPage(meetingTitle: meeting.title, dashboardURL: "/m/\(id)")
        if let form = published?.form, let code = form.code {
            let url = ParticipantURL.of(code: code, base: self.publicBaseURL)
            view.participantURL = url
            view.formCode = code
            view.joinLine = writer.localizer(.presenterJoin, ["url": url, "code": code])
            view.qrSVG = DashboardPage.qrCode(url, title: writer.localizer(.qrTitle))
            let live = form.definition.sharesResultsWithParticipants && form.definition.sharesResultsLive
            if live, let report = try await self.results.sharedReport(formCode: code) {
                view.results = ResultsView(report.questions, earlier: [], language: writer.language, chartWidth: 720)
                view.responses = writer.localizer(.roomResponses, ["n": String(report.summary.responses)])
                view.liveURL = "/v1/f/\(code)/results/live"
            } else {
                view.notice = writer.localizer(.presenterNotLive)
            }
        } else {
            view.notice = writer.localizer(.presenterNoForm)
        }
        return try writer.page(
            "presenter", title: writer.localizer(.presenterHeading) + " · " + meeting.title, view: view,
            policy: ContentSecurityPolicy.dashboard, script: view.liveURL == nil ? nil : Assets.roomScript.url)
    }
}
