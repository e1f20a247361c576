import Debrief
import DebriefActions
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The read record (docs/decisions/0091-the-read-record.md, 0097-a-teams-read-record.md):
/// `GET /v1/audit` and `GET /v1/audit.csv`, every row, for installation admins;
/// `GET /v1/teams/{teamId}/audit` and `GET /v1/teams/{teamId}/audit.csv`, a team's rows, for its
/// admins and installation admins. Who may read is ``AuditRecord/requireReader(_:of:)``'s,
/// decided before the query is read: a host's malformed query is a 403 (a 404 for a team outside
/// theirs), not a lesson in the parameters.
struct AuditController {
    let record: AuditRecord
    let admission: Admission

    struct Page: ResponseEncodable {
        var items: [AuditEntry]
        var nextCursor: String?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("audit") { request, context -> Page in
            try await self.page(.installation, request, context)
        }
        group.get("teams/:teamId/audit") { request, context -> Page in
            try await self.page(.team(try context.requireID("teamId", "team")), request, context)
        }
    }

    /// The CSV, spooled as the exports are (decision 12): a slow reader holds no connection.
    func addDownloadRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("audit.csv") { request, context -> Response in
            try await self.csv(.installation, fileName: "debrief-audit.csv", request, context)
        }
        group.get("teams/:teamId/audit.csv") { request, context -> Response in
            let team = try context.requireID("teamId", "team")
            return try await self.csv(.team(team), fileName: "debrief-audit-team-\(team.lowercasedText).csv", request, context)
        }
    }

    private func page(_ scope: AuditScope, _ request: Request, _ context: AppRequestContext) async throws -> Page {
        let viewer = try context.requireViewer()
        try await self.record.requireReader(viewer, of: scope)
        var query = QueryReader(request)
        let filter = Self.filter(&query, request)
        let limit = query.integer("limit", in: 1...AuditStore.maxPageSize, default: 50)
        try query.requireValid()
        let page = try await self.record.page(
            filter, of: scope, after: request.uri.queryParameters.get("cursor"), limit: limit, visibleTo: viewer)
        return Page(items: page.items, nextCursor: page.nextCursor)
    }

    private func csv(_ scope: AuditScope, fileName: String, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let viewer = try context.requireViewer()
        try await self.record.requireReader(viewer, of: scope)
        var query = QueryReader(request)
        let filter = Self.filter(&query, request)
        try query.requireValid()
        let download = try self.admission.download(caller: viewer.accountID)
        let limits = self.admission.settings.exports
        let spool: ExportSpool
        do {
            let producing = try self.admission.export(caller: viewer.accountID, owner: viewer.accountID)
            defer { producing.release() }
            spool = try await ExportSpool.write(in: limits.spoolDirectory, maxBytes: limits.spoolMaxBytes) { sink in
                try await self.record.writeCSV(filter, of: scope, visibleTo: viewer, to: sink)
            }
        } catch is ExportSpool.TooLarge {
            download.release()
            throw APIError(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "export_too_large",
                detail: "the record is larger than the \(limits.spoolMaxBytes) bytes the server spools; narrow it with since and until")
        } catch {
            download.release()
            throw error
        }
        return SpooledDownload.response(
            spool,
            headers: [
                .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(fileName)\"",
                .cacheControl: "no-store",
            ],
            download: download, eventLoop: context.channel.eventLoop)
    }

    /// `since`, `until` (ISO 8601 with zone), `series` and `account` (ids) from the query, as
    /// ``AuditQuery`` reads them for the pages too.
    static func filter(_ query: inout QueryReader, _ request: Request) -> AuditFilter {
        AuditQuery.read(&query)
    }
}
