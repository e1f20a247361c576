import Logging
import Metrics

extension PeriodicPurge {
    /// Deletes the read record's rows older than the installation's retention
    /// (``AuditRecord/retention``), once an hour and at start; counted in
    /// `debrief_audit_purged_rows_total` and logged.
    public static func auditRecord(record: AuditRecord, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) -> Self {
        Self(
            job: "audit_purge", purged: Counter(label: "debrief_audit_purged_rows_total", factory: metrics),
            metrics: metrics, logger: logger,
            done: "purged read-record rows past the retention", failed: "could not purge the read record"
        ) { try await record.purgeExpired() }
    }
}
