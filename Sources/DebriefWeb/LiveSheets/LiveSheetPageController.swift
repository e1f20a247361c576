import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/sheet`: the series' live sheet (docs/decisions/0101-live-sheet.md) — make it, copy
/// its address and the `IMPORTDATA` formula (shown once), rotate it, revoke it: whoever may
/// manage the series, as on the API; co-hosts read only that it exists. Plain forms, no script.
struct LiveSheetPageController {
    let meetings: MeetingActions
    let sheets: LiveSheetActions

    struct SheetPage {
        var heading: String
        var meetingTitle: String
        var dashboardHref: String
        var notice: String?
        var sheetURL: String?
        var formula: String?
        var status: String
        var manages: Bool
        var active: Bool
        var issueAction: String
        var revokeAction: String
        var csrf: String
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/sheet", use: self.show)
        group.post(":id/sheet", use: self.issue)
        group.post(":id/sheet/revoke", use: self.revoke)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context, try await context.pathMeeting(self.meetings))
    }

    @Sendable func issue(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .manage)
        _ = try await context.postedFields(request)
        let url = try await self.sheets.issue(series: meeting.seriesID, by: try context.requireViewer())
        return try await self.render(request, context, meeting, notice: Localizer(Language(request.headers))(LiveSheetPhrase.sheetIssued), sheetURL: url)
    }

    @Sendable func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .manage)
        _ = try await context.postedFields(request)
        try await self.sheets.revoke(series: meeting.seriesID, by: try context.requireViewer())
        return try await self.render(request, context, meeting, notice: Localizer(Language(request.headers))(LiveSheetPhrase.sheetRevoked))
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, notice: String? = nil, sheetURL: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let id = meeting.id.lowercasedText
        let manages = meeting.role.may(.manage)
        let sheet = manages ? try await self.sheets.sheet(series: meeting.seriesID, by: try context.requireViewer()) : nil
        let status = !manages ? t(LiveSheetPhrase.sheetOwnerOnly)
            : sheet.map { t(LiveSheetPhrase.sheetActiveSince, ["date": DateText.dateTime($0.createdAt, writer.language)]) } ?? t(LiveSheetPhrase.sheetNone)
        let page = SheetPage(
            heading: t(LiveSheetPhrase.sheetHeading, ["title": meeting.title]), meetingTitle: meeting.title, dashboardHref: "/m/\(id)",
            notice: notice, sheetURL: sheetURL, formula: sheetURL.map(LiveSheetActions.importFormula), status: status, manages: manages,
            active: sheet != nil, issueAction: "/m/\(id)/sheet", revokeAction: "/m/\(id)/sheet/revoke", csrf: context.sessionCSRFToken ?? "")
        var response = try writer.hostPage("sheet", title: page.heading, view: page, context: context)
        // The address is a credential shown once: no cache may keep the page.
        if sheetURL != nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
