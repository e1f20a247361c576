import Debrief
import Foundation
import Metrics
import PQ
import ServiceLifecycle

/// Fans results snapshots out to the hosts watching a meeting (the full report, or its
/// ``LiveCounts`` for dashboards), and — when the host shares the results live — to the
/// participants and the presenter view of the room, recomputing at most a few times a second per
/// meeting and audience however many submissions arrive. The room's questions are one more
/// audience (``LiveAudience/roomQuestions``): the version of the list the room sees, sent only
/// when it changed, whether or not the results are shared; the reactions' counts another, for
/// hosts (``LiveAudience/hostReactions``), also sent only when they changed.
///
/// A submission (on any instance) sends `NOTIFY debrief_results '<meeting id>'`; ``changed(_:)``
/// then schedules one recomputation per watched audience of that meeting, no sooner than its
/// interval after the previous one (hosts 100 ms, further apart when a recomputation is slow:
/// ``HostPacing``; participants 250 ms, further apart for a room of thousands: ``RoomPacing``),
/// so a burst of a thousand submissions a second costs at most ten (four) snapshots a second.
/// One snapshot — encoded once, its bytes shared (``SharedFrame``) — goes to every watcher of
/// the audience, so an event costs each stream one write, whatever the audience's size
/// (docs/live.md). The newest
/// snapshot is kept while anyone watches: a new watcher starts from it without a recomputation,
/// so a room of 5,000 phones joining costs one, not 5,000.
///
/// A watcher that cannot keep up skips to the newest (its stream buffers two events and drops the
/// oldest); one that has been behind for `slowViewerGrace` is ended (`too_slow`) and forgotten,
/// so nothing waits for it. A participants' snapshot of nil (the host stopped sharing live) ends
/// their streams (`not_shared`). Every event is a complete snapshot, so a client that reconnects
/// (with or without `Last-Event-ID`) is whole again with the next event — nothing needs replaying.
///
/// The recomputations run inside ``run()``, a `Service` of the application, so they end with it.
public actor LiveResultsHub: Service {
    public typealias Snapshot = @Sendable (UUID) async throws -> Data?

    /// One meeting's stream of one audience.
    struct Channel: Hashable {
        let meeting: UUID
        let audience: LiveAudience

        /// Whose recomputation times this channel keeps: the hosts' two views keep one, so they
        /// are due at the same moment and one computation of the shared report serves both
        /// (``SharedResults`` lets reads that arrive together share it).
        var pacing: Channel {
            self.audience == .hostCounts ? Channel(meeting: self.meeting, audience: .hosts) : self
        }
    }

    let snapshots: [LiveAudience: Snapshot]
    /// What the pacings and the slow viewers' grace read the time from, and wait on.
    nonisolated let clock: any LiveClock
    /// The hosts' interval between recomputations of a meeting (both their views), which grows
    /// with what the recomputations cost.
    public nonisolated let hostPacing: HostPacing
    /// The participants' interval, which grows with the room (whose size the writer of their
    /// events, `RoomBroadcast` in the HTTP layer, keeps there).
    public nonisolated let participantPacing: RoomPacing
    /// How long a viewer may leave its events unread before its stream is ended (`too_slow`).
    public nonisolated let slowViewerGrace: Duration
    /// One open stream: where its events go, whose it is (for ``accessChanged(account:)``), and
    /// since when it has not taken its events (nil while it keeps up).
    struct Subscriber {
        let continuation: AsyncStream<LiveEvent>.Continuation
        /// Its reader's access-check flag, which ``accessChanged(account:)`` raises.
        let access: LiveSubscription.AccessCheck
        let account: UUID?
        var behindSince: ContinuousClock.Instant?
    }

    /// The open streams by channel. A channel's entry goes with its last stream, and the table
    /// itself starts again from empty when the last stream of all ends: a dictionary keeps its
    /// capacity when entries go, so thousands of streams opened once would otherwise stay paid for.
    var subscribers: [Channel: [Int: Subscriber]] = [:]
    /// The newest snapshot of each watched channel, for the next watcher to start from.
    var latest: [Channel: LiveSnapshot] = [:]
    /// The first snapshot of a channel being computed for the watchers joining it.
    private var joining: [Channel: Task<LiveSnapshot?, any Error>] = [:]
    /// The hops back onto the hub of streams that ended (a stream's end is not the hub's task).
    private let leaving = BackgroundTasks()
    var streamCount = 0 {
        didSet { self.viewers.record(self.streamCount) }
    }
    /// `debrief_live_viewers` (streams open now), `debrief_live_events_sent_total{kind}`,
    /// `debrief_live_snapshots_total` (snapshots encoded) and `debrief_live_slow_viewers_total`.
    private let viewers: Gauge
    let resultsSent: Counter
    private let heartbeatsSent: Counter
    let encoded: Counter
    let slowDropped: Counter
    var snapshotsBuilt = 0
    var recomputations = 0
    /// Recomputations under way (``flush(_:)`` entered and not yet returned), every audience's.
    var flushing = 0
    private var nextSubscriberID = 0
    var scheduled: Set<Channel> = []
    /// When each channel's pacing (``Channel/pacing``) last flushed.
    var lastFlush: [Channel: ContinuousClock.Instant] = [:]
    /// What the hosts' recomputations of each pacing owe (``HostPacing``).
    var accounts: [Channel: HostPacing.Account] = [:]
    /// The hosts' pacings recomputing now, and how many of their channels (both views run together).
    var computing: [Channel: Int] = [:]
    /// Hosts' channels changed while their pacing recomputed: due once it is done, when its
    /// duration, and so the time of the next, is known.
    var deferred: Set<Channel> = []
    private var isFinished = false
    /// Channels due for a recomputation, and when; ``run()`` takes them in.
    private let due: AsyncStream<(Channel, ContinuousClock.Instant)>
    let dueContinuation: AsyncStream<(Channel, ContinuousClock.Instant)>.Continuation

    /// `snapshot`: the hosts' view of a meeting (nil: nothing to show yet); `countsSnapshot`: its
    /// compact form for dashboards; `participantSnapshot`: the participants' view, nil once the
    /// results are not shared live (no participant stream opens without it);
    /// `roomQuestionsSnapshot`: the version of the room's questions, nil while they are off;
    /// `reactionsSnapshot`: the meeting's reaction counts, for hosts.
    /// `clock`: the application's is `ContinuousClock`; a test's moves only when the test moves it.
    public init(
        hostPacing: HostPacing = HostPacing(), participantPacing: RoomPacing = RoomPacing(),
        slowViewerGrace: Duration = .seconds(10), clock: any LiveClock = .continuous,
        metrics: any MetricsFactory = MetricsSystem.factory,
        snapshot: @escaping Snapshot, countsSnapshot: Snapshot? = nil, participantSnapshot: Snapshot? = nil,
        roomQuestionsSnapshot: Snapshot? = nil, reactionsSnapshot: Snapshot? = nil
    ) {
        self.viewers = Gauge(label: "debrief_live_viewers", factory: metrics)
        self.resultsSent = Counter(label: "debrief_live_events_sent_total", dimensions: [("kind", "results")], factory: metrics)
        self.heartbeatsSent = Counter(label: "debrief_live_events_sent_total", dimensions: [("kind", "heartbeat")], factory: metrics)
        self.encoded = Counter(label: "debrief_live_snapshots_total", factory: metrics)
        self.slowDropped = Counter(label: "debrief_live_slow_viewers_total", factory: metrics)
        self.viewers.record(0)
        self.hostPacing = hostPacing
        self.participantPacing = participantPacing
        self.slowViewerGrace = slowViewerGrace
        self.clock = clock
        var snapshots: [LiveAudience: Snapshot] = [.hosts: snapshot]
        snapshots[.hostCounts] = countsSnapshot
        snapshots[.participants] = participantSnapshot
        snapshots[.roomQuestions] = roomQuestionsSnapshot
        snapshots[.hostReactions] = reactionsSnapshot
        self.snapshots = snapshots
        (self.due, self.dueContinuation) = AsyncStream.makeStream()
    }

    /// Runs the scheduled recomputations until graceful shutdown, then ends every stream.
    public func run() async throws {
        await withDiscardingTaskGroup { group in
            for await (channel, time) in self.due.cancelOnGracefulShutdown() {
                group.addTask {
                    guard (try? await self.clock.sleep(until: time)) != nil else { return }
                    await self.flush(channel)
                }
            }
            group.cancelAll()
        }
        self.finishAll()
    }

    /// A stream of events for one meeting and audience, starting with its current snapshot;
    /// `account` is the watcher's, whose changes make the stream check its access again. A
    /// participants' stream of results not shared live ends at once (`not_shared`).
    public func subscribe(to meeting: UUID, audience: LiveAudience = .hosts, account: UUID? = nil) async throws -> LiveSubscription {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(2))
        let subscription = LiveSubscription(stream, continuation)
        guard !self.isFinished, let snapshot = self.snapshots[audience] else {
            continuation.finish()
            return subscription
        }
        let channel = Channel(meeting: meeting, audience: audience)
        var first = self.latest[channel]
        if first == nil {
            // A room joining at once before anything is kept: one computation, shared by all
            // who arrive while it runs (not one each).
            let computing =
                self.joining[channel] ?? Task {
                    try await snapshot(meeting).map { LiveSnapshot(id: Self.eventID(), json: $0, event: audience.eventName) }
                }
            if self.joining[channel] == nil {
                self.joining[channel] = computing
                self.snapshotsBuilt += 1
                self.encoded.increment()
            }
            defer { self.joining[channel] = nil }
            first = try await computing.value
            // Kept only for a channel somebody watches (this watcher, below); a newer one a
            // recomputation kept meanwhile stays.
            if let first { self.latest[channel] = self.latest[channel] ?? first }
        }
        if first == nil, let reason = audience.reasonWhenNothing {
            continuation.yield(.end(reason: reason))
            continuation.finish()
            return subscription
        }
        let id = self.nextSubscriberID
        self.nextSubscriberID += 1
        self.subscribers[channel, default: [:]][id] = Subscriber(continuation: continuation, access: subscription.access, account: account)
        self.streamCount += 1
        // Weak: the hub does not keep itself alive through the streams it holds.
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.leaving.start { await self.unsubscribe(channel, id) }
        }
        if let first {
            continuation.yield(.results(first))
            self.resultsSent.increment()
        }
        return subscription
    }

    /// The account changed (password, role, tokens, a share ended): each of its streams checks
    /// its access now instead of at its next periodic check.
    public func accessChanged(account: UUID) {
        for watchers in self.subscribers.values {
            for watcher in watchers.values where watcher.account == account { watcher.access.raise() }
        }
    }

    /// Notifications may have been missed (the listener reconnected): every stream checks its access.
    public func accessChangedAll() {
        for watcher in self.subscribers.values.flatMap(\.values) { watcher.access.raise() }
    }

    public func heartbeat() {
        let streams = self.subscribers.values.flatMap(\.values)
        for watcher in streams { watcher.continuation.yield(.heartbeat) }
        self.heartbeatsSent.increment(by: streams.count)
    }

    /// Ends every stream (graceful shutdown).
    public func finishAll() {
        self.isFinished = true
        self.dueContinuation.finish()
        for watcher in self.subscribers.values.flatMap(\.values) { watcher.continuation.finish() }
        self.subscribers = [:]
        self.latest = [:]
        self.lastFlush = [:]
        self.accounts = [:]
        self.deferred = []
        self.streamCount = 0
    }

    public var subscriberCount: Int { self.streamCount }

    func built(_ json: Data, _ audience: LiveAudience) -> LiveSnapshot {
        self.snapshotsBuilt += 1
        self.encoded.increment()
        return LiveSnapshot(id: Self.eventID(), json: json, event: audience.eventName)
    }

    /// Milliseconds since 1970: increasing across snapshots and across restarts.
    static func eventID() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }
}
