import DebriefStore
import Logging
import Metrics

extension PeriodicPurge {
    /// Purges meetings that have been in the trash longer than the retention (30 days), with their
    /// forms, responses and check-ins, and the series they were the last of; once an hour and at start.
    public static func trash(
        meetings: MeetingStore, retention: Duration = MeetingStore.trashRetention, logger: Logger,
        metrics: any MetricsFactory = MetricsSystem.factory
    ) -> Self {
        Self(
            job: "trash_purge", metrics: metrics, logger: logger,
            done: "purged meetings from the trash", failed: "could not purge the trash"
        ) { try await meetings.purgeTrash(olderThan: retention) }
    }
}
