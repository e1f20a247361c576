import Foundation
import PQ

/// Calls that arrive together share one statement and one commit (decision 18): a call that
/// finds a batch free runs at once on its caller's task; the calls that arrive while a batch is
/// busy wait and go together in the next one, and each caller is answered after that commit, so
/// an answer means stored. Used by the submissions (``SubmissionBatcher``) and the room's votes
/// (``RoomVoteBatcher``), which differ only in what a batch commits, which calls must not share
/// one, and what a call gets when one row refused its batch.
///
/// Batches grow with the load and shrink to one call when it goes: the next batch gathers what
/// queued during the running one's commit.
///
/// One batch runs at a time while batches are quick, and another starts only beside batches that
/// have all run for `stallAfter` (up to `maxConcurrentBatches`). Why: every statement has a fixed
/// cost (its plan's start, the tally triggers' statements, the commit), so the fewer and larger
/// the batches the less each call costs — on 2 cores, one batch at a time took a third less of
/// PostgreSQL's CPU per submission than four (docs/benchmarks.md). But a batch waiting on a lock
/// (a form row a purge holds) or on a slow flush would hold every call behind it; after
/// `stallAfter` the calls queued behind it go in a batch of their own. When a batch ends beside
/// others that are still quick, its slot closes, so the queue goes back to one batch at a time.
//
// `@unchecked Sendable` is safe because `queue`, `running`, `nextSlot`, `watching` and `started`
// are only touched under `lock`.
final class CommitQueue<Item: Sendable, Outcome: Sendable>: @unchecked Sendable {
    private struct Waiting {
        let item: Item
        let continuation: CheckedContinuation<Outcome, any Error>
    }

    /// What to do about the queue, decided under the lock and done outside it.
    private enum Next {
        /// Run `batch` in `slot` (just opened).
        case batch(slot: Int, [Waiting])
        /// Look again at `deadline`, when every running batch will have run for `stallAfter`.
        case watch(until: ContinuousClock.Instant)
        case nothing
    }

    let maxConcurrentBatches: Int
    let maxBatchSize: Int
    let stallAfter: Duration
    /// The workers that run what queued while a caller's batch ran (held, never forgotten).
    let workers = BackgroundTasks()
    private let commit: @Sendable ([Item]) async throws -> [Outcome]
    private let collisionKeys: @Sendable (Item) -> [String]
    private let afterRowRefusal: @Sendable (Item) async throws -> Outcome
    private let lock = NSLock()
    private var queue: [Waiting] = []
    /// When the batch running in each slot began (a slot: a caller's task, or a worker running
    /// batches one after another).
    private var running: [Int: ContinuousClock.Instant] = [:]
    private var nextSlot = 0
    /// Whether a worker waits to look at the queue again (``Next/watch(until:)``).
    private var watching = false
    private var started = 0

    /// - Parameters:
    ///   - stallAfter: how long every running batch must have run before another one starts
    ///     beside them; `.zero` starts one whenever fewer than `maxConcurrentBatches` run.
    ///   - commit: one statement and commit for a batch, an outcome per item in order.
    ///   - collisionKeys: two items with a key in common never share a batch (the later one waits
    ///     for the next, where it sees the first one's rows, as one at a time would).
    ///   - afterRowRefusal: what each item of a batch of several gets when one item's row refused
    ///     the whole statement (``concernsRows(_:)``): the statement was rolled back whole.
    init(
        maxConcurrentBatches: Int, maxBatchSize: Int, stallAfter: Duration = .zero,
        commit: @escaping @Sendable ([Item]) async throws -> [Outcome],
        collisionKeys: @escaping @Sendable (Item) -> [String], afterRowRefusal: @escaping @Sendable (Item) async throws -> Outcome
    ) {
        self.maxConcurrentBatches = max(1, maxConcurrentBatches)
        self.maxBatchSize = max(1, maxBatchSize)
        self.stallAfter = max(.zero, stallAfter)
        self.commit = commit
        self.collisionKeys = collisionKeys
        self.afterRowRefusal = afterRowRefusal
    }

    /// Commits `item` in the next batch and returns its outcome, once committed; throws what failed
    /// its batch (nothing of it was stored then).
    func submit(_ item: Item) async throws -> Outcome {
        // Alone (nothing queued, a batch may start): run it on the caller's task, with no hand-off.
        let slot: Int? = self.lock.withLock {
            guard self.queue.isEmpty, self.mayStartBatch(at: .now) else { return nil }
            self.started += 1
            return self.openSlot()
        }
        if let slot {
            defer { self.begin(self.close(slot)) }
            return try await self.commit([item])[0]
        }
        return try await withCheckedThrowingContinuation { continuation in
            let next = self.lock.withLock {
                self.queue.append(Waiting(item: item, continuation: continuation))
                return self.next(at: .now)
            }
            self.begin(next)
        }
    }

    /// Calls waiting, and batches running now (for tests and metrics).
    var statistics: (queued: Int, running: Int) {
        self.lock.withLock { (self.queue.count, self.running.count) }
    }

    /// Batches run since the process began (for tests: fewer than the calls when they shared).
    var batchesRun: Int {
        self.lock.withLock { self.started }
    }

    /// Whether a failed statement was refused for a row (a value, a constraint, a conflict), so
    /// one item may be to blame, rather than for the connection or the server.
    static func concernsRows(_ error: PQError) -> Bool {
        guard error.code == .server, let state = error.sqlState else { return false }
        return state.hasPrefix("22") || state.hasPrefix("23") || state.hasPrefix("40")
    }

    /// Whether a batch may start now (call under `lock`): fewer than `maxConcurrentBatches` run,
    /// and each of them has run for `stallAfter`.
    private func mayStartBatch(at now: ContinuousClock.Instant) -> Bool {
        self.running.count < self.maxConcurrentBatches && self.running.values.allSatisfy { now - $0 >= self.stallAfter }
    }

    /// A slot for a batch starting now (call under `lock`).
    private func openSlot() -> Int {
        let slot = self.nextSlot
        self.nextSlot += 1
        self.running[slot] = .now
        return slot
    }

    /// What to do about the queue now (call under `lock`): start its next batch in a new slot if
    /// one may start, or else, with room for another batch, watch for the running ones to stall.
    private func next(at now: ContinuousClock.Instant) -> Next {
        guard !self.queue.isEmpty else { return .nothing }
        if self.mayStartBatch(at: now) { return .batch(slot: self.openSlot(), self.takeBatch()) }
        guard self.running.count < self.maxConcurrentBatches, !self.watching, let newest = self.running.values.max() else {
            return .nothing
        }
        self.watching = true
        return .watch(until: newest + self.stallAfter)
    }

    private func begin(_ next: Next) {
        switch next {
        case .batch(let slot, let batch): self.workers.start { await self.drain(slot, startingWith: batch) }
        case .watch(let deadline): self.workers.start { await self.watch(until: deadline) }
        case .nothing: break
        }
    }

    /// `slot`'s batch ended: the slot closes, and what queued meanwhile goes on if a batch may start.
    private func close(_ slot: Int) -> Next {
        self.lock.withLock {
            self.running[slot] = nil
            return self.next(at: .now)
        }
    }

    /// Runs `first` in `slot`, then, in a new slot on this same task, whatever queued meanwhile,
    /// for as long as a batch may start when one ends.
    private func drain(_ slot: Int, startingWith first: [Waiting]) async {
        var slot = slot
        var batch = first
        while true {
            await self.run(batch)
            let next = self.close(slot)
            guard case .batch(let nextSlot, let nextBatch) = next else { return self.begin(next) }
            slot = nextSlot
            batch = nextBatch
        }
    }

    /// Looks at the queue again at `deadline` (one watcher at a time; ended by shutdown).
    private func watch(until deadline: ContinuousClock.Instant) async {
        let slept: Bool
        do {
            try await Task.sleep(until: deadline, clock: .continuous)
            slept = true
        } catch {
            slept = false
        }
        let next = self.lock.withLock {
            self.watching = false
            return slept ? self.next(at: .now) : .nothing
        }
        self.begin(next)
    }

    private func run(_ batch: [Waiting]) async {
        self.lock.withLock { self.started += 1 }
        do {
            let outcomes = try await self.commit(batch.map(\.item))
            for (waiting, outcome) in zip(batch, outcomes) { waiting.continuation.resume(returning: outcome) }
        } catch let error as PQError where batch.count > 1 && Self.concernsRows(error) {
            for waiting in batch {
                do {
                    waiting.continuation.resume(returning: try await self.afterRowRefusal(waiting.item))
                } catch {
                    waiting.continuation.resume(throwing: error)
                }
            }
        } catch {
            for waiting in batch { waiting.continuation.resume(throwing: error) }
        }
    }

    /// Takes the next batch off the queue (call under `lock`): in arrival order, up to
    /// `maxBatchSize`, leaving behind an item that shares a key with one already taken.
    private func takeBatch() -> [Waiting] {
        var batch: [Waiting] = []
        var left: [Waiting] = []
        var keys: Set<String> = []
        for waiting in self.queue {
            let itemKeys = self.collisionKeys(waiting.item)
            if batch.count >= self.maxBatchSize || itemKeys.contains(where: keys.contains) {
                left.append(waiting)
                continue
            }
            keys.formUnion(itemKeys)
            batch.append(waiting)
        }
        self.queue = left
        return batch
    }
}
