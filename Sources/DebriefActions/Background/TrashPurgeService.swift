import DebriefStore
import Logging
import Metrics
import ServiceLifecycle

/// Purges meetings that have been in the trash longer than the retention (30 days), with their
/// forms, responses and check-ins, and the series they were the last of; once an hour and at start.
public struct TrashPurgeService: Service {
    let meetings: MeetingStore
    let retention: Duration
    let logger: Logger
    let job: JobMetrics

    public init(meetings: MeetingStore, retention: Duration = MeetingStore.trashRetention, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.meetings = meetings
        self.retention = retention
        self.logger = logger
        self.job = JobMetrics(job: "trash_purge", factory: metrics)
    }

    public func run() async throws {
        repeat {
            do {
                let purged = try await self.job.run { try await self.meetings.purgeTrash(olderThan: self.retention) }
                if purged > 0 { self.logger.info("purged meetings from the trash", metadata: ["count": "\(purged)"]) }
            } catch {
                self.logger.warning("could not purge the trash", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(3600)) }) != nil
    }
}
