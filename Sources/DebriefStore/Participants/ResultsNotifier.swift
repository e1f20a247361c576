import Debrief
import Foundation
import Logging
import Metrics
import PQ
import ServiceLifecycle

/// Announces on `debrief_results` (payload: the meeting id) that a meeting's check-ins or
/// responses changed, for the live results stream.
///
/// Two modes:
/// - ``Mode/inTransaction``: `pg_notify` inside every writing statement, delivered exactly when
///   it commits. Simple, but PostgreSQL serializes the commits of notifying transactions on one
///   database-wide lock held through the WAL flush, so with fsync on every submission waits for
///   the previous one's disk flush: no group commit. Measured (scripts/bench, 2 cores) that caps
///   the submit rate near half of what the same inserts reach without it.
/// - ``Mode/coalesced(_:)`` (the default, ``Mode/standard``): after the write commits, the meeting
///   is marked, and at most once per interval one statement notifies every marked meeting. The
///   batching runs in ``run()``, a `Service` of the application. The live stream
///   coalesces per meeting anyway, so listeners see the same thing a few milliseconds later; a
///   crash inside that window drops one nudge, never data (the stream's next event or refresh
///   shows it).
//
// `@unchecked Sendable` is safe because `pending` and `scheduled` are only touched under `lock`.
public final class ResultsNotifier: Service, @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        case inTransaction
        case coalesced(Duration)

        /// Coalescing every 50 ms: a few milliseconds for a viewer, one statement for a burst.
        public static let standard = Mode.coalesced(.milliseconds(50))
    }

    /// Who made a committed change: a participant (a check-in or a response) or a host (a change
    /// to the meeting, its form or its responses). Readers may wait for a host's own changes but
    /// not for every participant's (``observeCommits(_:)``).
    public enum Author: Sendable, Equatable {
        case participant
        case host
    }

    public let mode: Mode
    private let database: Database
    /// What ``run()`` waits the interval on: `ContinuousClock` in the application; a test's clock
    /// that moves only when the test moves it, so coalescing is checked by counts at exact instants.
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let lock = NSLock()
    private var pending: Set<UUID> = []
    /// Meetings whose room (its questions, votes, reactions) changed, for ``RoomEvents/channel``.
    private var pendingRooms: Set<UUID> = []
    private var scheduled = false
    private var observers: [@Sendable (UUID, Author) -> Void] = []
    private var roomObservers: [@Sendable (UUID) -> Void] = []
    /// Wakes ``run()`` when the first meeting of a batch is marked.
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    /// `debrief_notify_sent_total`: meetings announced (one `pg_notify` each);
    /// `debrief_notify_coalesced_total`: writes whose announcement joined one already pending.
    private let sent: Counter
    private let coalesced: Counter

    public init(
        database: Database, mode: Mode, logger: Logger = Logger(label: "debrief.notify"),
        metrics: any MetricsFactory = MetricsSystem.factory, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.database = database
        self.mode = mode
        self.clock = clock
        self.logger = logger
        self.sent = Counter(label: "debrief_notify_sent_total", factory: metrics)
        self.coalesced = Counter(label: "debrief_notify_coalesced_total", factory: metrics)
        (self.wakeups, self.wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The SQL expression a writing statement includes in `inTransaction` mode (NULL otherwise).
    func inStatement(meeting meetingID: SQLQuery) -> SQLQuery {
        guard self.mode == .inTransaction else { return "NULL" }
        return "pg_notify(\(ParticipantEvents.channel), (\(meetingID))::text)"
    }

    /// Calls `observer` with the meeting and author of every write that commits on this instance,
    /// in either mode, synchronously before the writer is answered: what this instance caches about
    /// a meeting's results is stale from that moment (read-your-writes).
    public func observeCommits(_ observer: @escaping @Sendable (UUID, Author) -> Void) {
        self.lock.withLock { self.observers.append(observer) }
    }

    /// Calls `observer` with the meeting of every change to its room committed on this instance
    /// (``roomChanged(meeting:)``), synchronously before the writer is answered: what this
    /// instance caches of the room's list is stale from that moment (read-your-writes).
    public func observeRoomCommits(_ observer: @escaping @Sendable (UUID) -> Void) {
        self.lock.withLock { self.roomObservers.append(observer) }
    }

    /// The room of a meeting changed (a question, a vote, the host's moderation or settings, a
    /// reaction): announced on ``RoomEvents/channel``, never as a change of the results, so no
    /// results report goes stale and no host's report is recomputed for it (issue 72). Sent after
    /// the commit in either mode, coalesced as ``Mode`` says.
    public func roomChanged(meeting meetingID: UUID) {
        for observer in self.lock.withLock({ self.roomObservers }) { observer(meetingID) }
        let (first, joined) = self.lock.withLock {
            let inserted = self.pendingRooms.insert(meetingID).inserted
            defer { self.scheduled = true }
            return (!self.scheduled, !inserted)
        }
        if joined { self.coalesced.increment() }
        if first { self.wake.yield() }
    }

    /// A host's change to a meeting or its form committed (a close, an edit): told like a
    /// participant's write, so cached results and live viewers everywhere catch up.
    public func changed(meeting meetingID: UUID) {
        self.committed(meeting: meetingID, by: .host)
    }

    /// Called after a write committed: tells the local observers and marks the meeting for the
    /// next notification batch (unless the write's own statement notified).
    func committed(meeting meetingID: UUID, by author: Author = .participant) {
        for observer in self.lock.withLock({ self.observers }) { observer(meetingID, author) }
        if self.mode == .inTransaction, author == .participant {
            // The write's own statement notified, inside its transaction. A host's change has no
            // such statement (closing a form, moderating the room's questions), so it is sent
            // after its commit below, in either mode, or other instances would never hear it.
            self.sent.increment()
            return
        }
        let (first, joined) = self.lock.withLock {
            let inserted = self.pending.insert(meetingID).inserted
            defer { self.scheduled = true }
            return (!self.scheduled, !inserted)
        }
        if joined { self.coalesced.increment() }
        if first { self.wake.yield() }
    }

    /// Waits for a marked meeting, lets the interval gather more (in coalesced mode; at once in
    /// `inTransaction` mode, where only hosts' changes are marked), and notifies them all in one
    /// statement; until graceful shutdown, after which what is marked is sent.
    public func run() async throws {
        for await _ in self.wakeups.cancelOnGracefulShutdown() {
            if case .coalesced(let interval) = self.mode { try? await self.clock.sleep(for: interval) }
            await self.flush()
        }
        await self.flush()
    }

    private func flush() async {
        let (meetings, rooms) = self.lock.withLock {
            defer {
                self.pending.removeAll()
                self.pendingRooms.removeAll()
                self.scheduled = false
            }
            return (self.pending.map { $0.lowercasedText }, self.pendingRooms.map { $0.lowercasedText })
        }
        guard !meetings.isEmpty || !rooms.isEmpty else { return }
        let channels =
            Array(repeating: ParticipantEvents.channel, count: meetings.count) + Array(repeating: RoomEvents.channel, count: rooms.count)
        do {
            // One statement for both channels.
            try await self.database.execute(
                "SELECT pg_notify(c, m) FROM unnest(\(channels)::text[], \(meetings + rooms)::text[]) AS n(c, m)")
            self.sent.increment(by: meetings.count + rooms.count)
        } catch {
            self.logger.warning("could not notify live results", metadata: ["error": "\(error)"])
        }
    }
}

/// The notification channel participant writes announce themselves on, and live results listen to.
public enum ParticipantEvents {
    /// `NOTIFY debrief_results, '<meeting id>'` after check-ins and accepted responses.
    public static let channel = "debrief_results"
}

/// The channel a meeting's room announces its changes on (its questions, their votes and
/// moderation, its settings, reactions): what the room's list and the hosts' reactions follow,
/// apart from the results, so a vote or a reaction recomputes no results report (issue 72).
public enum RoomEvents {
    /// `NOTIFY debrief_room, '<meeting id>'` after a change to the meeting's room.
    public static let channel = "debrief_room"
}
