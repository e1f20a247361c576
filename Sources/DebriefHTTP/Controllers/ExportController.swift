import Debrief
import DebriefActions
import DebriefExport
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /v1/meetings/{id}/export.csv` and `GET /v1/series/{id}/export.csv`: the same CSV as
/// `debrief export`, for the owning host or an admin; `export.xlsx` beside each, the workbook of
/// `debrief export --format xlsx` (docs/decisions/0044-xlsx-writing.md), spooled and admitted alike.
///
/// A stalled or slow reader must never hold database capacity others need
/// (docs/decisions/0012-export-capacity.md): an export is admitted by ``Admission`` — counted
/// against the caller and the meeting's owner, and in all — only while it writes its spool file
/// with a pooled connection; the slot is given back when the spool is complete, before the
/// download, which takes only a download slot of the caller's own. A client that stops reading is
/// cut by ``WriteStallHandler``.
struct ExportController {
    let exporter: Exporter
    let meetings: MeetingActions
    let admission: Admission
    /// Every export is recorded by ``ExportDelivery``, before its first byte leaves (decision 91).
    let audit: AuditRecord

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/export.csv") { request, context -> Response in
            try await self.export(.meeting(try context.requireID("id", "meeting")), request, context)
        }
        group.get("series/:id/export.csv") { request, context -> Response in
            try await self.export(.series(try context.requireID("id", "series")), request, context)
        }
        group.get("meetings/:id/export.xlsx") { request, context -> Response in
            try await self.export(.meeting(try context.requireID("id", "meeting")), request, context, format: .xlsx)
        }
        group.get("series/:id/export.xlsx") { request, context -> Response in
            try await self.export(.series(try context.requireID("id", "series")), request, context, format: .xlsx)
        }
    }

    private func export(
        _ target: ExportTarget, _ request: Request, _ context: AppRequestContext, format: ExportFormat = .csv
    ) async throws -> Response {
        let exportRequest = format == .xlsx ? try Self.workbookRequest(target, from: request) : try Self.exportRequest(target, from: request)
        let viewer = try context.requireViewer()
        // The download slot first: a caller at its bound gets 429 before any database work.
        let download = try self.admission.download(caller: viewer.accountID)
        // Another host's meeting or series is a 404 here, before any byte of the body is sent.
        let owner = try await self.owner(of: target, visibleTo: viewer)
        let spool: ExportSpool
        let prepared: ExportStore.Prepared
        do {
            let producing = try self.admission.export(caller: viewer.accountID, owner: owner)
            // Given back as soon as the spool is complete (or failed): the connection is back in
            // the pool then, and how fast the client reads is no one else's concern.
            defer { producing.release() }
            do {
                prepared = try await self.exporter.prepare(exportRequest, visibleTo: viewer)
            } catch let error as DebriefError where error.code == .notFound {
                throw APIError.notFound(target.isMeeting ? "meeting" : "series")
            }
            spool = try await self.spool(prepared)
        }
        // Recorded as the body starts (``ExportDelivery``): a HEAD records no read.
        return ExportDelivery(audit: self.audit).response(
            spool, of: exportRequest, by: viewer, download: download,
            contentType: format == .xlsx ? Self.xlsxMediaType : "text/csv; charset=utf-8", fileName: prepared.fileName,
            eventLoop: context.channel.eventLoop)
    }

    /// The account whose data the export is: the meeting's or the series' owner.
    private func owner(of target: ExportTarget, visibleTo viewer: Viewer) async throws -> UUID {
        do {
            switch target {
            case .meeting(let id):
                return try await self.meetings.find(id, visibleTo: viewer).hostID
            case .series(let id):
                guard let first = try await self.meetings.series(id, visibleTo: viewer).first else { throw APIError.notFound("series") }
                return first.hostID
            case .host, .all, .team:
                return viewer.accountID
            }
        } catch let error as DebriefError where error.code == .notFound {
            throw APIError.notFound(target.isMeeting ? "meeting" : "series")
        }
    }

    /// The file written to a spool file (``ExportSpooling``); 507 past the spool's bound.
    private func spool(_ prepared: ExportStore.Prepared) async throws -> ExportSpool {
        try await ExportSpooling.spool(prepared, exporter: self.exporter, limits: self.admission.settings.exports)
    }

    /// `layout`, `since`, `until`, `delimiter`, `bom` and `neutralize` from the query; a 422 naming
    /// every bad one.
    static func exportRequest(_ target: ExportTarget, from request: Request) throws -> ExportRequest {
        var query = QueryReader(request)
        let layoutName = query.value(
            "layout", default: ExportLayout.Name.responses,
            hint: "must be one of " + ExportLayout.Name.allCases.map(\.rawValue).joined(separator: ", "),
            ExportLayout.Name.init(rawValue:))
        let since = query.date("since")
        let until = query.date("until")
        let delimiter = query.value(
            "delimiter", default: CSVOptions().delimiter, hint: "must be comma, semicolon, tab or pipe",
            CSVOptions.delimiter(named:))
        let csv = CSVOptions(
            delimiter: delimiter, byteOrderMark: query.bool("bom", default: false),
            neutralizesFormulas: query.bool("neutralize", default: true))
        let window = SubmissionWindow(since: since, until: until)
        if window == nil { query.problems.add("until", "must be after since") }
        let layout = ExportLayout(layoutName, window: window ?? .all)
        if layout == nil { query.problems.add(since != nil ? "since" : "until", "the \(layoutName.rawValue) layout is never filtered") }
        try query.requireValid()
        guard let layout else { throw ValidationFailure(problems: query.problems.problems) }
        return ExportRequest(target: target, layout: layout, csv: csv)
    }
}

extension ExportController {
    static let xlsxMediaType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

    /// `since` and `until` from the query of an .xlsx export; its sheets are fixed and it is no
    /// CSV, so `layout`, `delimiter`, `bom` and `neutralize` are a 422 naming each, not ignored.
    static func workbookRequest(_ target: ExportTarget, from request: Request) throws -> ExportRequest {
        var query = QueryReader(request)
        for name in ["layout", "delimiter", "bom", "neutralize"] where request.uri.queryParameters.get(name) != nil {
            query.problems.add(name, "is not a parameter of the .xlsx export (its sheets are summary, responses and trends)")
        }
        let since = query.date("since")
        let until = query.date("until")
        let window = SubmissionWindow(since: since, until: until)
        if window == nil { query.problems.add("until", "must be after since") }
        try query.requireValid()
        return ExportRequest(target: target, layout: .responses(window ?? .all), format: .xlsx)
    }
}

extension ExportTarget {
    fileprivate var isMeeting: Bool {
        if case .meeting = self { return true }
        return false
    }
}
