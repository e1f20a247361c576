import CLibPQ
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The single owner of one `PGconn`. Every call blocks the calling thread.
///
/// Not `Sendable`: only ``Connection`` holds one, and it serializes every call under a lock on a
/// thread-pool thread. Each `PGresult` is cleared in the function that made it, and only Swift
/// values leave.
final class RawConnection {
    private let handle: OpaquePointer
    /// True between `beginCopyOut` and the end of the COPY's rows.
    private var isCopying = false
    /// Rows the last finished `COPY` sent (its command tag), for ``Connection/copyOut``.
    private(set) var copiedRows = 0
    /// The statements prepared on this connection, found by their queries' fragments.
    private var prepared = PreparedStatements()
    /// At most this many statements are kept prepared per connection; beyond, statements are
    /// planned each time (callers prepare only fixed texts, so this is a guard, not a cache size).
    static let maxPrepared = 32

    /// Opens a connection; `parameters` are libpq keywords, with `dbname` first and expanded so it
    /// may be a URL or a conninfo string.
    init(parameters: [(String, String)]) throws {
        let keywords = parameters.map { $0.0 }
        let values = parameters.map { $0.1 }
        let connection: OpaquePointer? = withCStringArray(keywords) { keywordPointers in
            withCStringArray(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw PQError(.connectionFailed, "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let host = PQhost(connection).map { String(cString: $0) }
            let port = PQport(connection).map { String(cString: $0) }
            // libpq quotes a URL it cannot parse, password and all.
            let conninfo = parameters.first { $0.0 == "dbname" }?.1 ?? ""
            let message = ConninfoRedaction(conninfo: conninfo).redact(Self.trimmed(PQerrorMessage(connection)))
            PQfinish(connection)
            let target = [host, port].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ":")
            throw PQError(
                .connectionFailed,
                "could not connect to PostgreSQL at \(target.isEmpty ? "default host" : target): \(message)",
                host: host)
        }
        // libpq prints NOTICE messages to stderr by default; the server log keeps them instead.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.handle = connection
    }

    deinit {
        PQfinish(self.handle)
    }

    /// True when libpq already knows the connection is unusable.
    var isBroken: Bool { PQstatus(self.handle) != CONNECTION_OK }

    /// Set when a write was refused because the server is a standby (`25006`): the primary this
    /// connection reached was demoted under it (a switchover), so it never goes back to the pool.
    private var reachedAStandby = false

    /// True when no transaction is open (or failed) on this connection.
    var isIdle: Bool { PQtransactionStatus(self.handle) == PQTRANS_IDLE }

    /// Checks, without blocking, that the server has not closed the connection while it sat idle.
    ///
    /// A terminated backend (server restart, `pg_terminate_backend`) sends an error and closes the
    /// socket, which makes it readable. Pooled connections never `LISTEN`, so a healthy idle one
    /// has nothing to read: anything readable means the connection is going away (at worst a
    /// stray notice costs one reconnect).
    func isReusable() -> Bool {
        guard !self.isBroken, !self.reachedAStandby, self.isIdle, !self.isCopying else { return false }
        var descriptor = pollfd(fd: PQsocket(self.handle), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// Runs one statement with text-format parameters and copies its rows out.
    func execute(_ sql: String, _ parameters: [String?]) throws -> QueryResult {
        let result = withOptionalCStringArray(parameters) { values in
            PQexecParams(self.handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return Self.copyRows(result)
        case PGRES_COPY_OUT, PGRES_COPY_IN, PGRES_COPY_BOTH:
            throw PQError(.protocolViolation, "COPY statements go through copyOut, not execute")
        default:
            throw self.error(from: result, query: sql)
        }
    }

    /// Runs one statement through a named prepared statement, preparing it on first use, so the
    /// server parses it once per connection (and may reuse its plan). For statements whose text
    /// is fixed, whatever the values; others go through ``execute(_:_:)``. Its text is written only
    /// to prepare it (``PreparedStatements``).
    func executePrepared(_ query: SQLQuery, _ parameters: [String?]) throws -> QueryResult {
        let statement: PreparedStatements.Statement
        if let known = self.prepared.find(query) {
            statement = known
        } else {
            let sql = query.sql
            guard self.prepared.count < Self.maxPrepared else { return try self.execute(sql, parameters) }
            statement = self.prepared.add(query, sql: sql)
            let preparation = PQprepare(self.handle, statement.name, sql, Int32(parameters.count), nil)
            defer { PQclear(preparation) }
            guard PQresultStatus(preparation) == PGRES_COMMAND_OK else {
                self.prepared.remove(named: statement.name)
                throw self.error(from: preparation, query: sql)
            }
        }
        let result = withOptionalCStringArray(parameters) { values in
            PQexecPrepared(self.handle, statement.name, Int32(parameters.count), values, nil, nil, 0)
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return Self.copyRows(result)
        default:
            throw self.error(from: result, query: statement.sql)
        }
    }

    /// Runs `statements` in libpq's pipeline mode: all sent at once with one Sync, so the server
    /// runs them back to back and the results come back in one exchange instead of one round trip
    /// each. Returns one result per statement, in order. The first failure is thrown once every
    /// result up to the Sync has been read (the server skips the statements after a failed one),
    /// so the connection is idle again; a transaction the statements opened is the caller's.
    /// Statements outside an explicit transaction form one implicit transaction up to the Sync:
    /// a failure undoes the ones before it too.
    ///
    /// Each statement runs prepared, as ``executePrepared(_:_:)`` runs one: a pipeline is a
    /// report's fixed reads (``Database/readSnapshot(_:function:fileID:)``), and planning them
    /// each time cost PostgreSQL about a millisecond for the meeting's read alone; preparing them
    /// cut its CPU per small report by about a quarter, 7.7 and 6.8 ms to 5.3 and 5.5 ms
    /// (issue 72, docs/benchmarks.md). A statement not prepared yet is prepared in the
    /// same pipeline, just before it runs; a preparation the server skipped or refused is
    /// forgotten again.
    ///
    /// Blocking mode is safe here because callers send a few small statements: they fit in the
    /// socket's buffers whole, so the server never waits on our reads while we wait on its reads.
    func executePipeline(_ statements: [(query: SQLQuery, parameters: [String?])]) throws -> [QueryResult] {
        guard PQenterPipelineMode(self.handle) == 1 else { throw self.connectionError("could not enter pipeline mode") }
        defer { PQexitPipelineMode(self.handle) }
        // What was sent, in order: each has its results, then a NULL.
        enum Sent {
            case preparation(PreparedStatements.Statement)
            case statement(SQLQuery)
        }
        var sent: [Sent] = []
        for (query, parameters) in statements {
            var name: String?
            if let known = self.prepared.find(query) {
                name = known.name
            } else if self.prepared.count < Self.maxPrepared {
                let statement = self.prepared.add(query, sql: query.sql)
                sent.append(.preparation(statement))
                guard PQsendPrepare(self.handle, statement.name, statement.sql, Int32(parameters.count), nil) == 1 else {
                    throw self.connectionError("a statement could not be sent")
                }
                name = statement.name
            }
            let accepted = withOptionalCStringArray(parameters) { values in
                if let name {
                    return PQsendQueryPrepared(self.handle, name, Int32(parameters.count), values, nil, nil, 0)
                }
                return PQsendQueryParams(self.handle, query.sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
            // The connection is unusable now: the pool drops it (it is neither idle nor healthy).
            guard accepted == 1 else { throw self.connectionError("a statement could not be sent") }
            sent.append(.statement(query))
        }
        guard PQpipelineSync(self.handle) == 1 else { throw self.connectionError("the pipeline could not be sent") }
        var results: [QueryResult] = []
        var failure: PQError?
        for item in sent {
            var prepared = true
            // Each item's results end with a NULL.
            while let result = PQgetResult(self.handle) {
                defer { PQclear(result) }
                switch (PQresultStatus(result), item) {
                case (PGRES_COMMAND_OK, .preparation):
                    break
                case (PGRES_TUPLES_OK, .statement), (PGRES_COMMAND_OK, .statement), (PGRES_EMPTY_QUERY, .statement):
                    results.append(Self.copyRows(result))
                case (PGRES_PIPELINE_ABORTED, _):
                    prepared = false
                case (_, .preparation(let statement)):
                    prepared = false
                    if failure == nil { failure = self.error(from: result, query: statement.sql) }
                case (_, .statement(let query)):
                    if failure == nil { failure = self.error(from: result, query: query.sql) }
                }
            }
            if case .preparation(let statement) = item, !prepared { self.prepared.remove(named: statement.name) }
        }
        // The Sync's own result (PGRES_PIPELINE_SYNC) closes the pipeline.
        if let sync = PQgetResult(self.handle) { PQclear(sync) }
        if let failure { throw failure }
        guard results.count == statements.count else { throw self.connectionError("the pipeline ended early") }
        return results
    }

    /// Runs a script of one or more statements without parameters (migration files).
    func executeScript(_ sql: String) throws {
        let result = PQexec(self.handle, sql)
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return
        default:
            throw self.error(from: result, query: nil)
        }
    }

    /// Starts `COPY … TO STDOUT`; rows are then read with ``readCopyChunk(maximumBytes:)``.
    func beginCopyOut(_ sql: String) throws {
        let result = PQexec(self.handle, sql)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COPY_OUT else {
            throw self.error(from: result, query: sql)
        }
        self.isCopying = true
    }

    /// Reads COPY rows until about `maximumBytes` have arrived; `nil` when the COPY is complete.
    func readCopyChunk(maximumBytes: Int) throws -> [UInt8]? {
        guard self.isCopying else { return nil }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(maximumBytes + 1024)
        while chunk.count < maximumBytes {
            var buffer: UnsafeMutablePointer<CChar>? = nil
            let length = PQgetCopyData(self.handle, &buffer, 0)
            if length > 0, let buffer {
                buffer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
                    chunk.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
                }
                PQfreemem(buffer)
            } else if length == -1 {
                self.isCopying = false
                try self.finishCopy()
                return chunk.isEmpty ? nil : chunk
            } else {
                throw self.connectionError("COPY failed")
            }
        }
        return chunk
    }

    /// After `PQgetCopyData` returned -1: the final result says whether the COPY succeeded.
    private func finishCopy() throws {
        var failure: PQError?
        while let result = PQgetResult(self.handle) {
            if PQresultStatus(result) != PGRES_COMMAND_OK, failure == nil {
                failure = self.error(from: result, query: nil)
            } else if let tag = PQcmdTuples(result) {
                self.copiedRows = Int(String(cString: tag)) ?? 0
            }
            PQclear(result)
        }
        if let failure { throw failure }
    }

    /// Waits up to `timeoutMilliseconds` for notifications from `LISTEN`.
    func waitForNotifications(timeoutMilliseconds: Int32) throws -> [DatabaseNotification] {
        var notifications = self.drainNotifications()
        if !notifications.isEmpty { return notifications }
        var descriptor = pollfd(fd: PQsocket(self.handle), events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready < 0, errno != EINTR {
            throw PQError(.connectionLost, "waiting for notifications failed (errno \(errno))")
        }
        if ready > 0 {
            guard PQconsumeInput(self.handle) == 1 else {
                throw self.connectionError("the notification connection was lost")
            }
            notifications = self.drainNotifications()
        }
        if self.isBroken { throw self.connectionError("the notification connection was lost") }
        return notifications
    }

    private func drainNotifications() -> [DatabaseNotification] {
        var notifications: [DatabaseNotification] = []
        while let notify = PQnotifies(self.handle) {
            notifications.append(
                DatabaseNotification(
                    channel: String(cString: notify.pointee.relname),
                    payload: String(cString: notify.pointee.extra)))
            PQfreemem(notify)
        }
        return notifications
    }

    // MARK: - Results and errors

    private static func copyRows(_ result: OpaquePointer?) -> QueryResult {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var columns: [String] = []
        columns.reserveCapacity(columnCount)
        for column in 0..<columnCount {
            columns.append(String(cString: PQfname(result, Int32(column))))
        }
        var cells: [String?] = []
        cells.reserveCapacity(rowCount * columnCount)
        for row in 0..<Int32(rowCount) {
            for column in 0..<Int32(columnCount) {
                if PQgetisnull(result, row, column) == 1 {
                    cells.append(nil)
                } else if let value = PQgetvalue(result, row, column) {
                    let length = Int(PQgetlength(result, row, column))
                    cells.append(
                        value.withMemoryRebound(to: UInt8.self, capacity: length) {
                            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                        })
                } else {
                    cells.append("")
                }
            }
        }
        let affected = PQcmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return QueryResult(columns: columns, cells: cells, affectedRows: affected)
    }

    /// Builds the error for a failed result, telling a lost connection from a server error.
    private func error(from result: OpaquePointer?, query: String?) -> PQError {
        func field(_ code: Character) -> String? {
            guard let result, let ascii = code.asciiValue,
                let value = PQresultErrorField(result, Int32(ascii))
            else { return nil }
            return String(cString: value)
        }
        let message = field("M") ?? Self.trimmed(PQerrorMessage(self.handle))
        var error = PQError(
            self.isBroken ? .connectionLost : .server,
            message.isEmpty ? "the statement failed" : message,
            sqlState: field("C"),
            detail: field("D"),
            constraint: field("n"))
        error.query = query
        if error.isReadOnlyServer { self.reachedAStandby = true }
        return error
    }

    private func connectionError(_ context: String) -> PQError {
        PQError(.connectionLost, "\(context): \(Self.trimmed(PQerrorMessage(self.handle)))")
    }

    private static func trimmed(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// One `NOTIFY` received on a `LISTEN` connection.
public struct DatabaseNotification: Sendable, Equatable {
    public var channel: String
    public var payload: String

    public init(channel: String, payload: String) {
        self.channel = channel
        self.payload = payload
    }
}

/// Calls `body` with a NULL-terminated array of C strings that live for the call.
private func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    withOptionalCStringArray(strings.map { Optional($0) }) { body($0!) }
}

/// Like `withCStringArray`, with `nil` entries passed as NULL pointers (SQL NULL parameters).
private func withOptionalCStringArray<Result>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
) -> Result {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
