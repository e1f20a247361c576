import Logging
import Metrics
import ServiceLifecycle

/// Deletes the read record's rows older than the installation's retention
/// (``AuditRecord/retention``), once an hour and at start; counted in
/// `debrief_audit_purged_rows_total` and logged.
public struct AuditRetentionService: Service {
    let record: AuditRecord
    let logger: Logger
    let job: JobMetrics
    let purged: Counter

    public init(record: AuditRecord, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.record = record
        self.logger = logger
        self.job = JobMetrics(job: "audit_purge", factory: metrics)
        self.purged = Counter(label: "debrief_audit_purged_rows_total", factory: metrics)
    }

    /// One purge: returns how many rows went.
    @discardableResult
    public func purgeOnce() async throws -> Int {
        let count = try await self.job.run { try await self.record.purgeExpired() }
        self.purged.increment(by: count)
        if count > 0 { self.logger.info("purged read-record rows past the retention", metadata: ["count": "\(count)"]) }
        return count
    }

    public func run() async throws {
        repeat {
            do {
                try await self.purgeOnce()
            } catch {
                self.logger.warning("could not purge the read record", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(3600)) }) != nil
    }
}
