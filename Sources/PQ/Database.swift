import Logging
import Metrics
import NIOPosix

/// The entry point of the client: a connection pool with the thread pool its blocking calls use.
///
/// Queries that need no transaction can go straight through ``query(_:)``; related statements
/// share one connection with ``withConnection(_:)`` or ``withTransaction(_:)``.
public final class Database: Sendable {
    public let configuration: DatabaseConfiguration
    let threadPool: NIOThreadPool
    private let pool: ConnectionPool
    private let logger: Logger

    /// Creates the pool; no connection is opened until the first query. The pool's gauges, wait
    /// histogram and timeouts go to `metrics` (the process-wide factory unless one is given).
    public init(configuration: DatabaseConfiguration, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.configuration = configuration
        self.logger = logger
        // One thread per pooled connection, plus room for notification listeners, so a blocked
        // libpq call never waits behind another connection's call.
        self.threadPool = NIOThreadPool(numberOfThreads: configuration.maxConnections + 2)
        self.threadPool.start()
        self.pool = ConnectionPool(
            configuration: configuration, threadPool: self.threadPool, logger: logger, metrics: metrics)
    }

    /// Leases a connection for `body` and returns it to the pool afterwards.
    public func withConnection<Value>(_ body: (Connection) async throws -> Value) async throws -> Value {
        let connection = try await self.pool.measuredLease()
        do {
            let value = try await body(connection)
            await self.pool.release(connection)
            return value
        } catch {
            await self.pool.release(connection)
            throw error
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func withTransaction<Value>(_ body: (Connection) async throws -> Value) async throws -> Value {
        try await self.withConnection { connection in
            try await connection.execute("BEGIN")
            let value: Value
            do {
                value = try await body(connection)
            } catch {
                // If the connection broke, the server already rolled back; the pool drops it.
                _ = try? await connection.execute("ROLLBACK")
                throw error
            }
            try await connection.execute("COMMIT")
            return value
        }
    }

    /// Runs read-only `queries` in one snapshot (a `REPEATABLE READ, READ ONLY` transaction) and
    /// in one exchange with the server: `BEGIN`, the queries and `COMMIT` go as one pipeline
    /// (``Connection/pipeline(_:function:fileID:)``). Their results, in order.
    public func readSnapshot(_ queries: [SQLQuery], function: String = #function, fileID: String = #fileID) async throws -> [QueryResult] {
        try await self.inSnapshot { connection in
            let results = try await connection.pipeline(
                [Self.beginSnapshot] + queries + ["COMMIT"], function: function, fileID: fileID)
            return Array(results.dropFirst().dropLast())
        }
    }

    /// As ``readSnapshot(_:function:fileID:)`` in two exchanges: `then` makes the second stage's
    /// queries from the first stage's results (say, one per question of the forms read first),
    /// and both stages read the same snapshot.
    public func readSnapshot(
        _ queries: [SQLQuery], then next: ([QueryResult]) throws -> [SQLQuery], function: String = #function, fileID: String = #fileID
    ) async throws -> (first: [QueryResult], then: [QueryResult]) {
        try await self.inSnapshot { connection in
            let first = Array(try await connection.pipeline([Self.beginSnapshot] + queries, function: function, fileID: fileID).dropFirst())
            let second = try await connection.pipeline(try next(first) + ["COMMIT"], function: function, fileID: fileID)
            return (first, Array(second.dropLast()))
        }
    }

    private static let beginSnapshot: SQLQuery = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"

    /// Runs `body`, which begins and commits a transaction, on a leased connection; a failure
    /// leaves the transaction open (aborted), so it is rolled back and the connection goes back to
    /// the pool idle (a broken connection is dropped by the pool instead).
    private func inSnapshot<Value>(_ body: (Connection) async throws -> Value) async throws -> Value {
        try await self.withConnection { connection in
            do {
                return try await body(connection)
            } catch {
                _ = try? await connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Runs one statement on a pooled connection.
    @discardableResult
    public func query(_ query: SQLQuery, function: String = #function, fileID: String = #fileID) async throws -> QueryResult {
        try await self.withConnection { try await $0.query(query, function: function, fileID: fileID) }
    }

    /// Runs one statement of fixed text as a prepared statement (see ``Connection/preparedQuery(_:)``).
    @discardableResult
    public func preparedQuery(_ query: SQLQuery, function: String = #function, fileID: String = #fileID) async throws -> QueryResult {
        try await self.withConnection { try await $0.preparedQuery(query, function: function, fileID: fileID) }
    }

    /// Runs one statement and returns the number of rows it changed.
    @discardableResult
    public func execute(_ query: SQLQuery, function: String = #function, fileID: String = #fileID) async throws -> Int {
        try await self.withConnection { try await $0.execute(query, function: function, fileID: fileID) }
    }

    /// Sends `NOTIFY channel, payload` (delivered when the surrounding transaction commits).
    public func notify(channel: String, payload: String) async throws {
        try await self.execute("SELECT pg_notify(\(channel), \(payload))")
    }

    /// Notifications on `channels`, from a dedicated connection outside the pool.
    public func notifications(channels: [String]) throws -> NotificationSequence {
        try NotificationSequence(
            configuration: self.configuration, channels: channels, threadPool: self.threadPool,
            logger: self.logger)
    }

    /// Open, idle and waiting counts of the pool.
    public func poolStatistics() async -> (open: Int, idle: Int, waiting: Int) {
        await self.pool.statistics
    }

    /// Closes the pool and stops the thread pool. Leased connections close when released.
    public func shutdown() async {
        await self.pool.close()
        try? await self.threadPool.shutdownGracefully()
    }
}
