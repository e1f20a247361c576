import DebriefStore
import Logging
import Metrics
import ServiceLifecycle

/// Forgets `Idempotency-Key` records older than the retention, once an hour (and at start).
public struct IdempotencyPurgeService: Service {
    let keys: IdempotencyKeys
    let retention: Duration
    let logger: Logger
    let job: JobMetrics

    public init(keys: IdempotencyKeys, retention: Duration, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.keys = keys
        self.retention = retention
        self.logger = logger
        self.job = JobMetrics(job: "idempotency_purge", factory: metrics)
    }

    public func run() async throws {
        repeat {
            do {
                let deleted = try await self.job.run { try await self.keys.purge(olderThan: self.retention) }
                if deleted > 0 { self.logger.info("forgot old idempotency keys", metadata: ["count": "\(deleted)"]) }
            } catch {
                self.logger.warning("could not purge old idempotency keys", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(3600)) }) != nil
    }
}
