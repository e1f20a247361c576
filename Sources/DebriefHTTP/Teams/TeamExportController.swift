import Debrief
import DebriefActions
import DebriefExport
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /v1/teams/{teamId}/export.csv` (issue 70 goal 3): the summary layout of every series the
/// team owns, for its members (any role) and installation admins; a 404 for anyone else, as for a
/// meeting they cannot see. Each series' rows are its own summary export's (``Exporter/writeTeamSummary(_:to:)``).
/// Admitted and spooled as every export is (docs/decisions/0012-export-capacity.md): the producing
/// slot is the caller's, given back once the spool is complete.
struct TeamExportController {
    let exporter: Exporter
    let admission: Admission
    /// Every export is recorded by ``ExportDelivery``, before its first byte leaves (decision 91).
    let audit: AuditRecord

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("teams/:teamId/export.csv") { request, context -> Response in
            try await self.export(try context.requireID("teamId", "team"), request, context)
        }
    }

    private func export(_ teamID: UUID, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let (window, csv) = try Self.options(from: request)
        let viewer = try context.requireViewer()
        // The download slot first: a caller at its bound gets 429 before any database work.
        let download = try self.admission.download(caller: viewer.accountID)
        let spool: ExportSpool
        let prepared: TeamExport
        do {
            let producing = try self.admission.export(caller: viewer.accountID, owner: viewer.accountID)
            defer { producing.release() }
            prepared = try await self.exporter.prepareTeam(teamID, window: window, csv: csv, visibleTo: viewer)
            spool = try await self.spool(prepared)
        }
        // Recorded as the body starts, as every export (``ExportDelivery``): a HEAD records no read.
        return ExportDelivery(audit: self.audit).response(
            spool, of: prepared.request, by: viewer, download: download, contentType: "text/csv; charset=utf-8",
            fileName: prepared.fileName, eventLoop: context.channel.eventLoop)
    }

    /// The CSV written to a spool file; 507 past the spool's bound.
    private func spool(_ prepared: TeamExport) async throws -> ExportSpool {
        let exporter = self.exporter
        let limits = self.admission.settings.exports
        do {
            return try await ExportSpool.write(in: limits.spoolDirectory, maxBytes: limits.spoolMaxBytes) { sink in
                try await exporter.writeTeamSummary(prepared, to: sink)
            }
        } catch is ExportSpool.TooLarge {
            throw APIError(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "export_too_large",
                detail: "the export is larger than the \(limits.spoolMaxBytes) bytes the server spools; "
                    + "narrow it with since and until, or use `debrief export --team`")
        }
    }

    /// `layout` (only `summary`), `since`, `until`, `delimiter`, `bom` and `neutralize`, as the
    /// series export reads them; a 422 naming every bad one.
    static func options(from request: Request) throws -> (SubmissionWindow, CSVOptions) {
        var query = QueryReader(request)
        _ = query.value("layout", default: ExportLayout.Name.summary, hint: "must be summary (a team's export is its summary)") {
            $0 == ExportLayout.Name.summary.rawValue ? .summary : nil
        }
        let since = query.date("since")
        let until = query.date("until")
        let delimiter = query.value(
            "delimiter", default: CSVOptions().delimiter, hint: "must be comma, semicolon, tab or pipe", CSVOptions.delimiter(named:))
        let csv = CSVOptions(
            delimiter: delimiter, byteOrderMark: query.bool("bom", default: false), neutralizesFormulas: query.bool("neutralize", default: true))
        let window = SubmissionWindow(since: since, until: until)
        if window == nil { query.problems.add("until", "must be after since") }
        try query.requireValid()
        return (window ?? .all, csv)
    }
}
