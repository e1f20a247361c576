import Foundation

/// One worksheet being written: the CSV rows of one layout, read back by ``CSVRowReader``, become
/// `<row>` elements in a temporary file (unlinked at once; see ``XLSXWorkbook``), so a large
/// sheet never sits in memory. The first row is the header, in bold, frozen at the top.
///
/// Each column is as wide as its widest cell (``XLSXColumnWidths``): a spreadsheet's default
/// width printed every timestamp as `###` in LibreOffice. The widths are known only after the
/// last row, so the sheet's XML before its rows (``head``) is made then, and the workbook packs
/// the head before the file's rows.
final class XLSXSheet {
    /// A sheet's row bound: Excel opens no sheet with more rows.
    static let maxRows = 1_048_576

    let name: String
    let file: BlockingFile
    private var reader = CSVRowReader()
    private var textColumns: Set<Int> = []
    private var buffer = ""
    private var widths = XLSXColumnWidths()
    private(set) var rows = 0
    /// The XML before the rows, with the columns' widths: set by ``finish()``.
    private(set) var head = Data()

    init(name: String, file: BlockingFile) async throws {
        self.name = name
        self.file = file
    }

    /// The size of the sheet's part: its head, then its rows.
    var partSize: Int64 { Int64(self.head.count) + self.file.size }

    /// `count` bytes of the sheet's part from `position` (the head's, then the file's).
    func read(at position: Int64, count: Int) throws -> Data {
        let headSize = Int64(self.head.count)
        var out = Data()
        var position = position
        var count = count
        if position < headSize {
            let end = min(headSize, position + Int64(count))
            out.append(self.head.subdata(in: Int(position)..<Int(end)))
            count -= Int(end - position)
            position = end
        }
        if count > 0 { out.append(try self.file.read(at: position - headSize, count: count)) }
        return out
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
        self.head = Data(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                + "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
                + "<sheetViews><sheetView workbookViewId=\"0\"><pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
                + "</sheetView></sheetViews>" + self.widths.xml + "<sheetData>").utf8)
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
                self.widths.fit(text, column: index, bold: true)
            } else {
                let cell = XLSXCell.xml(text, reference: reference, isText: self.textColumns.contains(index))
                self.buffer += cell
                self.widths.fit(text, column: index, isDate: cell.contains(" s=\"\(XLSXCell.Style.date.rawValue)\""))
            }
        }
        self.buffer += "</row>"
    }

    /// Written in pieces of about 256 KiB: few system calls, little memory.
    private func flushIfFull() async throws {
        guard self.buffer.utf8.count >= 256 * 1024 else { return }
        try await self.file.write(self.buffer)
        self.buffer = ""
    }
}
