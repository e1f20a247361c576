import Foundation
import PQ
import Tracing

/// Group commit in the service: concurrent new submissions share one ``SubmissionBatch`` — one
/// statement, one transaction, one WAL flush — and each caller is answered after that commit.
///
/// The window adapts to load, with no timer but for a stalled batch (docs/decisions/0018). When no batch is running, a
/// submission starts one at once: alone, it waits for nothing, and runs on its own task.
/// Otherwise it queues, and the next batch takes everything that queued while the running one
/// committed (up to `maxBatchSize`), so batches grow to what the last commit's duration gathered,
/// and shrink back to one when the load goes. A second batch (up to `maxConcurrentBatches`)
/// starts only beside one that has run for `stallAfter`: larger batches cost less per submission,
/// and a stalled one holds up nobody for long (``CommitQueue``).
///
/// Two submissions that could collide — the same `Idempotency-Key` on a form, the same
/// participant token, the same opened ticket — never share a batch: the later one stays queued
/// for the next batch, where it sees the first one's committed rows (a replay, a one-per-token
/// refusal, a ticket already used, as one at a time).
final class SubmissionBatcher: Sendable {
    let settings: SubmissionBatching
    private let queue: CommitQueue<SubmissionBatch.Item, SubmissionBatch.Outcome>

    init(database: Database, notifier: ResultsNotifier, settings: SubmissionBatching) {
        self.settings = settings
        self.queue = CommitQueue(
            maxConcurrentBatches: settings.maxConcurrentBatches, maxBatchSize: settings.maxBatchSize,
            stallAfter: settings.stallAfter,
            commit: { items in
                try await withSpan("SubmissionBatch.commit") { span in
                    span.attributes["debrief.batch.size"] = items.count
                    return try await SubmissionBatch(items: items, notifier: notifier).run(on: database)
                }
            },
            collisionKeys: Self.collisionKeys,
            // One submission's row refused the batch: each caller runs its own alone (``SubmissionBatch/Outcome/retryAlone``).
            afterRowRefusal: { _ in .retryAlone })
    }

    /// Stores `item` in the next batch and returns its outcome, once committed.
    func write(_ item: SubmissionBatch.Item) async throws -> SubmissionBatch.Outcome {
        try await self.queue.submit(item)
    }

    /// The workers running queued batches (held, never forgotten).
    var workers: BackgroundTasks { self.queue.workers }

    /// Submissions waiting, and batches running now.
    var statistics: (queued: Int, running: Int) { self.queue.statistics }

    /// Batches run since the process began.
    var batchesRun: Int { self.queue.batchesRun }

    /// What two submissions must not share a batch for: the same idempotency key on a form, the
    /// same participant token, the same opened ticket.
    @Sendable static func collisionKeys(_ item: SubmissionBatch.Item) -> [String] {
        let submission = item.submission
        return [
            submission.idempotency.map { "key:" + submission.form.id.uuidString + "\u{0}" + $0.key },
            item.tokenHash.map { "token:" + $0 },
            submission.signals.openedTicket.map { "ticket:" + $0 },
        ].compactMap { $0 }
    }
}

public struct SubmissionBatching: Sendable, Equatable {
    /// How many batches may be in flight at once (each on its own pooled connection).
    public var maxConcurrentBatches: Int
    /// The most submissions one statement carries.
    public var maxBatchSize: Int
    /// How long every running batch must have run before another one starts beside them.
    public var stallAfter: Duration

    public init(maxConcurrentBatches: Int = 4, maxBatchSize: Int = 128, stallAfter: Duration = .milliseconds(50)) {
        self.maxConcurrentBatches = max(1, maxConcurrentBatches)
        self.maxBatchSize = max(1, maxBatchSize)
        self.stallAfter = max(.zero, stallAfter)
    }

    /// One batch at a time while batches take less than 50 ms, up to four beside stalled ones, up
    /// to 128 submissions each (measured on 2 cores: one batch at a time, about 26 submissions
    /// each at 64 connections, cost a third less of PostgreSQL's CPU per submission than four of
    /// about 6; see docs/benchmarks.md).
    public static let standard = SubmissionBatching()
}
