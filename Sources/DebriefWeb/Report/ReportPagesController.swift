import DebriefActions
import DebriefHTTP
import Debrief
import Foundation
import Hummingbird

/// The reports to hand on (issue 71 goal 5, docs/decisions/0104-a-report-to-print.md): a session's
/// (`/m/{id}/report`) and its series' (`/m/{id}/trends/report`), laid out for A4 or Letter, charts
/// as SVG, printed or saved as PDF by the browser. Each reads the report its screen page reads
/// (the dashboard's, the trends page's), through the same viewer and privacy rule: a report adds
/// no number of its own, and shows whoever may see the meeting what its pages show them.
struct ReportPagesController {
    let meetings: MeetingActions
    let results: ResultsActions

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        signedIn.get("m/:id/report", use: self.session)
        signedIn.get("m/:id/trends/report", use: self.series)
    }

    @Sendable func session(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let paper = try ReportPaper.requested(request.uri.queryParameters.get("paper"))
        let meeting = try await context.pathMeeting(self.meetings)
        let id = meeting.id.lowercasedText
        let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: try context.requireViewer())
        var view = ReportPage(
            heading: writer.localizer(ReportPhrase.reportHeading, ["title": meeting.title]), meeting: meeting, path: "/m/\(id)/report",
            backHref: "/m/\(id)", paper: paper, language: writer.language)
        var panel = DashboardPanel(report: published?.report, language: writer.language, zone: meeting.seriesTimeZone, dashboardHref: "/m/\(id)")
        panel.results?.numbersOpen = true
        view.panel = panel
        return try writer.hostPage("report", title: view.heading, view: view, context: context)
    }

    @Sendable func series(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let paper = try ReportPaper.requested(request.uri.queryParameters.get("paper"))
        let meeting = try await context.pathMeeting(self.meetings)
        let id = meeting.id.lowercasedText
        let trends = try await self.results.trends(series: meeting.seriesID, visibleTo: try context.requireViewer())
        var view = ReportPage(
            heading: writer.localizer(ReportPhrase.seriesReportHeading, ["title": meeting.title]), meeting: meeting,
            path: "/m/\(id)/trends/report", backHref: "/m/\(id)/trends", paper: paper, language: writer.language)
        var page = TrendsPage(meeting: meeting, trends: trends, language: writer.language)
        page.numbersOpen = true
        view.trends = page
        return try writer.hostPage("report", title: view.heading, view: view, context: context)
    }
}

/// The printed reports as a feature of the one list.
public struct ReportPagesFeature: Feature {
    let meetings: MeetingActions
    let results: ResultsActions

    public init(meetings: MeetingActions, results: ResultsActions) {
        self.meetings = meetings
        self.results = results
    }

    public func addPages(to pages: PageRoutes) {
        ReportPagesController(meetings: self.meetings, results: self.results).addRoutes(to: pages.signedIn)
    }
}
