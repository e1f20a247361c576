import DebriefActions
import DebriefHTTP
import Debrief
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The signed-in host's pages under `/m`: the list of meetings (by series), and each meeting's
/// dashboard and trends.
/// Behind ``HostSessionMiddleware``; another host's meeting is a 404 page, as in the API.
struct HostPagesController {
    let meetings: MeetingActions
    let results: ResultsActions
    let publicBaseURL: String
    /// A public URL phones could reach, when the configured one is a loopback address.
    let loopbackHint: String?
    /// The series' team chat channel, shown on the meeting page (issue 35).
    var chat: ChatActions? = nil
    /// The sites that may frame the participant's pages: the dashboard shows the `<iframe>` markup.
    var embedOrigins = FrameAncestors.none
    /// The session's actions and the previous session's review (issue 50); the application always sets it.
    var actionBlocks: ActionBlocks? = nil
    /// Questions from the room: the dashboard's moderation list (docs/decisions/0075).
    var roomQuestions: RoomQuestionActions? = nil
    /// Reactions during the meeting: the dashboard's and the presenter's counts (decision 100).
    var reactions: ReactionActions? = nil
    /// The live panel as last rendered per meeting, language and zone, for the report it shows.
    let panels = DashboardPanelCache()

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(use: self.meetings)
        group.get(":id", use: self.dashboard)
        group.get(":id/panel", use: self.panel)
        group.get(":id/trends", use: self.trends)
        group.get(
            ":id/present",
            use: PresenterPageController(
                meetings: self.meetings, results: self.results, publicBaseURL: self.publicBaseURL, actionBlocks: self.actionBlocks,
                roomQuestions: self.roomQuestions, reactions: self.reactions
            ).page)
    }

    /// The host's home page (issue 68 goal 7): their nearest meeting with its growing QR code,
    /// then their series, the one with the latest session first, 20 a page, each opening on the
    /// session the series clock features; `q` searches titles. One instant of the app's clock
    /// decides it all (``MeetingsListPage``, ``HomeNearestBlock``).
    @Sendable func meetings(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let query = request.uri.queryParameters.get("q") ?? ""
        let page = request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1
        let viewer = try context.requireViewer()
        let now = self.meetings.now
        let home = try await self.meetings.homeSeries(
            for: viewer, search: query, page: page, perPage: MeetingsListPage.perPage, at: now)
        let statuses = try await self.meetings.sessionStatuses(of: home.entries)
        let nearest = page <= 1 && query.isEmpty ? try await self.meetings.nearest(for: viewer, at: now) : nil
        let view = MeetingsListPage(
            home: home,
            nearest: nearest.map { nearest in
                var block = HomeNearestBlock(nearest, at: now, publicBaseURL: self.publicBaseURL, language: writer.language)
                // The nearest meeting's QR code: the loopback warning goes beside it, as on the dashboard.
                block.loopbackWarning = block.qrSVG == nil
                    ? nil : self.loopbackHint.map { writer.localizer(.loopbackWarning, ["url": self.publicBaseURL, "hint": $0]) }
                return block
            },
            statuses: statuses, query: String(query.prefix(200)), page: max(1, page), language: writer.language)
        return try writer.hostPage("meetings", title: writer.localizer(.meetingsHeading), view: view, context: context)
    }

    /// The meeting's live dashboard. Without script it shows the results of its load (and a
    /// refresh link); `dashboard.js` keeps the panel current from the live stream.
    @Sendable func dashboard(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.renderDashboard(request, context, try await context.pathMeeting(self.meetings))
    }

    /// The dashboard of `meeting`; `chatForm` is the team chat form as the host typed it when
    /// ``ChatPageController`` refused it (with `status` 422), `actionForm` the action form when
    /// ``ActionItemPagesController`` refused it.
    func renderDashboard(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, chatForm: ChatBlock.Form? = nil,
        actionForm: ActionsBlock.Form? = nil, roomQuestions roomState: RoomQuestionsHostBlock.State? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let excludeFlagged = Self.excludesFlagged(request)
        let published = try await self.report(meeting, excludeFlagged: excludeFlagged, context)
        let id = meeting.id.lowercasedText
        let code = published?.form.code
        let participantURL = code.map { ParticipantURL.of(code: $0, base: self.publicBaseURL) }
        let seriesURL = meeting.seriesCode.map { ParticipantURL.of(code: $0, base: self.publicBaseURL) }
        var view = DashboardPage(
            meetingTitle: meeting.title,
            meetingLine: ([meeting.place].compactMap { $0 } + [DateText.meeting(meeting.startsAt, zone: meeting.seriesTimeZone, writer.language)])
                .joined(separator: " · "),
            liveURL: "/v1/meetings/\(id)/results/live?view=counts", panelURL: "/m/\(id)/panel" + (excludeFlagged ? "?excludeFlagged=true" : ""),
            refreshURL: "/m/\(id)" + (excludeFlagged ? "?excludeFlagged=true" : ""),
            trendsURL: "/m/\(id)/trends",
            participantURL: participantURL, formCode: code,
            participantQRSVG: participantURL.flatMap { DashboardPage.qrCode($0, title: writer.localizer(.qrTitle)) },
            seriesURL: seriesURL, seriesCode: meeting.seriesCode,
            seriesQRSVG: seriesURL.flatMap { DashboardPage.qrCode($0, title: writer.localizer(SeriesPhrase.seriesQRTitle)) },
            panel: DashboardPanel(report: published?.report, language: writer.language, zone: meeting.seriesTimeZone, dashboardHref: "/m/\(id)"),
            rosterURL: "/m/\(id)/roster",
            meetingExportURL: "/v1/meetings/\(id)/export.csv",
            seriesExportURL: "/v1/series/\(meeting.seriesID.lowercasedText)/export.csv",
            meetingWorkbookURL: "/v1/meetings/\(id)/export.xlsx",
            loopbackWarning: participantURL == nil && seriesURL == nil
                ? nil : self.loopbackHint.map { writer.localizer(.loopbackWarning, ["url": self.publicBaseURL, "hint": $0]) },
            canEdit: meeting.role.may(.edit), canManage: meeting.role.may(.manage),
            sharedBadge: [.editor, .viewer].contains(meeting.role)
                ? writer.localizer(.sharedWithYou, ["role": SeriesRolePhrase.name(meeting.role, writer.localizer)]) : nil,
            embed: EmbedBlock(
                embedOrigins: self.embedOrigins, formCode: code, seriesCode: meeting.seriesCode,
                sharesResults: published?.form.definition.sharesResultsWithParticipants ?? false, title: meeting.title,
                base: self.publicBaseURL, writer.localizer))
        view.seriesSettingsURL = "/series/\(meeting.seriesID.lowercasedText)/settings"
        view.reportURL = "/m/\(id)/report"
        if meeting.role.may(.edit), let chat = self.chat {
            let channel = try await chat.channelIfAny(series: meeting.seriesID, by: try context.requireViewer())
            view.chat = ChatBlock(
                channel: channel, meeting: meeting.id, language: writer.language, csrf: context.sessionCSRFToken ?? "",
                form: chatForm,
                notice: chatForm == nil ? ChatPageController.notice(request.uri.queryParameters.get("chat"), writer.localizer) : nil)
        }
        if let blocks = try await self.actionBlocks?.dashboard(
            meeting, form: published?.form.definition, by: try context.requireViewer(), language: writer.language,
            csrf: context.sessionCSRFToken ?? "", typed: actionForm,
            notices: actionForm == nil
                ? (request.uri.queryParameters.get("actions").map { String($0) }, request.uri.queryParameters.get("review").map { String($0) })
                : (nil, nil))
        {
            (view.actions, view.review) = (blocks.block, blocks.review)
        }
        if let questions = self.roomQuestions {
            let (settings, list) = try await questions.hostList(meeting: meeting.id, visibleTo: try context.requireViewer())
            view.roomQuestions = RoomQuestionsHostBlock(
                settings: settings, questions: list, meeting: meeting.id, canEdit: meeting.role.may(.edit),
                csrf: context.sessionCSRFToken ?? "", state: roomState,
                notice: RoomQuestionHostPageController.notice(request.uri.queryParameters.get("room").map { String($0) }, writer.localizer),
                writer.localizer)
            if let reactions = self.reactions {
                let counts = try await reactions.counts(meeting: meeting.id, visibleTo: try context.requireViewer())
                // Shown while the room is on, and afterwards when the room reacted.
                if settings.enabled || counts.total > 0 { view.reactions = ReactionCountsBlock(counts, meeting: meeting.id, writer.localizer) }
            }
        }
        return try writer.page(
            "dashboard", title: meeting.title, view: view, status: status, policy: ContentSecurityPolicy.dashboard,
            script: Assets.dashboardScript.url, signOutToken: context.sessionCSRFToken, showsAdmin: context.account?.role == .admin,
            alsoScripts: view.reactions == nil ? [] : [Assets.reactionsScript.url])
    }

    /// The dashboard's changing part alone, for its script: rendered once per change of the
    /// shared report (and language and zone), however many dashboards fetch it; its time is the
    /// report's, so a panel kept says when its numbers were counted.
    @Sendable func panel(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings)
        let published = try await self.report(meeting, excludeFlagged: Self.excludesFlagged(request), context)
        let render = {
            try writer.fragmentHTML(
                "dashboard-panel",
                view: DashboardPanel(
                    report: published?.report, language: writer.language, zone: meeting.seriesTimeZone,
                    dashboardHref: "/m/\(meeting.id.lowercasedText)"))
        }
        guard let etag = published?.etag else { return writer.fragment(html: try render()) }
        // The panel's times are in the series' zone, named unless it is the host's (DateText.meeting).
        let key = DashboardPanelCache.Key(
            meeting: meeting.id, language: writer.language, zone: DateText.hostZoneName, seriesZone: meeting.seriesTimeZone)
        return writer.fragment(html: try self.panels.html(key, etag: etag, render: render))
    }

    /// `?excludeFlagged=true`: the dashboard leaves flagged responses out (docs/decisions/0036).
    private static func excludesFlagged(_ request: Request) -> Bool {
        request.uri.queryParameters.get("excludeFlagged") == "true"
    }

    /// The dashboard's report: the shared, live one (with its `ETag`); with flagged responses
    /// left out, a filtered report (the privacy rule of filtered views applies to it, as for
    /// every filter), which has none.
    private func report(
        _ meeting: Meeting, excludeFlagged: Bool, _ context: AppRequestContext
    ) async throws -> (form: StoredForm, report: ResultsReport, etag: String?)? {
        let viewer = try context.requireViewer()
        guard let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: viewer) else { return nil }
        guard excludeFlagged else { return (published.form, published.report, published.etag) }
        let report = try await self.results.report(meeting: meeting.id, visibleTo: viewer, filter: ResultsFilter(excludeFlagged: true))
        return (published.form, report, nil)
    }

    /// How the meeting's series did, session by session.
    @Sendable func trends(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let meeting = try await context.pathMeeting(self.meetings)
        let trends = try await self.results.trends(series: meeting.seriesID, visibleTo: try context.requireViewer())
        var view = TrendsPage(meeting: meeting, trends: trends, language: writer.language)
        view.openActions = try await self.actionBlocks?.seriesOpen(meeting, by: try context.requireViewer(), language: writer.language)
        return try writer.hostPage("trends", title: view.heading, view: view, context: context)
    }
}
