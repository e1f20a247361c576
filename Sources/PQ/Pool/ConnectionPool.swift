import Logging
import Metrics
import NIOPosix

/// A bounded pool of connections for async callers.
///
/// - At most `maxConnections` are open (or opening) at once.
/// - A caller that finds none free waits in line, and fails with `poolTimeout` after
///   `acquireTimeout` instead of queueing forever.
/// - A connection is checked before reuse; one the server closed (restart,
///   `pg_terminate_backend`) is dropped and replaced, so the pool heals by itself.
actor ConnectionPool {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Connection, any Error>
    }

    private let configuration: DatabaseConfiguration
    private let threadPool: NIOThreadPool
    private let logger: Logger
    private let metrics: PoolMetrics
    private var idle: [Connection] = [] { didSet { self.publish() } }
    private var waiters: [Waiter] = [] { didSet { self.publish() } }
    private var nextWaiterID = 0
    /// Connections open or being opened, leased or idle.
    private var openCount = 0 { didSet { self.publish() } }
    private var isClosed = false
    /// Connections opened for waiters, and the hops back onto the pool of cancelled waits.
    private let background = BackgroundTasks()

    init(configuration: DatabaseConfiguration, threadPool: NIOThreadPool, logger: Logger, metrics: any MetricsFactory) {
        self.configuration = configuration
        self.threadPool = threadPool
        self.logger = logger
        self.metrics = PoolMetrics(factory: metrics)
        self.metrics.publish(open: 0, idle: 0, waiting: 0)
    }

    /// Sends the counts to the metrics gauges (every change passes here, through `didSet`).
    private func publish() {
        self.metrics.publish(open: self.openCount, idle: self.idle.count, waiting: self.waiters.count)
    }

    /// Leases a connection and records how long that waited; a wait that timed out is counted.
    func measuredLease() async throws -> Connection {
        let start = ContinuousClock.now
        do {
            let connection = try await self.lease()
            self.metrics.waited(ContinuousClock.now - start)
            return connection
        } catch let error as PQError where error.code == .poolTimeout {
            self.metrics.waited(ContinuousClock.now - start)
            self.metrics.timeouts.increment()
            throw error
        }
    }

    /// Leases a connection: an idle one, a new one, or the next one released.
    func lease() async throws -> Connection {
        guard !self.isClosed else { throw PQError(.poolClosed, "the connection pool is shut down") }
        while let connection = self.idle.popLast() {
            if connection.isReusable() { return connection }
            self.openCount -= 1
            self.logger.info("dropped a broken pooled connection")
        }
        if self.openCount < self.configuration.maxConnections {
            self.openCount += 1
            do {
                return try await Connection.open(self.configuration, threadPool: self.threadPool)
            } catch {
                self.openCount -= 1
                throw error
            }
        }
        return try await self.waitForRelease()
    }

    /// Returns a leased connection. A broken one, or one left inside a transaction, is closed.
    func release(_ connection: Connection) {
        guard !self.isClosed, connection.isReusable() else {
            self.openCount -= 1
            self.replaceForWaiter()
            return
        }
        if self.waiters.isEmpty {
            self.idle.append(connection)
        } else {
            self.waiters.removeFirst().continuation.resume(returning: connection)
        }
    }

    /// Closes idle connections and fails everyone waiting; leased connections close on release.
    func close() {
        self.isClosed = true
        self.background.cancelAll()
        self.openCount -= self.idle.count
        self.idle.removeAll()
        let waiting = self.waiters
        self.waiters.removeAll()
        for waiter in waiting {
            waiter.continuation.resume(throwing: PQError(.poolClosed, "the connection pool is shut down"))
        }
    }

    /// Idle, open and waiting counts, for readiness checks and tests.
    var statistics: (open: Int, idle: Int, waiting: Int) {
        (self.openCount, self.idle.count, self.waiters.count)
    }

    // MARK: - Waiting

    private func waitForRelease() async throws -> Connection {
        let id = self.nextWaiterID
        self.nextWaiterID += 1
        let timeout = self.configuration.acquireTimeout
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            await self?.fail(waiter: id, with: PQError(
                .poolTimeout, "no database connection became free within \(timeout)"))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.waiters.append(Waiter(id: id, continuation: continuation))
            }
        } onCancel: {
            self.background.start { await self.fail(waiter: id, with: CancellationError()) }
        }
    }

    /// A connection opened for a waiter failed: the server is unreachable, so the first waiter is
    /// told now rather than at its timeout.
    private func openFailed(_ error: any Error) {
        self.openCount -= 1
        if !self.waiters.isEmpty {
            self.waiters.removeFirst().continuation.resume(throwing: error)
        }
    }

    private func fail(waiter id: Int, with error: any Error) {
        guard let index = self.waiters.firstIndex(where: { $0.id == id }) else { return }
        self.waiters.remove(at: index).continuation.resume(throwing: error)
    }

    /// A connection was dropped while callers wait: open a fresh one for the first in line.
    private func replaceForWaiter() {
        guard !self.isClosed, !self.waiters.isEmpty,
            self.openCount < self.configuration.maxConnections
        else { return }
        self.openCount += 1
        self.background.start {
            do {
                let connection = try await Connection.open(self.configuration, threadPool: self.threadPool)
                await self.release(connection)
            } catch {
                await self.openFailed(error)
            }
        }
    }
}
