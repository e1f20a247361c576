/// One CSV file being written through PostgreSQL's `COPY … TO STDOUT`: the byte order mark,
/// a header row, then rows, each sent to the sink chunk by chunk (see ``CSVCopy``).
public struct CSVStream {
    let copy: CSVCopy
    let store: ExportStore

    /// The byte order mark, when the export asked for one; call once, first.
    public func start() async throws {
        try await self.copy.start()
    }

    /// One header row (user text, such as question prompts, is neutralized like any text cell).
    public func header(_ names: [String]) async throws {
        try await self.store.streaming { try await self.copy.header(names, on: $0) }
    }

    /// Rows computed in Swift, one array per column; `textColumns` are user text.
    public func rows(columns: [[String?]], textColumns: Set<Int>) async throws {
        try await self.store.streaming { try await self.copy.rows(columns: columns, textColumns: textColumns, on: $0) }
    }
}
