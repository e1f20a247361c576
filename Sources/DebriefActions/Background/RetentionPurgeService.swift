import DebriefStore
import Logging
import Metrics
import ServiceLifecycle

/// Purges the responses hosts asked not to keep (their retention in months, on the account
/// page or `PATCH /v1/me`), once an hour and at start; counted in
/// `debrief_retention_purged_responses_total` and logged.
public struct RetentionPurgeService: Service {
    let retention: RetentionStore
    let logger: Logger
    let job: JobMetrics
    let purged: Counter

    public init(retention: RetentionStore, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.retention = retention
        self.logger = logger
        self.job = JobMetrics(job: "retention_purge", factory: metrics)
        self.purged = Counter(label: "debrief_retention_purged_responses_total", factory: metrics)
    }

    /// One purge: returns how many responses went.
    @discardableResult
    public func purgeOnce() async throws -> Int {
        let count = try await self.job.run { try await self.retention.purgeExpired() }
        self.purged.increment(by: count)
        if count > 0 { self.logger.info("purged responses past their host's retention", metadata: ["count": "\(count)"]) }
        return count
    }

    public func run() async throws {
        repeat {
            do {
                try await self.purgeOnce()
            } catch {
                self.logger.warning("could not purge responses past their retention", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(3600)) }) != nil
    }
}
