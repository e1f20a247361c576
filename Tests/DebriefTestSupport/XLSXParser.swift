import Foundation

/// Reads an .xlsx back with Python's `zipfile` and `xml.etree` (standard library), an
/// implementation the export code does not share: each sheet's cells as text, placed by their
/// references (an empty cell may be left out of the file). A number reads as its stored text
/// (`47.1`), a boolean as `true`/`false`, a string as itself; `types` says which each cell was
/// (`n`, `b`, `s`, `d` for a number in a date style, or `` for none).
public enum XLSXParser {
    public struct Sheet: Sendable {
        public var rows: [[String]]
        public var types: [[String]]

        /// Rows as dictionaries keyed by the header row's names.
        public var records: [[String: String]] {
            guard let header = self.rows.first else { return [] }
            return self.rows.dropFirst().map { row in
                Dictionary(zip(header, row + Array(repeating: "", count: max(0, header.count - row.count))), uniquingKeysWith: { a, _ in a })
            }
        }
    }

    /// The sheets of `data` by name, in workbook order.
    public static func sheets(_ data: Data) async throws -> [(name: String, sheet: Sheet)] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-xlsx-\(UUID().uuidString).xlsx")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = #"""
            import json, re, sys, zipfile
            import xml.etree.ElementTree as ET
            M = '{http://schemas.openxmlformats.org/spreadsheetml/2006/main}'
            R = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}'
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            styles = ET.fromstring(z.read('xl/styles.xml'))
            xfs = [x.get('numFmtId') for x in styles.find(M + 'cellXfs')]
            rels = {r.get('Id'): r.get('Target') for r in ET.fromstring(z.read('xl/_rels/workbook.xml.rels'))}
            out = []
            for s in ET.fromstring(z.read('xl/workbook.xml')).find(M + 'sheets'):
                root = ET.fromstring(z.read('xl/' + rels[s.get(R + 'id')]))
                rows, types = [], []
                for row in root.find(M + 'sheetData'):
                    cells, kinds = [], []
                    for c in row:
                        col = 0
                        for ch in re.match('[A-Z]+', c.get('r')).group(0):
                            col = col * 26 + ord(ch) - 64
                        while len(cells) < col - 1:
                            cells.append(''); kinds.append('')
                        t = c.get('t', 'n')
                        if t == 'inlineStr':
                            cells.append(''.join(x.text or '' for x in c.iter(M + 't'))); kinds.append('s')
                        elif t == 'b':
                            cells.append('true' if c.find(M + 'v').text == '1' else 'false'); kinds.append('b')
                        elif t == 'n':
                            date = xfs[int(c.get('s', '0'))] in ('164', '165', '22', '14')
                            cells.append(c.find(M + 'v').text); kinds.append('d' if date else 'n')
                        else:
                            raise SystemExit('unexpected cell type ' + t)
                        if c.find(M + 'f') is not None:
                            raise SystemExit('a formula in ' + c.get('r'))
                    rows.append(cells); types.append(kinds)
                out.append([s.get('name'), rows, types])
            json.dump(out, sys.stdout)
            """#
        let child = try await ChildProcess.python(script, [file.path])
        guard child.status == 0, let sheets = try JSONSerialization.jsonObject(with: child.output) as? [[Any]] else {
            throw CSVParser.Failure(description: "python could not read the workbook: \(String(decoding: child.errors, as: UTF8.self))")
        }
        return sheets.compactMap { sheet in
            guard sheet.count == 3, let name = sheet[0] as? String, let rows = sheet[1] as? [[String]], let types = sheet[2] as? [[String]]
            else { return nil }
            return (name, Sheet(rows: rows, types: types))
        }
    }
}
