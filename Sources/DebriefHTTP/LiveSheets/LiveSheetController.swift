import Debrief
import DebriefActions
import DebriefExport
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// A series' live sheet (docs/decisions/0101-live-sheet.md): `GET /v1/sheets/{token}.csv`, public
/// with its token, the series' summary CSV for a spreadsheet's `IMPORTDATA` or Power Query; and
/// `GET`/`POST`/`DELETE /v1/series/{id}/sheet` for whoever may manage the series.
///
/// The CSV is an export like a download: read as the sheet's maker, admitted by the same fair
/// shares (counted against the maker and the series' owner), spooled by ``ExportSpooling``,
/// bounded by the spool's size, and recorded by ``ExportDelivery`` before its first byte.
public struct LiveSheetController: Sendable {
    let sheets: LiveSheetActions
    let exporter: Exporter
    let admission: Admission
    let audit: AuditRecord

    public init(sheets: LiveSheetActions, exporter: Exporter, admission: Admission, audit: AuditRecord) {
        self.sheets = sheets
        self.exporter = exporter
        self.admission = admission
        self.audit = audit
    }

    /// A poller may reuse its copy for a minute, then asks again (an unchanged sheet is a 304);
    /// no shared cache keeps it. A revoked address may so still be read from a copy for a minute.
    static let cacheControl = "private, max-age=60"

    struct SheetStatus: ResponseEncodable {
        var createdAt: Date
        var layout: String
    }

    struct IssuedSheet: ResponseEncodable {
        var url: String
        var formula: String
        var detail: String
    }

    /// The sheet: public, its 256-bit token the only credential. A wrong, rotated or revoked
    /// token, and one whose maker lost the series, are the same 404.
    public func addPublicRoutes(to v1: RouterGroup<AppRequestContext>) {
        v1.get("sheets/{token}.csv") { request, context -> Response in
            try await self.sheet(token: context.parameters.get("token") ?? "", request, context)
        }
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("series/:id/sheet") { _, context -> SheetStatus in
            // No sheet is a 404 like any missing resource (also right after a revoke).
            guard let sheet = try await self.sheets.sheet(series: try context.requireID("id", "series"), by: try context.requireViewer())
            else { throw DebriefError.notFound("sheet") }
            return SheetStatus(createdAt: sheet.createdAt, layout: LiveSheetActions.layout.name.rawValue)
        }
        group.post("series/:id/sheet") { _, context -> EditedResponse<IssuedSheet> in
            let url = try await self.sheets.issue(series: try context.requireID("id", "series"), by: try context.requireViewer())
            return EditedResponse(
                status: .created,
                response: IssuedSheet(
                    url: url, formula: LiveSheetActions.importFormula(url),
                    detail: "shown once; the series' previous sheet address, if any, no longer works"))
        }
        group.delete("series/:id/sheet") { _, context -> Response in
            try await self.sheets.revoke(series: try context.requireID("id", "series"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
    }

    private func sheet(token: String, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let opened = try await self.sheets.open(token: token)
        let download = try self.admission.download(caller: opened.maker.accountID)
        let digest = ContentDigest()
        let spool: ExportSpool
        do {
            let producing = try self.admission.export(caller: opened.maker.accountID, owner: opened.owner)
            defer { producing.release() }
            let prepared: ExportStore.Prepared
            do {
                prepared = try await self.exporter.prepare(opened.request, visibleTo: opened.maker)
            } catch let error as DebriefError where error.code == .notFound {
                throw DebriefError.notFound("sheet")
            }
            spool = try await ExportSpooling.spool(prepared, exporter: self.exporter, limits: self.admission.settings.exports) {
                digest.update($0)
            }
        }
        let etag = digest.etag()
        if SharedReportResponse.matches(request.headers[values: .ifNoneMatch], etag) {
            download.release()
            // The poller learns its copy is current: a read like any, recorded before the answer.
            try await self.audit.record(.liveSheet(opened.request), by: opened.maker)
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: Self.cacheControl])
        }
        return ExportDelivery(audit: self.audit).response(
            spool, recording: .liveSheet(opened.request), by: opened.maker, download: download,
            headers: [.contentType: "text/csv; charset=utf-8", .cacheControl: Self.cacheControl, .eTag: etag],
            eventLoop: context.channel.eventLoop)
    }
}
