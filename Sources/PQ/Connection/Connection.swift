import NIOConcurrencyHelpers
import NIOPosix

/// One PostgreSQL connection, usable from async code.
///
/// libpq calls block, so every call runs on the database's `NIOThreadPool` — never on a SwiftNIO
/// event loop or Swift's cooperative pool, which a slow query would otherwise stall for everyone.
/// (libpq's non-blocking API would save those threads, but needs socket-readiness plumbing for
/// every call; with a pool of tens of connections, one parked thread per busy connection is cheap
/// and far simpler to get right.)
///
/// Normally leased from ``Database`` for one task at a time.
//
// `@unchecked Sendable` is safe because the only mutable state is the `PGconn` inside `raw`, and
// every access to `raw` happens inside `lock.withLock`: two tasks that share a connection by
// mistake are serialized, never interleaved on the socket (libpq forbids concurrent use).
public final class Connection: @unchecked Sendable {
    private let raw: RawConnection
    private let lock = NIOLock()
    private let threadPool: NIOThreadPool

    init(raw: RawConnection, threadPool: NIOThreadPool) {
        self.raw = raw
        self.threadPool = threadPool
    }

    /// Opens a connection on a thread-pool thread.
    static func open(_ configuration: DatabaseConfiguration, threadPool: NIOThreadPool) async throws -> Connection {
        let parameters = configuration.connectionParameters()
        return try await Self.onThreadPool(threadPool) {
            Connection(raw: try RawConnection(parameters: parameters), threadPool: threadPool)
        }
    }

    /// Runs a statement and returns its rows.
    ///
    /// Traced as a span named by the caller (`function`, `fileID`: leave them to their defaults).
    @discardableResult
    public func query(_ query: SQLQuery, function: String = #function, fileID: String = #fileID) async throws -> QueryResult {
        let sql = query.sql
        let parameters = try query.encodedParameters()
        return try await StatementSpan.run("query", function: function, fileID: fileID) {
            try await self.withRaw { try $0.execute(sql, parameters) }
        }
    }

    /// Runs a statement whose text is fixed (only its values change) as a prepared statement:
    /// parsed once per connection, and planned once when PostgreSQL finds a generic plan as good.
    /// The hot paths use it; anything built from varying SQL text uses ``query(_:)``.
    @discardableResult
    public func preparedQuery(_ query: SQLQuery, function: String = #function, fileID: String = #fileID) async throws -> QueryResult {
        let parameters = try query.encodedParameters()
        return try await StatementSpan.run("query", function: function, fileID: fileID) {
            try await self.withRaw { try $0.executePrepared(query, parameters) }
        }
    }

    /// Runs `queries` in one pipeline (one exchange with the server instead of one round trip
    /// each) and returns their results in order; see ``RawConnection/executePipeline(_:)``. For
    /// reads that do not depend on each other's results, e.g. every count of one report between
    /// a `BEGIN` and a `COMMIT` of their own.
    public func pipeline(_ queries: [SQLQuery], function: String = #function, fileID: String = #fileID) async throws -> [QueryResult] {
        let statements = try queries.map { (query: $0, parameters: try $0.encodedParameters()) }
        return try await StatementSpan.run("pipeline", function: function, fileID: fileID) {
            try await self.withRaw { try $0.executePipeline(statements) }
        }
    }

    /// Runs a statement and returns how many rows it inserted, updated or deleted.
    @discardableResult
    public func execute(_ query: SQLQuery, function: String = #function, fileID: String = #fileID) async throws -> Int {
        try await self.query(query, function: function, fileID: fileID).affectedRows
    }

    /// Runs several `;`-separated statements with no parameters. For migration files only.
    public func executeScript(unsafeSQL sql: String) async throws {
        try await self.withRaw { try $0.executeScript(sql) }
    }

    /// Streams the rows of `query` as `COPY … TO STDOUT` output in chunks of about
    /// `chunkBytes`, calling `consume` for each; memory stays flat whatever the row count.
    ///
    /// PostgreSQL does not accept bind parameters in `COPY`, so parameters are handed over with
    /// `set_config` inside a transaction and read back in the query as
    /// `current_setting('pq.copy_N')` — still never spliced into the SQL text.
    /// Returns how many rows the `COPY` sent.
    @discardableResult
    public func copyOut(
        _ query: SQLQuery, format: CopyFormat = .csv(), chunkBytes: Int = 64 * 1024, function: String = #function,
        fileID: String = #fileID, _ consume: ([UInt8]) async throws -> Void
    ) async throws -> Int {
        try await StatementSpan.run("copy", function: function, fileID: fileID) {
            try await self.streamCopy(query, format: format, chunkBytes: chunkBytes, consume)
        }
    }

    private func streamCopy(
        _ query: SQLQuery, format: CopyFormat, chunkBytes: Int, _ consume: ([UInt8]) async throws -> Void
    ) async throws -> Int {
        let parameters = try query.encodedParameters()
        guard !parameters.contains(where: { $0 == nil }) else {
            throw PQError(.invalidParameter, "COPY parameters cannot be NULL")
        }
        let select = query.render(placeholder: SQLQuery.copySetting)
        let copy = "COPY (\(select)) TO STDOUT WITH (\(format.sqlOptions))"
        if !parameters.isEmpty {
            let settings = (1...parameters.count).map { "set_config('pq.copy_\($0)', $\($0), true)" }
            try await self.withRaw { raw in
                _ = try raw.execute("BEGIN READ ONLY", [])
                _ = try raw.execute("SELECT " + settings.joined(separator: ", "), parameters)
            }
        }
        try await self.withRaw { try $0.beginCopyOut(copy) }
        while let chunk = try await self.withRaw({ try $0.readCopyChunk(maximumBytes: chunkBytes) }) {
            try await consume(chunk)
        }
        let rows = try await self.withRaw { $0.copiedRows }
        if !parameters.isEmpty {
            try await self.withRaw { _ = try $0.execute("COMMIT", []) }
        }
        return rows
    }

    /// Whether the pool may hand this connection out again: open, idle, not closed by the server.
    func isReusable() -> Bool {
        self.lock.withLock { self.raw.isReusable() }
    }

    /// Waits on the thread pool for `LISTEN` notifications.
    func waitForNotifications(timeoutMilliseconds: Int32) async throws -> [DatabaseNotification] {
        try await self.withRaw { try $0.waitForNotifications(timeoutMilliseconds: timeoutMilliseconds) }
    }

    private func withRaw<Value: Sendable>(_ body: @escaping @Sendable (RawConnection) throws -> Value) async throws -> Value {
        try await Self.onThreadPool(self.threadPool) {
            try self.lock.withLock { try body(self.raw) }
        }
    }

    private static func onThreadPool<Value: Sendable>(
        _ threadPool: NIOThreadPool, _ body: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        do {
            return try await threadPool.runIfActive(body)
        } catch let error as PQError {
            throw error
        } catch is NIOThreadPoolError.ThreadPoolInactive {
            throw PQError(.poolClosed, "the database client is shut down")
        }
    }
}

/// Options for `COPY … TO STDOUT`, built only from known-safe pieces.
public struct CopyFormat: Sendable {
    let sqlOptions: String

    /// The field separators a CSV export may use.
    public enum Delimiter: String, Sendable, CaseIterable {
        case comma = ","
        case semicolon = ";"
        case tab = "\t"
        case pipe = "|"

        var sqlLiteral: String { self == .tab ? "E'\\t'" : "'\(self.rawValue)'" }
    }

    /// RFC 4180 CSV as PostgreSQL writes it (quotes, commas and line breaks quoted).
    public static func csv(delimiter: Delimiter = .comma) -> CopyFormat {
        CopyFormat(sqlOptions: "FORMAT csv, DELIMITER \(delimiter.sqlLiteral)")
    }
}
