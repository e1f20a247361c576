import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The read record as pages without script (issue 70 goal 4, decisions 91 and 97):
/// `/teams/{teamId}/audit`, a team's rows for its admins (and installation admins), and
/// `/admin/audit`, every row for installation admins. Who may read is ``AuditRecord``'s alone
/// (``AuditRecord/requireReader(_:of:)`` first, as the JSON routes ask, then
/// ``AuditRecord/page(_:of:after:limit:visibleTo:)``): a team's editor or viewer gets the 403
/// page, anyone outside it the 404 page, anyone but an installation admin the 403 page for every
/// row. The filters are the API's (``AuditQuery``), the pages the API's cursor: a link "Older"
/// carries `?cursor=`, and a cursor the record did not make is the 422 page naming `cursor`.
struct AuditPagesController {
    let record: AuditRecord
    let teams: TeamActions

    /// Rows a page shows (the JSON route's default page).
    static let pageSize = 50

    struct AuditPageView {
        struct Row {
            var when: String
            var who: String
            var what: String
            var detail: String
            var address: String
            /// Nil when the request named none.
            var userAgent: String?
        }

        var heading: String
        var backHref: String
        var backText: String
        var rows: [Row]
        /// The next page's address, nil on the last page.
        var olderHref: String?
        /// The first page's (with the same filters), shown past it.
        var newestHref: String?
        var csvHref: String
        var filtered: Bool
        var clearHref: String
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        signedIn.get("teams/:teamId/audit", use: self.team)
        signedIn.get("admin/audit", use: self.installation)
    }

    @Sendable func team(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.requireID("teamId", "team")
        let viewer = try context.requireViewer()
        let t = Localizer(Language(request.headers))
        try await self.record.requireReader(viewer, of: .team(id))
        // The team's name for the heading: a reader of its rows reads the team too.
        let team = try await self.teams.team(id, visibleTo: viewer)
        let path = "/teams/\(id.lowercasedText)"
        return try await self.render(
            .team(id), request, context, heading: t(AuditPhrase.auditTeamHeading, ["team": team.name]), path: path + "/audit",
            back: (path, t(AuditPhrase.auditBackToTeam)), csv: "/v1/teams/\(id.lowercasedText)/audit.csv")
    }

    @Sendable func installation(_ request: Request, context: AppRequestContext) async throws -> Response {
        let viewer = try context.requireViewer()
        let t = Localizer(Language(request.headers))
        try await self.record.requireReader(viewer, of: .installation)
        return try await self.render(
            .installation, request, context, heading: t(AuditPhrase.auditAdminHeading), path: "/admin/audit",
            back: ("/admin", t(AuditPhrase.auditBackToAdmin)), csv: "/v1/audit.csv")
    }

    // MARK: - Helpers

    private func render(
        _ scope: AuditScope, _ request: Request, _ context: AppRequestContext, heading: String, path: String,
        back: (href: String, text: String), csv: String
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        let filter = try AuditQuery.filter(request)
        let cursor = request.uri.queryParameters.get("cursor").map { String($0) }
        let page = try await self.record.page(filter, of: scope, after: cursor, limit: Self.pageSize, visibleTo: viewer)
        let filters = Self.filterQuery(request)
        let rows = page.items.map { entry in
            AuditPageView.Row(
                when: DateText.dateTime(entry.at, writer.language), who: entry.accountEmail ?? t(AuditPhrase.auditOperator),
                what: AuditPhrase.label(entry.kind).map { t($0) } ?? entry.kind, detail: entry.detail,
                address: entry.clientAddress, userAgent: entry.userAgent.isEmpty ? nil : entry.userAgent)
        }
        let view = AuditPageView(
            heading: heading, backHref: back.href, backText: back.text, rows: rows,
            olderHref: page.nextCursor.map { path + Self.query(filters + [("cursor", $0)]) },
            newestHref: cursor == nil ? nil : path + Self.query(filters), csvHref: csv + Self.query(filters),
            filtered: !filters.isEmpty, clearHref: path)
        return try writer.hostPage("audit", title: heading, view: view, context: context)
    }

    /// The filters the address named (already read as valid), to carry into the links.
    private static func filterQuery(_ request: Request) -> [(String, String)] {
        AuditQuery.names.compactMap { name in request.uri.queryParameters.get(name).map { (name, String($0)) } }
    }

    /// `?a=1&b=2`, each value percent-encoded, or nothing for no items.
    static func query(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~:")
        return "?" + items.map { name, value in name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }
            .joined(separator: "&")
    }
}
