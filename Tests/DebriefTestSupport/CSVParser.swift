import Foundation

/// Reads CSV back with Python's `csv` module (strict mode), an implementation the export code
/// does not share, so tests check the files the way pandas or a spreadsheet would read them.
public enum CSVParser {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The rows of `data` (UTF-8; a leading byte order mark is skipped), each a list of cells.
    public static func parse(_ data: Data, delimiter: String = ",") async throws -> [[String]] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-csv-\(UUID().uuidString).csv")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:
                rows = list(csv.reader(f, delimiter=sys.argv[2], strict=True))
            json.dump(rows, sys.stdout)
            """
        let child = try await ChildProcess.python(script, [file.path, delimiter])
        guard child.status == 0, let rows = try JSONSerialization.jsonObject(with: child.output) as? [[String]] else {
            throw Failure(description: "python csv could not read the export: \(String(decoding: child.errors, as: UTF8.self))")
        }
        return rows
    }

    /// Rows as dictionaries keyed by the header row's names.
    public static func records(_ data: Data, delimiter: String = ",") async throws -> (header: [String], rows: [[String: String]]) {
        let rows = try await self.parse(data, delimiter: delimiter)
        guard let header = rows.first else { throw Failure(description: "the export has no header row") }
        for (index, row) in rows.enumerated() where row.count != header.count {
            throw Failure(description: "row \(index) has \(row.count) cells, the header \(header.count)")
        }
        return (header, rows.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) })
    }
}
