import Debrief
import DebriefActions
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /v1/audit` and `GET /v1/audit.csv`: the read record for installation admins
/// (docs/decisions/0091-the-read-record.md). Who may read is decided before the query is read:
/// a host's malformed query is a 403, not a lesson in the parameters.
struct AuditController {
    let record: AuditRecord
    let admission: Admission

    struct Page: ResponseEncodable {
        var items: [AuditEntry]
        var nextCursor: String?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("audit") { request, context -> Page in
            let viewer = try context.requireViewer()
            try AuditRecord.requireReader(viewer)
            var query = QueryReader(request)
            let filter = Self.filter(&query, request)
            let limit = query.integer("limit", in: 1...AuditStore.maxPageSize, default: 50)
            try query.requireValid()
            let page = try await self.record.page(
                filter, after: request.uri.queryParameters.get("cursor"), limit: limit, visibleTo: viewer)
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// The CSV, spooled as the exports are (decision 12): a slow reader holds no connection.
    func addDownloadRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("audit.csv") { request, context -> Response in
            let viewer = try context.requireViewer()
            try AuditRecord.requireReader(viewer)
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
                    try await self.record.writeCSV(filter, visibleTo: viewer, to: sink)
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
            let body = ResponseBody(contentLength: spool.size) { writer in
                defer { download.release() }
                while let chunk = try await spool.read(upTo: ExportLimits.downloadChunkBytes) {
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"debrief-audit.csv\"",
                    .cacheControl: "no-store",
                ],
                body: body)
        }
    }

    /// `since`, `until` (ISO 8601 with zone), `series` and `account` (ids) from the query.
    static func filter(_ query: inout QueryReader, _ request: Request) -> AuditFilter {
        let since = query.date("since")
        let until = query.date("until")
        if let since, let until, since >= until { query.problems.add("until", "must be after since") }
        let series = query.value("series", default: UUID?.none, hint: "must be a series id", UUID.init(uuidString:))
        let account = query.value("account", default: UUID?.none, hint: "must be an account id", UUID.init(uuidString:))
        return AuditFilter(since: since, until: until, series: series, account: account)
    }
}
