import Debrief
import DebriefStore
import Foundation
import ZIPFoundation

/// An .xlsx file being written (docs/decisions/0044-xlsx-writing.md): each sheet's XML goes to a
/// temporary file as its rows arrive, then ZIPFoundation deflates the parts into a ZIP in another
/// temporary file, which is streamed to the export's sink. Memory stays at a few buffers whatever
/// the number of rows; every temporary file is unlinked as soon as it is open.
public final class XLSXWorkbook: @unchecked Sendable {
    /// The sheets' XML grew past the export's byte bound.
    public struct TooLarge: Error {
        public let limit: Int
    }

    /// A sheet has more rows than Excel opens (the CSV export has no such bound).
    public struct TooManyRows: Error {
        public let sheet: String
        public let limit: Int
    }

    let directory: String
    let budget: BlockingFile.Budget
    private(set) var sheets: [XLSXSheet] = []

    /// Temporary files go to `directory`; the sheets' XML may take at most `maxBytes` (nil: no bound).
    public init(directory: String, maxBytes: Int?) {
        self.directory = directory
        self.budget = BlockingFile.Budget(limit: maxBytes)
    }

    /// A new sheet, after the others.
    func addSheet(named name: String) async throws -> XLSXSheet {
        let sheet = try await XLSXSheet(name: name, file: try await BlockingFile.create(in: self.directory, budget: self.budget))
        self.sheets.append(sheet)
        return sheet
    }

    /// Packs the finished sheets and streams the ZIP into `sink` in chunks of 64 KiB.
    func write(to sink: ExportSink) async throws {
        let handle = try await BlockingFile.offload { try self.pack() }
        defer { try? handle.close() }
        while true {
            let chunk = try await BlockingFile.offload { try handle.read(upToCount: 64 * 1024) ?? Data() }
            if chunk.isEmpty { break }
            try await sink(Array(chunk))
        }
    }

    /// The ZIP, open for reading from its start (and already unlinked).
    private func pack() throws -> FileHandle {
        let url = URL(fileURLWithPath: self.directory + "/debrief-xlsx-" + UUID().lowercasedText + ".zip")
        defer { try? FileManager.default.removeItem(at: url) }
        // In its own function: the archive is closed (its last bytes written) when it returns.
        try self.addParts(to: url)
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return handle
    }

    private func addParts(to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        let names = self.sheets.map(\.name)
        let parts: [(String, String)] = [
            ("[Content_Types].xml", XLSXParts.contentTypes(sheets: names.count)),
            ("_rels/.rels", XLSXParts.rootRelationships),
            ("xl/workbook.xml", XLSXParts.workbook(sheetNames: names)),
            ("xl/_rels/workbook.xml.rels", XLSXParts.workbookRelationships(sheets: names.count)),
            ("xl/styles.xml", XLSXParts.styles),
        ]
        // A fixed time: the same export gives the same bytes.
        let date = Date(timeIntervalSince1970: 1_577_836_800)
        for (path, text) in parts {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: date, compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
            }
        }
        for (index, sheet) in self.sheets.enumerated() {
            try archive.addEntry(
                with: "xl/worksheets/sheet\(index + 1).xml", type: .file, uncompressedSize: sheet.partSize, modificationDate: date,
                compressionMethod: .deflate
            ) { position, size in
                try sheet.read(at: position, count: size)
            }
        }
    }
}
