import DebriefStore
import Logging
import Metrics

extension PeriodicPurge {
    /// Purges the responses hosts asked not to keep (their retention in months, on the account
    /// page or `PATCH /v1/me`), once an hour and at start; counted in
    /// `debrief_retention_purged_responses_total` and logged.
    public static func responses(retention: RetentionStore, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) -> Self {
        Self(
            job: "retention_purge", purged: Counter(label: "debrief_retention_purged_responses_total", factory: metrics),
            metrics: metrics, logger: logger,
            done: "purged responses past their host's retention", failed: "could not purge responses past their retention"
        ) { try await retention.purgeExpired() }
    }
}
