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
///
/// Each statement is numbered (``RoomVoteStamp``: this batcher's instance, then 1, 2, … one
/// attempt after another), and its notice carries the number: as batches run one at a time,
/// their notices arrive in the order of their numbers (decision 109).
final class RoomVoteBatcher: Sendable {
    private let queue: CommitQueue<RoomQuestionStore.Vote, RoomQuestionStore.VoteOutcome>
    /// This instance in the notices of its batches.
    let instance: UUID

    /// `maxBatchSize`: the most votes one statement carries. One batch at a time per instance.
    init(database: Database, maxBatchSize: Int = 256) {
        let instance = UUID()
        let numbers = BatchNumbers()
        self.instance = instance
        let commit: @Sendable ([RoomQuestionStore.Vote]) async throws -> [RoomQuestionStore.VoteOutcome] = { votes in
            try await Self.commit(votes, on: database) { RoomVoteStamp(instance: instance, batch: numbers.next()) }
        }
        self.queue = CommitQueue(
            maxConcurrentBatches: 1, maxBatchSize: maxBatchSize, commit: commit,
            collisionKeys: { [$0.key.map(\.uuidString).joined(separator: ",")] },
            // One vote's row refused the whole statement: each alone, so only that one fails.
            afterRowRefusal: { vote in try await commit([vote])[0] })
    }

    /// Stores `vote` in the next batch and returns what the batch did with it, once committed;
    /// throws what failed its batch (nothing of it was stored then).
    func store(_ vote: RoomQuestionStore.Vote) async throws -> RoomQuestionStore.VoteOutcome {
        try await self.queue.submit(vote)
    }

    /// The worker that stores what queued while a caller's batch ran.
    var workers: BackgroundTasks { self.queue.workers }

    /// Batches run since the process began (for tests: fewer than the votes when they shared).
    var batchesRun: Int { self.queue.batchesRun }

    /// One statement; run again (up to three times) when it lost a deadlock with another
    /// instance's batch, which rolled it back whole.
    private static func commit(
        _ votes: [RoomQuestionStore.Vote], on database: Database, stamp: () -> RoomVoteStamp
    ) async throws -> [RoomQuestionStore.VoteOutcome] {
        var attempt = 1
        while true {
            do {
                return try await RoomQuestionStore.store(votes, on: database, stamp: stamp())
            } catch let error as PQError where error.isTransactionConflict && attempt < 3 {
                attempt += 1
            }
        }
    }
}

/// The numbers of one instance's batches, from 1.
//
// `@unchecked Sendable` is safe because `last` is only touched under `lock`.
private final class BatchNumbers: @unchecked Sendable {
    private let lock = NSLock()
    private var last: UInt64 = 0

    func next() -> UInt64 {
        self.lock.withLock {
            self.last += 1
            return self.last
        }
    }
}
