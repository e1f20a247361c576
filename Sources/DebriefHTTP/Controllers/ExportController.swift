import Debrief
import DebriefExport
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/meetings/{id}/export.csv` and `GET /v1/series/{id}/export.csv`: the same CSV as
/// `debrief export`, for the owning host or an admin, streamed as PostgreSQL produces it.
struct ExportController {
    let exporter: Exporter

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/export.csv") { request, context -> Response in
            try await self.export(.meeting(try context.requireID("id", "meeting")), request, context)
        }
        group.get("series/:id/export.csv") { request, context -> Response in
            try await self.export(.series(try context.requireID("id", "series")), request, context)
        }
    }

    private func export(_ target: ExportTarget, _ request: Request, _ context: AppRequestContext) async throws -> Response {
        let exportRequest = try Self.exportRequest(target, from: request)
        // Another host's meeting or series is a 404 here, before any byte of the body is sent.
        let prepared: ExportStore.Prepared
        do {
            prepared = try await self.exporter.prepare(exportRequest, visibleTo: try context.requireViewer())
        } catch let error as DebriefError where error.code == .notFound {
            throw APIError.notFound(target.isMeeting ? "meeting" : "series")
        }
        let exporter = self.exporter
        // Each chunk is written only when the client can take it (the writer waits for the
        // channel to become writable), and the next one is read from PostgreSQL only then: a slow
        // client slows the COPY down instead of making the server hold the file.
        let body = ResponseBody { writer in
            try await exporter.write(prepared) { chunk in
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8",
                .contentDisposition: "attachment; filename=\"\(prepared.fileName)\"",
                .cacheControl: "no-store",
            ],
            body: body)
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
        if layout == nil { query.problems.add(since != nil ? "since" : "until", "the trends layout is never filtered") }
        try query.requireValid()
        guard let layout else { throw ValidationFailure(problems: query.problems.problems) }
        return ExportRequest(target: target, layout: layout, csv: csv)
    }
}

extension ExportTarget {
    fileprivate var isMeeting: Bool {
        if case .meeting = self { return true }
        return false
    }
}
