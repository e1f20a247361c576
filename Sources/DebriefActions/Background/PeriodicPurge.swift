import Logging
import Metrics
import ServiceLifecycle

/// A purge job (made by ``auditRecord(record:logger:metrics:)``, ``responses(retention:logger:metrics:)``,
/// ``trash(meetings:retention:logger:metrics:)``, ``idempotency(keys:retention:logger:metrics:)``): once at
/// start and then once an hour until graceful shutdown, each run counted as the job's (``JobMetrics``),
/// what it deleted added to its counter (when it has one) and logged; a failed run is logged and the
/// next hour tries again.
public struct PeriodicPurge: Service {
    let job: JobMetrics
    let purged: Counter?
    let logger: Logger
    /// The log lines: when rows went (with their count), and when a run failed.
    let done: Logger.Message, failed: Logger.Message
    let purge: @Sendable () async throws -> Int

    /// `purged` is made by the caller, as `Counter(label: "debrief_…", …)`: the metric's name stays a
    /// literal beside its label, where MetricHelpTests finds every recorded name.
    init(
        job: String, purged: Counter? = nil, metrics: any MetricsFactory, logger: Logger, done: Logger.Message, failed: Logger.Message,
        purge: @escaping @Sendable () async throws -> Int
    ) {
        self.job = JobMetrics(job: job, factory: metrics)
        self.purged = purged
        (self.logger, self.done, self.failed, self.purge) = (logger, done, failed, purge)
    }

    /// One purge: returns how many rows went.
    @discardableResult
    public func purgeOnce() async throws -> Int {
        let count = try await self.job.run { try await self.purge() }
        self.purged?.increment(by: count)
        if count > 0 { self.logger.info(self.done, metadata: ["count": "\(count)"]) }
        return count
    }

    public func run() async throws {
        repeat {
            do {
                try await self.purgeOnce()
            } catch {
                self.logger.warning(self.failed, metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(3600)) }) != nil
    }
}
