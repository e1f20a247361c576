import DebriefStore
import Foundation

/// Each phone's own marks (which questions it upvoted), kept on this instance so a read of the
/// room's list runs no statement once the phone's votes were read (issue 72, decision 109).
///
/// - **Filled once** per phone (a voter in a meeting) from its own votes
///   (``RoomQuestionStore/votes(of:meeting:)``), then kept in step with every batch of votes any
///   instance commits: each batch's notice (``RoomVoteNotice``), sent in its own commit, arrives
///   on every instance in commit order (``heard(_:)``), and a notice heard while the phone's votes
///   are being read is applied after what that read found. Replaying, in commit order, every change
///   committed after some point onto a state that already holds some of them gives the state of the
///   last one: each change says what one mark is, not how it moves.
/// - **Read-your-writes here**: a vote through this instance is shown at once (``voted(_:question:meeting:voter:stamp:)``),
///   as a pending mark until this instance hears its own batch's notice; that one then takes over,
///   in its place among the other instances' changes. Through another instance, a vote is shown
///   once its notice is heard: sent in the vote's commit, before that instance answers the phone.
/// - **Missed notices**: when listening starts again (``forgetAll()``) every phone's marks are read
///   again; a phone's are read again after ``maxAge`` with no notice anyway.
/// - **Bounded**: at most `capacity` phones (``standardCapacity``), in two generations (the newer
///   filled or read since the older was closed); when the newer is full the older is dropped. A
///   phone's marks are at most its meeting's questions (`RoomQuestionCaps`).
/// - **Privacy**: kept and read by the phone's own voter and meeting; never anyone else's.
//
// `@unchecked Sendable` is safe because every stored property but the constants is only touched under `lock`.
public final class RoomMarks: @unchecked Sendable {
    public typealias Fill = @Sendable (_ voter: UUID, _ meeting: UUID) async throws -> Set<UUID>

    /// Phones whose marks one instance keeps: a room of 1,000 phones twenty times over; about
    /// 300 bytes a phone with ten marks, so some 6 MB at most.
    public static let standardCapacity = 20_000
    /// How long a phone's marks are kept with no notice needed to keep them.
    public static let standardMaxAge: Duration = .seconds(300)
    /// Notices kept for one phone while its votes are read; past this its read is not kept.
    static let heardWhileFillingLimit = 512
    /// A fill whose read will not be kept (it failed, or too much was heard meanwhile): the next read fills again.
    static let spoiled: UInt64 = 0

    struct Key: Hashable {
        let meeting: UUID
        let voter: UUID
    }

    /// A vote through this instance whose batch's notice it has not heard yet.
    struct Pending {
        let up: Bool
        let batch: UInt64
    }

    struct Entry {
        /// What the fill read and every notice since made of the marks.
        var marked: Set<UUID> = []
        /// The read filling it, while one runs; ``RoomMarks/spoiled`` when none will be kept.
        var filling: UInt64?
        var heardWhileFilling: [(question: UUID, up: Bool)] = []
        var pending: [UUID: Pending] = [:]
        var filledAt = ContinuousClock.now
    }

    private let fill: Fill
    private let instance: UUID
    private let maxAge: Duration
    private let generationSize: Int
    private let lock = NSLock()
    private var newer: [Key: Entry] = [:]
    private var older: [Key: Entry] = [:]
    /// This instance's last batch whose notices were all heard.
    private var heardOwn: UInt64 = 0
    private var fills: UInt64 = 0
    private var notices = 0

    /// `instance` names this instance's batches in their notices (``RoomQuestionStore/instance``).
    public init(
        instance: UUID, capacity: Int = RoomMarks.standardCapacity, maxAge: Duration = RoomMarks.standardMaxAge, fill: @escaping Fill
    ) {
        self.instance = instance
        self.generationSize = max(1, capacity / 2)
        self.maxAge = maxAge
        self.fill = fill
    }

    /// The questions `voter` upvoted in `meeting`'s room: from memory once read.
    public func marks(of voter: UUID, meeting: UUID) async throws -> Set<UUID> {
        let key = Key(meeting: meeting, voter: voter)
        enum Step {
            case kept(Set<UUID>)
            case fill(UInt64)
            case readOnly
        }
        let step: Step = self.lock.withLock {
            let found = self.take(key)
            if let found, let filling = found.filling, filling != Self.spoiled {
                self.put(key, found)
                return .readOnly
            }
            if let found, found.filling == nil, ContinuousClock.now - found.filledAt < self.maxAge {
                self.put(key, found)
                return .kept(self.view(found))
            }
            self.fills += 1
            self.put(key, Entry(filling: self.fills, pending: found?.pending ?? [:]))
            return .fill(self.fills)
        }
        let id: UInt64
        switch step {
        case .kept(let marked): return marked
        case .readOnly: return try await self.fill(voter, meeting)
        case .fill(let started): id = started
        }
        let read: Set<UUID>
        do {
            read = try await self.fill(voter, meeting)
        } catch {
            self.lock.withLock { self.update(key) { entry in if entry.filling == id { entry.filling = Self.spoiled } } }
            throw error
        }
        return self.lock.withLock {
            var shown = read
            self.update(key) { entry in
                guard entry.filling == id else { return }
                entry.marked = read
                for change in entry.heardWhileFilling { Self.apply(change.up, change.question, to: &entry.marked) }
                entry.heardWhileFilling = []
                entry.filling = nil
                entry.filledAt = .now
                shown = self.view(entry)
            }
            return shown
        }
    }

    /// A batch of votes committed on some instance (this one too), heard on the votes' channel.
    public func heard(_ notice: RoomVoteNotice) {
        self.lock.withLock {
            self.notices += 1
            let own = notice.stamp.instance == self.instance
            for change in notice.changes {
                self.update(Key(meeting: change.meeting, voter: change.voter)) { entry in
                    if own, let pending = entry.pending[change.question], pending.batch <= notice.stamp.batch {
                        entry.pending[change.question] = nil
                    }
                    if entry.filling == nil {
                        Self.apply(change.up, change.question, to: &entry.marked)
                    } else if entry.filling == Self.spoiled {
                        return
                    } else if entry.heardWhileFilling.count < Self.heardWhileFillingLimit {
                        entry.heardWhileFilling.append((change.question, change.up))
                    } else {
                        entry.filling = Self.spoiled  // too much heard meanwhile: the read is not kept
                    }
                }
            }
            if own, notice.last { self.heardOwn = max(self.heardOwn, notice.stamp.batch) }
        }
    }

    /// `voter` voted (`up`) or took a vote back through this instance, and the batch `stamp`
    /// committed it: shown to them at once, until this instance hears that batch's notice.
    public func voted(_ up: Bool, question: UUID, meeting: UUID, voter: UUID, stamp: RoomVoteStamp) {
        self.lock.withLock {
            guard stamp.instance == self.instance, stamp.batch > self.heardOwn else { return }
            self.update(Key(meeting: meeting, voter: voter)) { $0.pending[question] = Pending(up: up, batch: stamp.batch) }
        }
    }

    /// Notices may have been missed: every phone's marks are read again.
    public func forgetAll() {
        self.lock.withLock {
            self.newer.removeAll()
            self.older.removeAll()
        }
    }

    /// Phones whose marks are kept (for tests and operators).
    public var count: Int { self.lock.withLock { self.newer.count + self.older.count } }
    /// Reads of a phone's votes that were to be kept, since the process began.
    public var fillCount: UInt64 { self.lock.withLock { self.fills } }
    /// Notices heard, since the process began.
    public var noticesHeard: Int { self.lock.withLock { self.notices } }

    // MARK: - Under the lock

    /// The marks with this instance's votes not heard yet.
    private func view(_ entry: Entry) -> Set<UUID> {
        var marked = entry.marked
        for (question, pending) in entry.pending where pending.batch > self.heardOwn { Self.apply(pending.up, question, to: &marked) }
        return marked
    }

    private static func apply(_ up: Bool, _ question: UUID, to marked: inout Set<UUID>) {
        if up { marked.insert(question) } else { marked.remove(question) }
    }

    private func take(_ key: Key) -> Entry? {
        self.newer.removeValue(forKey: key) ?? self.older.removeValue(forKey: key)
    }

    /// Keeps `entry` in the newer generation, closing it when full (the older one is dropped).
    private func put(_ key: Key, _ entry: Entry) {
        var entry = entry
        entry.pending = entry.pending.filter { $0.value.batch > self.heardOwn }
        if self.newer.count >= self.generationSize {
            self.older = self.newer
            self.newer = [:]
        }
        self.newer[key] = entry
    }

    /// Changes the kept entry of `key` where it is, if any.
    private func update(_ key: Key, _ change: (inout Entry) -> Void) {
        if self.newer[key] != nil {
            change(&self.newer[key]!)
        } else if self.older[key] != nil {
            change(&self.older[key]!)
        }
    }
}
