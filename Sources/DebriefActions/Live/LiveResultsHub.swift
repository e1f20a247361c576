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
/// when it changed, whether or not the results are shared.
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

    private let snapshots: [LiveAudience: Snapshot]
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
    private struct Subscriber {
        let continuation: AsyncStream<LiveEvent>.Continuation
        /// Its reader's access-check flag, which ``accessChanged(account:)`` raises.
        let access: LiveSubscription.AccessCheck
        let account: UUID?
        var behindSince: ContinuousClock.Instant?
    }

    /// The open streams by channel. A channel's entry goes with its last stream, and the table
    /// itself starts again from empty when the last stream of all ends: a dictionary keeps its
    /// capacity when entries go, so thousands of streams opened once would otherwise stay paid for.
    private var subscribers: [Channel: [Int: Subscriber]] = [:]
    /// The newest snapshot of each watched channel, for the next watcher to start from.
    private var latest: [Channel: LiveSnapshot] = [:]
    /// The first snapshot of a channel being computed for the watchers joining it.
    private var joining: [Channel: Task<LiveSnapshot?, any Error>] = [:]
    /// The hops back onto the hub of streams that ended (a stream's end is not the hub's task).
    private let leaving = BackgroundTasks()
    private var streamCount = 0 {
        didSet { self.viewers.record(self.streamCount) }
    }
    /// `debrief_live_viewers` (streams open now), `debrief_live_events_sent_total{kind}`,
    /// `debrief_live_snapshots_total` (snapshots encoded) and `debrief_live_slow_viewers_total`.
    private let viewers: Gauge
    private let resultsSent: Counter
    private let heartbeatsSent: Counter
    private let encoded: Counter
    private let slowDropped: Counter
    private var snapshotsBuilt = 0
    private var recomputations = 0
    private var nextSubscriberID = 0
    private var scheduled: Set<Channel> = []
    /// When each channel's pacing (``Channel/pacing``) last flushed.
    private var lastFlush: [Channel: ContinuousClock.Instant] = [:]
    /// What the hosts' recomputations of each pacing owe (``HostPacing``).
    private var accounts: [Channel: HostPacing.Account] = [:]
    /// The hosts' pacings recomputing now, and how many of their channels (both views run together).
    private var computing: [Channel: Int] = [:]
    /// Hosts' channels changed while their pacing recomputed: due once it is done, when its
    /// duration, and so the time of the next, is known.
    private var deferred: Set<Channel> = []
    private var isFinished = false
    /// Channels due for a recomputation, and when; ``run()`` takes them in.
    private let due: AsyncStream<(Channel, ContinuousClock.Instant)>
    private let dueContinuation: AsyncStream<(Channel, ContinuousClock.Instant)>.Continuation

    /// `snapshot`: the hosts' view of a meeting (nil: nothing to show yet); `countsSnapshot`: its
    /// compact form for dashboards; `participantSnapshot`: the participants' view, nil once the
    /// results are not shared live (no participant stream opens without it);
    /// `roomQuestionsSnapshot`: the version of the room's questions, nil while they are off.
    public init(
        hostPacing: HostPacing = HostPacing(), participantPacing: RoomPacing = RoomPacing(),
        slowViewerGrace: Duration = .seconds(10), metrics: any MetricsFactory = MetricsSystem.factory,
        snapshot: @escaping Snapshot, countsSnapshot: Snapshot? = nil, participantSnapshot: Snapshot? = nil,
        roomQuestionsSnapshot: Snapshot? = nil
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
        var snapshots: [LiveAudience: Snapshot] = [.hosts: snapshot]
        snapshots[.hostCounts] = countsSnapshot
        snapshots[.participants] = participantSnapshot
        snapshots[.roomQuestions] = roomQuestionsSnapshot
        self.snapshots = snapshots
        (self.due, self.dueContinuation) = AsyncStream.makeStream()
    }

    /// The live results' snapshot: the meeting's unfiltered ``ResultsReport`` as JSON — the very
    /// bytes ``SharedResults`` encoded once for every reader and watcher of this instance.
    /// Watchers were authorized when their stream opened.
    public static func reportSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.shared.report(meeting)?.json() }
    }

    /// The dashboards' snapshot: the ``LiveCounts`` of the same shared report (one computation
    /// serves both hosts' channels), encoded once per recomputation.
    public static func countsSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.shared.report(meeting).map { try JSONCoding.encoder.encode(LiveCounts($0.report)) } }
    }

    /// The participants' snapshot: the ``RoomView`` of the results shared live.
    public static func participantSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.participantLiveJSON(meeting: meeting) }
    }

    /// The room's questions' snapshot: only the version of the list the room sees
    /// (``RoomQuestionActions/liveVersion(meeting:)``, through `visibleToRoom`), a few dozen bytes.
    public static func roomQuestionsSnapshot(_ questions: RoomQuestionActions) -> Snapshot {
        { meeting in try await questions.liveVersion(meeting: meeting).map { try JSONCoding.encoder.encode($0) } }
    }

    /// Runs the scheduled recomputations until graceful shutdown, then ends every stream.
    public func run() async throws {
        await withDiscardingTaskGroup { group in
            for await (channel, time) in self.due.cancelOnGracefulShutdown() {
                group.addTask {
                    guard (try? await Task.sleep(until: time, clock: .continuous)) != nil else { return }
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

    /// What the hub keeps now, for tests: nothing is kept for a meeting nobody watches.
    public struct Retained: Sendable, Equatable {
        public var streams: Int
        /// Meetings and audiences watched (a meeting watched by hosts and participants is two).
        public var meetings: Int
        public var flushTimes: Int
        public var scheduled: Int
        /// Hosts' pacings' accounts of their recomputations' cost (``HostPacing``).
        public var accounts: Int

        public init(streams: Int, meetings: Int, flushTimes: Int, scheduled: Int, accounts: Int = 0) {
            self.streams = streams
            self.meetings = meetings
            self.flushTimes = flushTimes
            self.scheduled = scheduled
            self.accounts = accounts
        }
    }

    public var retained: Retained {
        Retained(
            streams: self.subscribers.values.reduce(0) { $0 + $1.count }, meetings: self.subscribers.count,
            flushTimes: self.lastFlush.count, scheduled: self.scheduled.count, accounts: self.accounts.count)
    }

    /// Snapshots kept for new watchers (one per watched channel at most; none when nobody watches).
    public var retainedSnapshots: Int { self.latest.count }

    /// Snapshots encoded so far: one per recomputation, however many streams receive it.
    public var snapshotCount: Int { self.snapshotsBuilt }

    /// Recomputations finished so far (sent or not), for tests that wait for one.
    public var recomputationCount: Int { self.recomputations }

    /// Something about `meeting` changed: schedule one recomputation per watched audience if none
    /// is pending.
    public func changed(_ meeting: UUID) {
        self.forgiveIfQuiet(meeting)
        for audience in LiveAudience.allCases {
            let channel = Channel(meeting: meeting, audience: audience)
            guard self.subscribers[channel] != nil, !self.scheduled.contains(channel) else { continue }
            self.scheduled.insert(channel)
            if !audience.isRoom, self.computing[channel.pacing] != nil {
                self.deferred.insert(channel)
                continue
            }
            self.dueContinuation.yield((channel, self.due(channel)))
        }
    }

    /// A change that finds the hosts' pacing of `meeting` quiet — nothing recomputing or waiting,
    /// and the interval past since the last start — owes nothing: the account spaces a stream of
    /// changes (under submissions, one notification every 50 ms, each finding a recomputation
    /// running or waiting), not a change now and then, which is recomputed at once as before.
    private func forgiveIfQuiet(_ meeting: UUID) {
        let pacing = Channel(meeting: meeting, audience: .hosts)
        guard self.accounts[pacing] != nil, self.computing[pacing] == nil, let last = self.lastFlush[pacing],
            ContinuousClock.now - last >= self.hostPacing.interval,
            !self.scheduled.contains(pacing), !self.scheduled.contains(Channel(meeting: meeting, audience: .hostCounts))
        else { return }
        self.accounts[pacing] = nil
    }

    /// When `channel`'s next recomputation may start: its pacing's interval after the last.
    private func due(_ channel: Channel) -> ContinuousClock.Instant {
        let last = self.lastFlush[channel.pacing]
        guard channel.audience.isRoom else {
            return self.hostPacing.next(after: last, account: self.accounts[channel.pacing], now: .now)
        }
        let interval = self.participantPacing.interval(for: channel.meeting)
        return (last ?? .now - interval) + interval
    }

    /// A hosts' recomputation of `channel` ended: once its pacing has none left under way, its
    /// account is charged with the time since they began (one computation of the shared report
    /// served both views), and the channels changed meanwhile are due when the account allows.
    private func recomputed(_ channel: Channel) {
        let pacing = channel.pacing
        let left = (self.computing[pacing] ?? 1) - 1
        self.computing[pacing] = left > 0 ? left : nil
        guard left <= 0 else { return }
        // Kept only while the pacing is (its last stream may have ended meanwhile).
        if let started = self.lastFlush[pacing] {
            let now = ContinuousClock.now
            self.accounts[pacing] = self.hostPacing.charge(self.accounts[pacing], duration: now - started, end: now)
        }
        for waiting in self.deferred where waiting.pacing == pacing {
            self.deferred.remove(waiting)
            self.dueContinuation.yield((waiting, self.due(waiting)))
        }
    }

    /// Notifications may have been missed (the listener reconnected): refresh every watched meeting.
    public func changedAll() {
        for meeting in Set(self.subscribers.keys.map(\.meeting)) { self.changed(meeting) }
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

    private func built(_ json: Data, _ audience: LiveAudience) -> LiveSnapshot {
        self.snapshotsBuilt += 1
        self.encoded.increment()
        return LiveSnapshot(id: Self.eventID(), json: json, event: audience.eventName)
    }

    private func flush(_ channel: Channel) async {
        self.scheduled.remove(channel)
        // Nobody watches any more (the last stream ended while this was due): nothing to keep.
        guard self.subscribers[channel] != nil, let snapshot = self.snapshots[channel.audience] else { return }
        if channel.audience.isRoom {
            self.lastFlush[channel.pacing] = .now
        } else {
            // The hosts' two views, due together, make one round: timed from the first's start.
            if self.computing[channel.pacing] == nil { self.lastFlush[channel.pacing] = .now }
            self.computing[channel.pacing, default: 0] += 1
        }
        defer { if !channel.audience.isRoom { self.recomputed(channel) } }
        // A failed recomputation (the database away a moment) keeps the streams: the next change retries.
        let computed: Data?
        do {
            computed = try await snapshot(channel.meeting)
        } catch {
            return
        }
        self.recomputations += 1
        guard let json = computed, self.subscribers[channel] != nil else {
            if let reason = channel.audience.reasonWhenNothing { self.end(channel, reason: reason) }
            return
        }
        // Unchanged (a submission, or a change the room cannot see): nothing to tell.
        if channel.audience.sendsChangesOnly, self.latest[channel]?.json == json { return }
        let shared = self.built(json, channel.audience)
        self.latest[channel] = shared
        self.broadcast(.results(shared), to: channel)
    }

    /// Gives `event` to every stream of `channel`; a stream behind for longer than the grace is ended.
    private func broadcast(_ event: LiveEvent, to channel: Channel) {
        guard var watchers = self.subscribers[channel] else { return }
        let now = ContinuousClock.now
        var slow: [Int] = []
        for (id, watcher) in watchers {
            switch watcher.continuation.yield(event) {
            case .enqueued:
                if watcher.behindSince != nil { watchers[id]?.behindSince = nil }
            case .dropped:
                // Its buffer was full: it has not taken the last two events.
                let since = watcher.behindSince ?? now
                watchers[id]?.behindSince = since
                if now - since >= self.slowViewerGrace { slow.append(id) }
            case .terminated:
                break
            @unknown default:
                break
            }
        }
        self.resultsSent.increment(by: watchers.count)
        self.subscribers[channel] = watchers
        for id in slow {
            guard let watcher = self.remove(channel, id) else { continue }
            watcher.continuation.yield(.end(reason: "too_slow"))
            watcher.continuation.finish()
            self.slowDropped.increment()
        }
    }

    /// Ends every stream of `channel` with `reason`.
    private func end(_ channel: Channel, reason: String) {
        for id in Array((self.subscribers[channel] ?? [:]).keys) {
            guard let watcher = self.remove(channel, id) else { continue }
            watcher.continuation.yield(.end(reason: reason))
            watcher.continuation.finish()
        }
    }

    private func unsubscribe(_ channel: Channel, _ id: Int) {
        _ = self.remove(channel, id)
    }

    /// Forgets one stream, and with the last of a channel everything kept for it.
    private func remove(_ channel: Channel, _ id: Int) -> Subscriber? {
        guard let watcher = self.subscribers[channel]?.removeValue(forKey: id) else { return nil }
        self.streamCount -= 1
        if self.subscribers[channel]?.isEmpty == true {
            self.subscribers[channel] = nil
            self.latest[channel] = nil
            // A recomputation deferred for it is not due any more.
            if self.deferred.remove(channel) != nil { self.scheduled.remove(channel) }
            // The pacing's time goes with the last channel that keeps it.
            if !self.subscribers.keys.contains(where: { $0.pacing == channel.pacing }) {
                self.lastFlush[channel.pacing] = nil
                self.accounts[channel.pacing] = nil
            }
        }
        if self.subscribers.isEmpty {
            self.subscribers = [:]
            self.lastFlush = [:]
            self.accounts = [:]
            self.latest = [:]
        }
        return watcher
    }

    /// Milliseconds since 1970: increasing across snapshots and across restarts.
    private static func eventID() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }
}
