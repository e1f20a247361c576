import Metrics
import PQ

/// Where export bytes go: a file, standard output or an HTTP response body. Each call gets one
/// chunk of about 64 KiB; the next chunk is only read from PostgreSQL after the call returns, so
/// a slow consumer slows the export down instead of making anything buffer.
public typealias ExportSink = ([UInt8]) async throws -> Void

/// Writes CSV through PostgreSQL's `COPY … TO STDOUT (FORMAT csv)`, so one well-kept implementation
/// does every bit of RFC 4180 quoting (quotes, delimiters, line breaks), the header row included.
///
/// Text cells go through `debrief_csv_cell` (SQL/0005_export.sql) unless formula neutralization
/// is switched off; numbers, booleans and timestamps the export computes itself are left alone.
struct CSVCopy {
    let options: CSVOptions
    let sink: ExportSink
    /// Counts the data rows sent (not the header); nil when nothing is exported (a query preview).
    var rowCounter: Counter? = nil

    /// `value` as an exported text cell.
    func cell(_ value: SQLQuery) -> SQLQuery {
        self.options.neutralizesFormulas ? "debrief_csv_cell(" + value + ")" : value
    }

    /// `column` (SQL text the program owns, such as `m.title`, never input) as an exported text cell.
    func cell(unsafeColumn column: String) -> SQLQuery {
        self.cell(SQLQuery(unsafeSQL: column))
    }

    /// The byte order mark, when asked for; call once, first.
    func start() async throws {
        if self.options.byteOrderMark { try await self.sink([0xEF, 0xBB, 0xBF]) }
    }

    /// One header row. The names are bound values (question prompts are user text), neutralized
    /// like any text cell and quoted by PostgreSQL.
    func header(_ names: [String], on connection: Connection) async throws {
        var select: SQLQuery = "SELECT "
        for (index, name) in names.enumerated() {
            if index > 0 { select = select + ", " }
            select = select + self.cell("\(name)::text")
        }
        try await self.copy(select, on: connection)
    }

    /// The rows of `select`, streamed chunk by chunk.
    func rows(_ select: SQLQuery, on connection: Connection) async throws {
        let rows = try await self.copy(select, on: connection)
        self.rowCounter?.increment(by: rows)
    }

    /// Streams `select` through one `COPY` and returns how many rows it sent.
    @discardableResult
    private func copy(_ select: SQLQuery, on connection: Connection) async throws -> Int {
        try await connection.copyOut(select, format: .csv(delimiter: self.options.delimiter)) { chunk in
            try await self.sink(chunk)
        }
    }

    /// Rows computed in Swift (summary, trends): sent as one text array per column and read back
    /// with `unnest`, so they are quoted by the same COPY as every other row rather than by a
    /// second, hand-written CSV writer. `textColumns` says which columns are user text.
    func rows(columns: [[String?]], textColumns: Set<Int>, on connection: Connection) async throws {
        guard let rowCount = columns.first?.count, rowCount > 0 else { return }
        var select: SQLQuery = "SELECT "
        var arrays: SQLQuery = ""
        for (index, column) in columns.enumerated() {
            if index > 0 {
                select = select + ", "
                arrays = arrays + ", "
            }
            let name = SQLQuery(unsafeSQL: "u.c\(index)")
            select = select + (textColumns.contains(index) ? self.cell(name) : name)
            arrays = arrays + "\(column)::text[]"
        }
        let names = (0..<columns.count).map { "c\($0)" }.joined(separator: ", ")
        select = select + " FROM unnest(" + arrays + SQLQuery(unsafeSQL: ") WITH ORDINALITY AS u(\(names), n) ORDER BY u.n")
        try await self.rows(select, on: connection)
    }
}
