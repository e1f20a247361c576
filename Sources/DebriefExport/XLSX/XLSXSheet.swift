import Foundation

/// One worksheet being written: the CSV rows of one layout, read back by ``CSVRowReader``, become
/// `<row>` elements in a temporary file (unlinked at once; see ``XLSXWorkbook``), so a large
/// sheet never sits in memory. The first row is the header, in bold, frozen at the top.
final class XLSXSheet {
    /// A sheet's row bound: Excel opens no sheet with more rows.
    static let maxRows = 1_048_576

    let name: String
    let file: BlockingFile
    private var reader = CSVRowReader()
    private var textColumns: Set<Int> = []
    private var buffer = ""
    private(set) var rows = 0

    init(name: String, file: BlockingFile) async throws {
        self.name = name
        self.file = file
        try await self.append(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                + "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
                + "<sheetViews><sheetView workbookViewId=\"0\"><pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
                + "</sheetView></sheetViews><sheetData>")
    }

    /// Which columns hold user text (always strings); known once the layout has been chosen,
    /// before its rows arrive.
    func setTextColumns(_ columns: Set<Int>) {
        self.textColumns = columns
    }

    /// One chunk of the layout's CSV.
    func feed(_ chunk: [UInt8]) async throws {
        try self.reader.feed(chunk) { try self.add($0) }
        try await self.flushIfFull()
    }

    /// Ends the sheet.
    func finish() async throws {
        try self.reader.finish { try self.add($0) }
        self.buffer += "</sheetData></worksheet>"
        try await self.file.write(self.buffer)
        self.buffer = ""
    }

    private func add(_ cells: [String]) throws {
        guard self.rows < Self.maxRows else { throw XLSXWorkbook.TooManyRows(sheet: self.name, limit: Self.maxRows) }
        self.rows += 1
        let number = self.rows
        self.buffer += "<row r=\"\(number)\">"
        for (index, text) in cells.enumerated() {
            let reference = XLSXCell.column(index) + String(number)
            if number == 1 {
                self.buffer += XLSXCell.string(text, reference: reference, style: .header)
            } else {
                self.buffer += XLSXCell.xml(text, reference: reference, isText: self.textColumns.contains(index))
            }
        }
        self.buffer += "</row>"
    }

    private func append(_ text: String) async throws {
        self.buffer += text
        try await self.flushIfFull()
    }

    /// Written in pieces of about 256 KiB: few system calls, little memory.
    private func flushIfFull() async throws {
        guard self.buffer.utf8.count >= 256 * 1024 else { return }
        try await self.file.write(self.buffer)
        self.buffer = ""
    }
}
