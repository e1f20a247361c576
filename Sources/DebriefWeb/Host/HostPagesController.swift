import DebriefActions
import DebriefHTTP
import Debrief
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The signed-in host's pages under `/m`: the list of meetings, and each meeting's dashboard.
/// Behind ``HostSessionMiddleware``; another host's meeting is a 404 page, as in the API.
struct HostPagesController {
    let accounts: AccountActions
    let meetings: MeetingActions
    let results: ResultsActions
    let publicBaseURL: String

    struct MeetingsPage {
        struct Row {
            var href: String
            var title: String
            var startsAt: String
            var session: String
        }

        var rows: [Row]
        var olderHref: String?
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        let group = router.group("m")
            .add(middleware: PageErrorMiddleware(subject: .meeting))
            .add(middleware: HostSessionMiddleware(accounts: self.accounts))
        group.get(use: self.meetings)
        group.get(":id", use: self.dashboard)
        group.get(":id/panel", use: self.panel)
        group.get(":id/trends", use: self.trends)
    }

    /// The host's meetings, newest first, 50 at a time.
    @Sendable func meetings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let page = try await self.meetings.list(
            for: try context.requireViewer(), scope: .all, after: request.uri.queryParameters.get("cursor"), limit: 50)
        let rows = page.items.map { meeting in
            MeetingsPage.Row(
                href: "/m/\(meeting.id.uuidString.lowercased())", title: meeting.title,
                startsAt: DateText.dateTime(meeting.startsAt, writer.language),
                session: t(.sessionNumber, ["n": String(meeting.sessionNumber)]))
        }
        return try writer.page(
            "meetings", title: t(.meetingsHeading),
            view: MeetingsPage(rows: rows, olderHref: page.nextCursor.map { "/m?cursor=\($0)" }),
            signOutToken: context.sessionCSRFToken)
    }

    /// The meeting's live dashboard. Without script it shows the results of its load (and a
    /// refresh link); `dashboard.js` keeps the panel current from the live stream.
    @Sendable func dashboard(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await self.meeting(context)
        let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: try context.requireViewer())
        let id = meeting.id.uuidString.lowercased()
        let code = published?.form.code
        let participantURL = code.map { ParticipantURL.of(code: $0, base: self.publicBaseURL) }
        let view = DashboardPage(
            meetingTitle: meeting.title,
            meetingLine: ([meeting.place].compactMap { $0 } + [DateText.dateTime(meeting.startsAt, writer.language)]).joined(separator: " · "),
            liveURL: "/v1/meetings/\(id)/results/live", panelURL: "/m/\(id)/panel", refreshURL: "/m/\(id)",
            trendsURL: "/m/\(id)/trends",
            participantURL: participantURL, formCode: code,
            participantQRSVG: participantURL.flatMap { DashboardPage.qrCode($0, title: writer.localizer(.qrTitle)) },
            panel: DashboardPanel(report: published?.report, language: writer.language))
        return try writer.page(
            "dashboard", title: meeting.title, view: view, policy: ContentSecurityPolicy.dashboard,
            script: Assets.dashboardScript.url, signOutToken: context.sessionCSRFToken)
    }

    /// The dashboard's changing part alone, for its script.
    @Sendable func panel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await self.meeting(context)
        let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: try context.requireViewer())
        return try writer.fragment("dashboard-panel", view: DashboardPanel(report: published?.report, language: writer.language))
    }

    /// How the meeting's series did, session by session.
    @Sendable func trends(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await self.meeting(context)
        let trends = try await self.results.trends(series: meeting.seriesID, visibleTo: try context.requireViewer())
        let view = TrendsPage(meeting: meeting, trends: trends, language: writer.language)
        return try writer.page("trends", title: view.heading, view: view, signOutToken: context.sessionCSRFToken)
    }

    /// The meeting of the `:id` path parameter, when the signed-in host may see it; else 404.
    private func meeting(_ context: AppRequestContext) async throws -> Meeting {
        let id = try context.requireID("id", "meeting")
        return try await self.meetings.find(id, visibleTo: try context.requireViewer())
    }
}
