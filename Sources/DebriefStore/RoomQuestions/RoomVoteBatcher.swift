import Foundation
import PQ

/// The room's votes share commits, as submissions do (``SubmissionBatcher``, decision 18): a vote
/// that finds no batch running is stored at once on its caller's task; the votes that arrive
/// while a batch runs wait and go together in the next one — one statement, one commit, one WAL
/// flush, one pooled connection — and each caller is answered after that commit, so a vote
/// answered 204 is stored.
///
/// Why (issue 52, docs/benchmarks.md): a room of 1,000 phones voting every 2 s is 500 votes a
/// second, and as single statements each one held a pooled connection through its own commit and
/// flush, queueing the submissions behind them. One batch at a time per instance: the next one
/// gathers what the running one's commit took, so batches grow with the load and shrink to one
/// when it goes, and no two batches of this instance wait for each other's rows (every batch
/// updates its questions' counts, which would make two concurrent batches wait in turn anyway).
///
/// Two votes of one voter on one question never share a batch (``RoomQuestionStore/Vote/key``):
/// the later one waits for the next, where it sees the first one's rows, as one at a time would.
/// A batch that meets another instance's in a deadlock is run again; one refused for one vote's
/// row is run again vote by vote, so only that vote sees the error.
//
// `@unchecked Sendable` is safe because `queue`, `running` and `batches` are only touched under `lock`.
final class RoomVoteBatcher: @unchecked Sendable {
    private struct Waiting {
        let vote: RoomQuestionStore.Vote
        let continuation: CheckedContinuation<RoomQuestionStore.VoteOutcome, any Error>
    }

    /// The most votes one statement carries.
    let maxBatchSize: Int
    private let database: Database
    /// The worker that stores what queued while a caller's batch ran (held, never forgotten).
    let workers = BackgroundTasks()
    private let lock = NSLock()
    private var queue: [Waiting] = []
    private var running = false
    private var batches = 0

    init(database: Database, maxBatchSize: Int = 256) {
        self.database = database
        self.maxBatchSize = max(1, maxBatchSize)
    }

    /// Stores `vote` in the next batch and returns what the batch did with it, once committed;
    /// throws what failed its batch (nothing of it was stored then).
    func store(_ vote: RoomQuestionStore.Vote) async throws -> RoomQuestionStore.VoteOutcome {
        let alone: Bool = self.lock.withLock {
            guard self.queue.isEmpty, !self.running else { return false }
            self.running = true
            self.batches += 1
            return true
        }
        if alone {
            defer { self.handOff() }
            return try await self.commit([vote])[0]
        }
        return try await withCheckedThrowingContinuation { continuation in
            let batch: [Waiting]? = self.lock.withLock {
                self.queue.append(Waiting(vote: vote, continuation: continuation))
                guard !self.running else { return nil }
                self.running = true
                return self.takeBatch()
            }
            if let batch { self.workers.start { await self.drain(startingWith: batch) } }
        }
    }

    /// Batches run since the process began (for tests: fewer than the votes when they shared).
    var batchesRun: Int {
        self.lock.withLock { self.batches }
    }

    /// After a batch run on a caller's task: what queued meanwhile goes to a worker.
    private func handOff() {
        let next: [Waiting]? = self.lock.withLock {
            let next = self.takeBatch()
            if next.isEmpty { self.running = false }
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
                if next.isEmpty { self.running = false }
                return next.isEmpty ? nil : next
            }
            guard let next else { return }
            batch = next
        }
    }

    private func run(_ batch: [Waiting]) async {
        self.lock.withLock { self.batches += 1 }
        do {
            let outcomes = try await self.commit(batch.map(\.vote))
            for (waiting, outcome) in zip(batch, outcomes) { waiting.continuation.resume(returning: outcome) }
        } catch let error as PQError where batch.count > 1 && SubmissionBatcher.concernsRows(error) {
            // One vote's row refused the whole statement: each alone, so only that one fails.
            for waiting in batch {
                do {
                    waiting.continuation.resume(returning: try await self.commit([waiting.vote])[0])
                } catch {
                    waiting.continuation.resume(throwing: error)
                }
            }
        } catch {
            for waiting in batch { waiting.continuation.resume(throwing: error) }
        }
    }

    /// One statement; run again (up to three times) when it lost a deadlock with another
    /// instance's batch, which rolled it back whole.
    private func commit(_ votes: [RoomQuestionStore.Vote]) async throws -> [RoomQuestionStore.VoteOutcome] {
        var attempt = 1
        while true {
            do {
                return try await RoomQuestionStore.store(votes, on: self.database)
            } catch let error as PQError where error.isTransactionConflict && attempt < 3 {
                attempt += 1
            }
        }
    }

    /// Takes the next batch off the queue (call under `lock`): in arrival order, up to
    /// `maxBatchSize`, leaving behind a vote whose key one already taken has.
    private func takeBatch() -> [Waiting] {
        var batch: [Waiting] = []
        var left: [Waiting] = []
        var keys: Set<[UUID]> = []
        for waiting in self.queue {
            if batch.count >= self.maxBatchSize || keys.contains(waiting.vote.key) {
                left.append(waiting)
                continue
            }
            keys.insert(waiting.vote.key)
            batch.append(waiting)
        }
        self.queue = left
        return batch
    }
}
