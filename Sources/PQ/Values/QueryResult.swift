/// The rows a statement returned, copied out of libpq into Swift strings.
///
/// Only Swift values leave the module: the `PGresult` is cleared before this value exists.
public struct QueryResult: Sendable, RandomAccessCollection {
    final class Storage: Sendable {
        let columns: [String]
        /// Row-major cells; `nil` is SQL NULL.
        let cells: [String?]

        init(columns: [String], cells: [String?]) {
            self.columns = columns
            self.cells = cells
        }

        /// The first column named `name`. A scan, not a dictionary: a result has a few tens of
        /// columns at most, and names of another length are passed over without reading them,
        /// where a dictionary hashed every name of every result (about 18,000 instructions a
        /// result, 2,600 results per 2,000 submissions; issue 72, callgrind).
        func column(named name: String) -> Int? {
            let length = name.utf8.count
            for (position, column) in self.columns.enumerated() where column.utf8.count == length && column == name {
                return position
            }
            return nil
        }
    }

    let storage: Storage
    /// For INSERT/UPDATE/DELETE: how many rows the statement touched (`PQcmdTuples`).
    public let affectedRows: Int

    init(columns: [String], cells: [String?], affectedRows: Int) {
        self.storage = Storage(columns: columns, cells: cells)
        self.affectedRows = affectedRows
    }

    public var columns: [String] { self.storage.columns }
    public var startIndex: Int { 0 }
    public var endIndex: Int {
        self.storage.columns.isEmpty ? 0 : self.storage.cells.count / self.storage.columns.count
    }

    public subscript(position: Int) -> Row {
        Row(storage: self.storage, row: position)
    }

    /// The one row a statement that always returns a row gave (an aggregate, `RETURNING` of a
    /// write that cannot miss); a missing row is a protocol error, not a nil to check.
    public func single() throws -> Row {
        guard let row = self.first else { throw PQError(.protocolViolation, "the statement returned no row") }
        return row
    }
}

/// One row of a ``QueryResult``; columns are read by name.
public struct Row: Sendable {
    let storage: QueryResult.Storage
    let row: Int

    /// Decodes the column `name` as `type`. Use an optional type for nullable columns.
    public func decode<Value: SQLDecodable>(_ name: String, as type: Value.Type = Value.self) throws -> Value {
        guard let column = self.storage.column(named: name) else {
            throw PQError(.decoding, "the result has no column named \(name)")
        }
        let text = self.storage.cells[self.row * self.storage.columns.count + column]
        return try Value.decode(sqlText: text, column: name)
    }

    /// True when the column exists and holds SQL NULL.
    public func isNull(_ name: String) -> Bool {
        guard let column = self.storage.column(named: name) else { return false }
        return self.storage.cells[self.row * self.storage.columns.count + column] == nil
    }
}
