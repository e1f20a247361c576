import DebriefExport
import DebriefStore
import Foundation
import HTTPTypes

/// The one way an HTTP export's file is produced before its first byte is sent (decision 12):
/// written by the ``Exporter`` into a spool bounded by the settings' `spoolMaxBytes`, its
/// overflow a 507 naming what to narrow. The session's and the series' downloads
/// (``ExportController``) and the live sheet (``LiveSheetController``) both spool through it.
enum ExportSpooling {
    /// The file of `prepared` in a spool; `observe` sees every chunk as it is written (a live
    /// sheet hashes them for its ETag).
    static func spool(
        _ prepared: ExportStore.Prepared, exporter: Exporter, limits: ExportLimits, observe: @escaping @Sendable ([UInt8]) -> Void = { _ in }
    ) async throws -> ExportSpool {
        do {
            return try await ExportSpool.write(in: limits.spoolDirectory, maxBytes: limits.spoolMaxBytes) { sink in
                let observed: ExportSink = { chunk in
                    observe(chunk)
                    try await sink(chunk)
                }
                // A workbook's sheets are bounded like the file: what is spooled is bounded.
                try await exporter.write(prepared, to: observed, temporaryDirectory: limits.spoolDirectory, maxBytes: limits.spoolMaxBytes)
            }
        } catch let error as XLSXWorkbook.TooManyRows {
            throw APIError(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "export_too_large",
                detail: "the \(error.sheet) sheet would have more than the \(error.limit) rows a spreadsheet opens; "
                    + "narrow it with since and until, or export CSV")
        } catch is ExportSpool.TooLarge, is XLSXWorkbook.TooLarge {
            throw APIError(
                HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "export_too_large",
                detail: "the export is larger than the \(limits.spoolMaxBytes) bytes the server spools; "
                    + "narrow it with since and until, or use `debrief export`")
        }
    }
}
