import Debrief
import DebriefStore
import Foundation
import PQ

/// The list each meeting's room sees — its settings, the questions it is shown with their
/// counts, in the room's order, and their ``RoomListVersion`` — computed once per change on this
/// instance and shared by every reader: the phones' list reads and the room's live version
/// (issue 72). A phone's own marks are not in it; ``RoomQuestionActions/roomView(code:voter:)``
/// adds them from that phone's votes alone.
///
/// Why (docs/benchmarks.md, "A room voting on its questions"): a room of 1,000 phones reads the
/// list 500 times a second, and each read was a statement of its own with the reader's marks
/// joined in; now the reads that arrive together share one computation, as the results' readers
/// share one report (``SharedResults``, decision 19), and each adds one probe of its own votes.
///
/// - **When it changes**: ``changed(_:)`` is called synchronously when a change to the room
///   commits on this instance (``ResultsNotifier/observeRoomCommits(_:)``, before the writer is
///   answered) and when another instance's arrives on ``RoomEvents/channel`` (``ChangeListener``);
///   ``changedAll()`` when notifications may have been missed. Every change advances one counter.
/// - **Read-your-writes**: a read needs a list whose computation began after every change
///   committed on this instance before the read began, so a phone that voted sees its vote
///   counted. Reads that arrive while a computation runs wait for the next; one at a time per
///   meeting, however many wait.
/// - **Across instances**: a list is computed again when older than `maxAge`, which bounds what
///   no notification announces (a missed one, a meeting deleted).
/// - **Who may read it** is the caller's: the room's routes reach it through a published form's
///   code, the live stream through a subscription opened that way.
//
// `@unchecked Sendable` is safe because every stored property is only touched under `lock`.
public final class RoomLists: @unchecked Sendable {
    public typealias Compute = @Sendable (UUID) async throws -> (settings: RoomQuestionSettings, questions: [RoomQuestion])

    /// One computation's list, shared by its readers.
    public struct Shared: Sendable {
        public let settings: RoomQuestionSettings
        /// The questions the room sees, in the room's order, marked for nobody.
        public let questions: [RoomQuestion]
        /// The list's version; nil while questions are off.
        public let version: RoomListVersion?
        /// Which computation on this instance made it: a later one has a larger number, so what
        /// a reader derives from a list (its JSON) is known to be this list's.
        public let computation: UInt64
    }

    private struct Entry {
        let shared: Shared
        let basedOn: UInt64
        let expires: ContinuousClock.Instant
    }

    private struct Waiter {
        let needs: UInt64
        let continuation: CheckedContinuation<Shared, any Error>
    }

    private let compute: Compute
    /// Each phone's own marks beside the shared list (decision 109), kept in step by the same
    /// listener: ``heard(_:)``, ``changedAll()``.
    public let marks: RoomMarks?
    private let maxAge: Duration
    private let capacity: Int
    /// The computations running for readers who wait (held, never forgotten).
    let workers = BackgroundTasks()
    private let lock = NSLock()
    private var clock: UInt64 = 1
    private var allChangedAt: UInt64 = 0
    private var changedAt: [UUID: UInt64] = [:]
    private var entries: [UUID: Entry] = [:]
    private var waiting: [UUID: [Waiter]] = [:]
    private var computing: Set<UUID> = []
    private var computations = 0

    /// `compute` reads a meeting's settings and the questions its room sees (the store's
    /// `roomList`); `maxAge` bounds how long a list is served with no change heard; at most
    /// `capacity` meetings' lists are kept.
    public init(maxAge: Duration = .seconds(2), capacity: Int = 10_000, marks: RoomMarks? = nil, compute: @escaping Compute) {
        self.compute = compute
        self.marks = marks
        self.maxAge = maxAge
        self.capacity = max(1, capacity)
    }

    /// The meeting's list as of every change committed on this instance before this call.
    public func list(_ meeting: UUID) async throws -> Shared {
        try await withCheckedThrowingContinuation { continuation in
            let start: Bool = self.lock.withLock {
                let needs = max(self.changedAt[meeting] ?? 0, self.allChangedAt)
                if let entry = self.entries[meeting], entry.expires > .now, entry.basedOn >= needs {
                    continuation.resume(returning: entry.shared)
                    return false
                }
                self.waiting[meeting, default: []].append(Waiter(needs: needs, continuation: continuation))
                return self.computing.insert(meeting).inserted
            }
            if start { self.workers.start { await self.computeWhileNeeded(meeting) } }
        }
    }

    /// Something about `meeting`'s room changed (here or on another instance).
    public func changed(_ meeting: UUID) {
        self.lock.withLock {
            self.clock += 1
            guard self.entries[meeting] != nil || self.computing.contains(meeting) else { return }
            self.changedAt[meeting] = self.clock
        }
    }

    /// Notifications may have been missed: every list is computed again before it is served, and
    /// every phone's marks are read again.
    public func changedAll() {
        self.lock.withLock {
            self.clock += 1
            self.allChangedAt = self.clock
        }
        self.marks?.forgetAll()
    }

    /// A batch of votes committed on some instance: the phones' marks follow it. (The list itself
    /// hears the same batch on ``RoomEvents/channel``, with the room's other changes.)
    public func heard(_ notice: RoomVoteNotice) {
        self.marks?.heard(notice)
    }

    /// How many computations ran (for tests and operators).
    public var computationCount: Int { self.lock.withLock { self.computations } }

    /// One computation after another while readers wait for a newer list than the last.
    private func computeWhileNeeded(_ meeting: UUID) async {
        var done = false
        while !done {
            let (basedOn, computation): (UInt64, UInt64) = self.lock.withLock {
                self.computations += 1
                return (self.clock, UInt64(self.computations))
            }
            let result: Result<Shared, any Error>
            do {
                let (settings, questions) = try await self.compute(meeting)
                let version = settings.enabled ? RoomListVersion(questions) : nil
                result = .success(Shared(settings: settings, questions: questions, version: version, computation: computation))
            } catch {
                result = .failure(error)
            }
            let served: [Waiter] = self.lock.withLock {
                let all = self.waiting[meeting] ?? []
                if case .success(let shared) = result {
                    if self.entries.count >= self.capacity { self.evictAll() }
                    self.entries[meeting] = Entry(shared: shared, basedOn: basedOn, expires: .now + self.maxAge)
                } else {
                    self.entries[meeting] = nil
                }
                let rest = all.filter { $0.needs > basedOn }
                done = rest.isEmpty
                if done {
                    self.waiting[meeting] = nil
                    self.computing.remove(meeting)
                    if self.entries[meeting] == nil { self.changedAt[meeting] = nil }
                } else {
                    self.waiting[meeting] = rest
                }
                return all.filter { $0.needs <= basedOn }
            }
            for waiter in served { waiter.continuation.resume(with: result) }
        }
    }

    private func evictAll() {
        self.entries.removeAll(keepingCapacity: true)
        self.changedAt = self.changedAt.filter { self.computing.contains($0.key) }
    }
}
