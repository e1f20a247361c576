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
//
// `@unchecked Sendable` is safe because `queue` and `running` are only touched under `lock`.
final class SubmissionBatcher: @unchecked Sendable {
    private struct Waiting {
        let item: SubmissionBatch.Item
        let continuation: CheckedContinuation<SubmissionBatch.Outcome, any Error>
    }

    let settings: SubmissionBatching
    private let database: Database
    private let notifier: ResultsNotifier
    /// The batch workers, each answering the submissions of its batches (held, never forgotten).
    let workers = BackgroundTasks()
    private let lock = NSLock()
    private var queue: [Waiting] = []
    private var running = 0
    private var started = 0

    init(database: Database, notifier: ResultsNotifier, settings: SubmissionBatching) {
        self.database = database
        self.notifier = notifier
        self.settings = settings
    }

    /// Stores `item` in the next batch and returns what the batch did with it, once it committed;
    /// throws what failed the whole batch (nothing of it was stored then).
    func write(_ item: SubmissionBatch.Item) async throws -> SubmissionBatch.Outcome {
        // Alone (nothing queued, a batch free): run it on the caller's task, with no hand-off.
        let alone: Bool = self.lock.withLock {
            guard self.queue.isEmpty, self.running < self.settings.maxConcurrentBatches else { return false }
            self.running += 1
            self.started += 1
            return true
        }
        if alone {
            defer { self.handOff() }
            return try await self.commit([item])[0]
        }
        return try await withCheckedThrowingContinuation { continuation in
            let batch: [Waiting]? = self.lock.withLock {
                self.queue.append(Waiting(item: item, continuation: continuation))
                guard self.running < self.settings.maxConcurrentBatches else { return nil }
                self.running += 1
                return self.takeBatch()
            }
            // A worker per running batch; it ends when the queue is empty (see `drain`).
            if let batch { self.workers.start { await self.drain(startingWith: batch) } }
        }
    }

    /// After a batch run on a caller's task: what queued meanwhile goes to a worker.
    private func handOff() {
        let next: [Waiting]? = self.lock.withLock {
            let next = self.takeBatch()
            if next.isEmpty { self.running -= 1 }
            return next.isEmpty ? nil : next
        }
        if let next { self.workers.start { await self.drain(startingWith: next) } }
    }

    /// Runs `first`, then whatever queued meanwhile, until nothing waits.
    private func drain(startingWith first: [Waiting]) async {
        var batch = first
        while true {
            await self.run(batch)
            let next: [Waiting]? = self.lock.withLock {
                let next = self.takeBatch()
                if next.isEmpty { self.running -= 1 }
                return next.isEmpty ? nil : next
            }
            guard let next else { return }
            batch = next
        }
    }

    /// Submissions waiting for a batch, and batches in flight (for tests and operators).
    var statistics: (queued: Int, running: Int) {
        self.lock.withLock { (self.queue.count, self.running) }
    }

    /// Batches started since the process began.
    var batchesRun: Int {
        self.lock.withLock { self.started }
    }

    private func run(_ batch: [Waiting]) async {
        self.lock.withLock { self.started += 1 }
        do {
            let outcomes = try await self.commit(batch.map(\.item))
            for (waiting, outcome) in zip(batch, outcomes) { waiting.continuation.resume(returning: outcome) }
        } catch let error as PQError where batch.count > 1 && Self.concernsRows(error) {
            for waiting in batch { waiting.continuation.resume(returning: .retryAlone) }
        } catch {
            for waiting in batch { waiting.continuation.resume(throwing: error) }
        }
    }

    /// One group commit, traced as a span (`SubmissionBatch.commit`) with its size.
    private func commit(_ items: [SubmissionBatch.Item]) async throws -> [SubmissionBatch.Outcome] {
        try await withSpan("SubmissionBatch.commit") { span in
            span.attributes["debrief.batch.size"] = items.count
            return try await SubmissionBatch(items: items, notifier: self.notifier).run(on: self.database)
        }
    }

    /// Errors caused by the rows of a batch (a collision with another transaction, a deadlock, a
    /// value the database refuses), not by the database being unavailable or slow: every member
    /// is retried on its own, so only the one concerned sees it.
    static func concernsRows(_ error: PQError) -> Bool {
        guard error.code == .server, let state = error.sqlState else { return false }
        return state.hasPrefix("22") || state.hasPrefix("23") || state.hasPrefix("40")
    }

    /// Takes the next batch off the queue (call under `lock`): in arrival order, up to
    /// `maxBatchSize`, leaving behind any submission that could collide with one already taken.
    private func takeBatch() -> [Waiting] {
        var batch: [Waiting] = []
        var left: [Waiting] = []
        var keys: Set<String> = []
        var tokens: Set<String> = []
        var tickets: Set<String> = []
        for waiting in self.queue {
            let submission = waiting.item.submission
            let key = submission.idempotency.map { submission.form.id.uuidString + "\u{0}" + $0.key }
            let token = waiting.item.tokenHash
            let ticket = submission.signals.openedTicket
            let collides = (key.map { keys.contains($0) } ?? false) || (token.map { tokens.contains($0) } ?? false)
                || (ticket.map { tickets.contains($0) } ?? false)
            if batch.count >= self.settings.maxBatchSize || collides {
                left.append(waiting)
                continue
            }
            if let key { keys.insert(key) }
            if let token { tokens.insert(token) }
            if let ticket { tickets.insert(ticket) }
            batch.append(waiting)
        }
        self.queue = left
        return batch
    }
}

/// How ``ResponseStore`` gathers concurrent submissions into shared transactions.
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
