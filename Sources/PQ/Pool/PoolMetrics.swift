import Metrics

/// What the connection pool tells operators (Prometheus names; see the README's metric list):
/// connections in use and idle, callers waiting, how long a lease waited, and the waits that
/// timed out. Recorded through swift-metrics on the factory the database was given.
struct PoolMetrics: Sendable {
    let inUse: Gauge
    let idle: Gauge
    let waiters: Gauge
    let wait: Timer
    let timeouts: Counter

    init(factory: any MetricsFactory) {
        self.inUse = Gauge(label: "debrief_db_pool_connections_in_use", factory: factory)
        self.idle = Gauge(label: "debrief_db_pool_connections_idle", factory: factory)
        self.waiters = Gauge(label: "debrief_db_pool_waiters", factory: factory)
        self.wait = Timer(label: "debrief_db_pool_wait_seconds", factory: factory)
        self.timeouts = Counter(label: "debrief_db_pool_timeouts_total", factory: factory)
    }

    /// The pool's counts after a change: open connections not idle are in use (or opening).
    func publish(open: Int, idle: Int, waiting: Int) {
        self.inUse.record(open - idle)
        self.idle.record(idle)
        self.waiters.record(waiting)
    }

    /// A lease that waited `elapsed` for its connection.
    func waited(_ elapsed: Duration) {
        let (seconds, attoseconds) = elapsed.components
        self.wait.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
