import DebriefStore
import Foundation

extension Exporter {
    /// The sheets of an .xlsx export, in order: what a reader wants first, the numbers.
    static let workbookSheets: [ExportLayout.Name] = [.summary, .responses, .trends]

    /// Writes `export` as an .xlsx workbook: one sheet per layout of ``workbookSheets``, each
    /// filled from the very CSV its layout writes (so the numbers, labels and withheld cells
    /// are the CSV's: ``Disclosure`` and ``ExportPrivacy`` decide both), read back and typed by
    /// ``XLSXCell``. The CSV is asked for with commas and without formula neutralization: an
    /// inline string is never evaluated, so `=cmd` stays exactly what was typed.
    /// `summary` and `responses` keep the export's window; `trends` is never filtered, as its API.
    func writeWorkbook(_ export: ExportStore.Prepared, to sink: ExportSink, temporaryDirectory: String, maxBytes: Int?) async throws {
        let workbook = XLSXWorkbook(directory: temporaryDirectory, maxBytes: maxBytes)
        let window = Self.window(of: export.request.layout)
        let csv = CSVOptions(delimiter: .comma, byteOrderMark: false, neutralizesFormulas: false)
        for name in Self.workbookSheets {
            guard let layout = ExportLayout(name, window: name == .trends ? .all : window) else { continue }
            let sheet = try await workbook.addSheet(named: name.rawValue)
            let layoutExport = export.with(layout: layout, csv: csv)
            sheet.setTextColumns(try await self.textColumns(layoutExport))
            try await self.writeCSV(layoutExport) { chunk in try await sheet.feed(chunk) }
            try await sheet.finish()
        }
        try await workbook.write(to: sink)
    }

    /// The columns of user text of `export`'s layout, which stay strings whatever they hold.
    private func textColumns(_ export: ExportStore.Prepared) async throws -> Set<Int> {
        switch export.request.layout {
        case .summary: return SummaryLayout.textColumns
        case .trends: return TrendsLayout.textColumns
        case .responses, .answers: return try await self.exports.rowLayoutTextColumns(export) ?? []
        case .actions: return ActionsLayout.textColumns
        case .roomQuestions: return RoomQuestionsLayout.textColumns
        }
    }

    private static func window(of layout: ExportLayout) -> SubmissionWindow {
        switch layout {
        case .responses(let window), .answers(let window), .summary(let window): return window
        case .trends, .actions, .roomQuestions: return .all
        }
    }
}
