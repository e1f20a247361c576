import Foundation
import PQ

/// Calls that arrive together share one statement and one commit (decision 18): a call that
/// finds a batch free runs at once on its caller's task; the calls that arrive while every batch
/// is busy wait and go together in the next one, and each caller is answered after that commit,
/// so an answer means stored. Used by the submissions (``SubmissionBatcher``) and the room's
/// votes (``RoomVoteBatcher``), which differ only in what a batch commits, which calls must not
/// share one, and what a call gets when one row refused its batch.
///
/// Batches grow with the load and shrink to one call when it goes: the next batch gathers what
/// queued during the running one's commit.
//
// `@unchecked Sendable` is safe because `queue`, `running` and `started` are only touched under `lock`.
final class CommitQueue<Item: Sendable, Outcome: Sendable>: @unchecked Sendable {
    private struct Waiting {
        let item: Item
        let continuation: CheckedContinuation<Outcome, any Error>
    }

    let maxConcurrentBatches: Int
    let maxBatchSize: Int
    /// The workers that run what queued while a caller's batch ran (held, never forgotten).
    let workers = BackgroundTasks()
    private let commit: @Sendable ([Item]) async throws -> [Outcome]
    private let collisionKeys: @Sendable (Item) -> [String]
    private let afterRowRefusal: @Sendable (Item) async throws -> Outcome
    private let lock = NSLock()
    private var queue: [Waiting] = []
    private var running = 0
    private var started = 0

    /// - Parameters:
    ///   - commit: one statement and commit for a batch, an outcome per item in order.
    ///   - collisionKeys: two items with a key in common never share a batch (the later one waits
    ///     for the next, where it sees the first one's rows, as one at a time would).
    ///   - afterRowRefusal: what each item of a batch of several gets when one item's row refused
    ///     the whole statement (``concernsRows(_:)``): the statement was rolled back whole.
    init(
        maxConcurrentBatches: Int, maxBatchSize: Int, commit: @escaping @Sendable ([Item]) async throws -> [Outcome],
        collisionKeys: @escaping @Sendable (Item) -> [String], afterRowRefusal: @escaping @Sendable (Item) async throws -> Outcome
    ) {
        self.maxConcurrentBatches = max(1, maxConcurrentBatches)
        self.maxBatchSize = max(1, maxBatchSize)
        self.commit = commit
        self.collisionKeys = collisionKeys
        self.afterRowRefusal = afterRowRefusal
    }

    /// Commits `item` in the next batch and returns its outcome, once committed; throws what failed
    /// its batch (nothing of it was stored then).
    func submit(_ item: Item) async throws -> Outcome {
        // Alone (nothing queued, a batch free): run it on the caller's task, with no hand-off.
        let alone: Bool = self.lock.withLock {
            guard self.queue.isEmpty, self.running < self.maxConcurrentBatches else { return false }
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
                guard self.running < self.maxConcurrentBatches else { return nil }
                self.running += 1
                return self.takeBatch()
            }
            // A worker per running batch; it ends when the queue is empty (see `drain`).
            if let batch { self.workers.start { await self.drain(startingWith: batch) } }
        }
    }

    /// Calls waiting, and batches running now (for tests and metrics).
    var statistics: (queued: Int, running: Int) {
        self.lock.withLock { (self.queue.count, self.running) }
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

    /// After a batch run on a caller's task: what queued meanwhile goes to a worker.
    private func handOff() {
        if let next = self.nextOrIdle() { self.workers.start { await self.drain(startingWith: next) } }
    }

    /// Runs `first`, then whatever queued meanwhile, until nothing waits.
    private func drain(startingWith first: [Waiting]) async {
        var batch = first
        while true {
            await self.run(batch)
            guard let next = self.nextOrIdle() else { return }
            batch = next
        }
    }

    /// The next batch, or nil after marking one batch fewer running.
    private func nextOrIdle() -> [Waiting]? {
        self.lock.withLock {
            let next = self.takeBatch()
            if next.isEmpty { self.running -= 1 }
            return next.isEmpty ? nil : next
        }
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
