import DebriefStore
import Logging
import Metrics

extension PeriodicPurge {
    /// Forgets `Idempotency-Key` records older than the retention, once an hour (and at start).
    public static func idempotency(
        keys: IdempotencyKeys, retention: Duration, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory
    ) -> Self {
        Self(
            job: "idempotency_purge", metrics: metrics, logger: logger,
            done: "forgot old idempotency keys", failed: "could not purge old idempotency keys"
        ) { try await keys.purge(olderThan: retention) }
    }
}
