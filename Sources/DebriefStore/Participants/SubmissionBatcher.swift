import Foundation
import PQ
import Tracing

/// Group commit in the service: concurrent new submissions share one ``SubmissionBatch`` — one
/// statement, one transaction, one WAL flush — and each caller is answered after that commit.
///
/// The window adapts to load with no timer (docs/decisions/0018). When fewer than
/// `maxConcurrentBatches` batches are running, a submission starts a batch at once: alone, it
/// waits for nothing, and runs on its own task. Otherwise it queues, and the next batch takes everything that queued while
/// the running ones committed (up to `maxBatchSize`), so batches grow to what the last commit's
/// duration gathered, and shrink back to one when the load goes.
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
    /// How many batches may be in flight at once (each on its own pooled connection). With more
    /// than one, a batch can execute while another waits for its WAL flush.
    public var maxConcurrentBatches: Int
    /// The most submissions one statement carries.
    public var maxBatchSize: Int

    public init(maxConcurrentBatches: Int = 4, maxBatchSize: Int = 128) {
        self.maxConcurrentBatches = max(1, maxConcurrentBatches)
        self.maxBatchSize = max(1, maxBatchSize)
    }

    /// Four batches in flight, up to 128 submissions each (measured on 2 cores: more batches in
    /// flight share PostgreSQL's own flushes; see the README's benchmarks).
    public static let standard = SubmissionBatching()
}
