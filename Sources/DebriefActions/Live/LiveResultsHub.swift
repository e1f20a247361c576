import Debrief
import Foundation
import Metrics
import ServiceLifecycle

/// One message on a live results stream.
public enum LiveEvent: Sendable {
    /// A fresh results snapshot.
    case results(LiveSnapshot)
    /// Keeps proxies and clients from closing an idle stream.
    case heartbeat
    /// The watcher's account, or its shares, changed: the stream checks that its viewer may still
    /// watch before it sends anything more (it writes nothing for this event).
    case accessCheck
}

/// A results snapshot as every watcher of a meeting receives it: built once per change, shared by
/// all of them, so a snapshot costs each stream one write and nothing else.
public struct LiveSnapshot: Sendable {
    /// Increasing across snapshots (milliseconds since 1970).
    public let id: Int64
    /// The report's JSON.
    public let json: Data
    /// The Server-Sent Events message carrying it: `id`, `event: results` and one `data` line
    /// (JSON as Debrief encodes it has no raw line break).
    public let message: Data

    public init(id: Int64, json: Data) {
        self.id = id
        self.json = json
        var message = Data("id: \(id)\nevent: results\ndata: ".utf8)
        message.reserveCapacity(message.count + json.count + 2)
        message.append(json)
        message.append(contentsOf: "\n\n".utf8)
        self.message = message
    }
}

/// Fans results snapshots out to the hosts watching a meeting, recomputing at most a few times a
/// second per meeting however many submissions arrive.
///
/// A submission (on any instance) sends `NOTIFY debrief_results '<meeting id>'`; ``changed(_:)``
/// then schedules one recomputation for that meeting no sooner than `minimumInterval` after the
/// previous one, so a burst of a thousand submissions a second costs at most ten snapshots a
/// second. One snapshot — the shared report's JSON (``SharedResults``), which readers of the same
/// instance share too — goes to every watcher; a watcher that cannot keep up skips to the newest
/// (its stream buffers two events and drops the oldest). Every event is a complete snapshot, so a client that reconnects (with or
/// without `Last-Event-ID`) is whole again with the next event — nothing needs replaying.
///
/// The recomputations run inside ``run()``, a `Service` of the application, so they end with it.
public actor LiveResultsHub: Service {
    public typealias Snapshot = @Sendable (UUID) async throws -> Data?

    private let snapshot: Snapshot
    private let minimumInterval: Duration
    /// One open stream: where its events go, and whose it is (for ``accessChanged(account:)``).
    private struct Subscriber {
        let continuation: AsyncStream<LiveEvent>.Continuation
        let account: UUID?
    }

    /// The open streams by meeting. A meeting's entry goes with its last stream, and the table
    /// itself starts again from empty when the last stream of all ends: a dictionary keeps its
    /// capacity when entries go, so thousands of streams opened once would otherwise stay paid for.
    private var subscribers: [UUID: [Int: Subscriber]] = [:]
    private var streamCount = 0 {
        didSet { self.viewers.record(self.streamCount) }
    }
    /// `debrief_live_viewers` (streams open now) and `debrief_live_events_sent_total{kind}`.
    private let viewers: Gauge
    private let resultsSent: Counter
    private let heartbeatsSent: Counter
    private var nextSubscriberID = 0
    private var scheduled: Set<UUID> = []
    private var lastFlush: [UUID: ContinuousClock.Instant] = [:]
    private var isFinished = false
    /// Meetings due for a recomputation, and when; ``run()`` takes them in.
    private let due: AsyncStream<(UUID, ContinuousClock.Instant)>
    private let dueContinuation: AsyncStream<(UUID, ContinuousClock.Instant)>.Continuation

    public init(
        minimumInterval: Duration = .milliseconds(100), metrics: any MetricsFactory = MetricsSystem.factory,
        snapshot: @escaping Snapshot
    ) {
        self.viewers = Gauge(label: "debrief_live_viewers", factory: metrics)
        self.resultsSent = Counter(label: "debrief_live_events_sent_total", dimensions: [("kind", "results")], factory: metrics)
        self.heartbeatsSent = Counter(label: "debrief_live_events_sent_total", dimensions: [("kind", "heartbeat")], factory: metrics)
        self.viewers.record(0)
        self.minimumInterval = minimumInterval
        self.snapshot = snapshot
        (self.due, self.dueContinuation) = AsyncStream.makeStream()
    }

    /// The live results' snapshot: the meeting's unfiltered ``ResultsReport`` as JSON — the very
    /// bytes ``SharedResults`` encoded once for every reader and watcher of this instance.
    /// Watchers were authorized when their stream opened.
    public static func reportSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.shared.report(meeting)?.json }
    }

    /// Runs the scheduled recomputations until graceful shutdown, then ends every stream.
    public func run() async throws {
        await withDiscardingTaskGroup { group in
            for await (meeting, time) in self.due.cancelOnGracefulShutdown() {
                group.addTask {
                    guard (try? await Task.sleep(until: time, clock: .continuous)) != nil else { return }
                    await self.flush(meeting)
                }
            }
            group.cancelAll()
        }
        self.finishAll()
    }

    /// A stream of events for one meeting, starting with its current snapshot; `account` is the
    /// watcher's, whose changes make the stream check its access again.
    public func subscribe(to meeting: UUID, account: UUID? = nil) async throws -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(2))
        guard !self.isFinished else {
            continuation.finish()
            return stream
        }
        let id = self.nextSubscriberID
        self.nextSubscriberID += 1
        self.subscribers[meeting, default: [:]][id] = Subscriber(continuation: continuation, account: account)
        self.streamCount += 1
        // Weak: the hub does not keep itself alive through the streams it holds.
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(meeting, id) }
        }
        if let json = try await self.snapshot(meeting) {
            continuation.yield(.results(LiveSnapshot(id: Self.eventID(), json: json)))
            self.resultsSent.increment()
        }
        return stream
    }

    /// The account changed (password, role, tokens, a share ended): each of its streams checks
    /// its access now instead of at its next periodic check.
    public func accessChanged(account: UUID) {
        for watchers in self.subscribers.values {
            for watcher in watchers.values where watcher.account == account { watcher.continuation.yield(.accessCheck) }
        }
    }

    /// Notifications may have been missed (the listener reconnected): every stream checks its access.
    public func accessChangedAll() {
        for watcher in self.subscribers.values.flatMap(\.values) { watcher.continuation.yield(.accessCheck) }
    }

    /// What the hub keeps now, for tests: nothing is kept for a meeting nobody watches.
    public struct Retained: Sendable, Equatable {
        public var streams: Int
        public var meetings: Int
        public var flushTimes: Int
        public var scheduled: Int

        public init(streams: Int, meetings: Int, flushTimes: Int, scheduled: Int) {
            self.streams = streams
            self.meetings = meetings
            self.flushTimes = flushTimes
            self.scheduled = scheduled
        }
    }

    public var retained: Retained {
        Retained(
            streams: self.subscribers.values.reduce(0) { $0 + $1.count }, meetings: self.subscribers.count,
            flushTimes: self.lastFlush.count, scheduled: self.scheduled.count)
    }

    /// Something about `meeting` changed: schedule one recomputation if none is pending.
    public func changed(_ meeting: UUID) {
        guard self.subscribers[meeting] != nil, !self.scheduled.contains(meeting) else { return }
        self.scheduled.insert(meeting)
        let due = (self.lastFlush[meeting] ?? .now - self.minimumInterval) + self.minimumInterval
        self.dueContinuation.yield((meeting, due))
    }

    /// Notifications may have been missed (the listener reconnected): refresh every watched meeting.
    public func changedAll() {
        for meeting in self.subscribers.keys { self.changed(meeting) }
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
        self.lastFlush = [:]
        self.streamCount = 0
    }

    public var subscriberCount: Int { self.streamCount }

    private func flush(_ meeting: UUID) async {
        self.scheduled.remove(meeting)
        // Nobody watches any more (the last stream ended while this was due): nothing to keep.
        guard self.subscribers[meeting] != nil else { return }
        self.lastFlush[meeting] = .now
        guard let json = try? await self.snapshot(meeting), let watchers = self.subscribers[meeting] else { return }
        let event = LiveEvent.results(LiveSnapshot(id: Self.eventID(), json: json))
        for watcher in watchers.values { watcher.continuation.yield(event) }
        self.resultsSent.increment(by: watchers.count)
    }

    private func unsubscribe(_ meeting: UUID, _ id: Int) {
        guard self.subscribers[meeting]?.removeValue(forKey: id) != nil else { return }
        self.streamCount -= 1
        if self.subscribers[meeting]?.isEmpty == true {
            self.subscribers[meeting] = nil
            self.lastFlush[meeting] = nil
        }
        if self.subscribers.isEmpty {
            self.subscribers = [:]
            self.lastFlush = [:]
        }
    }

    /// Milliseconds since 1970: increasing across snapshots and across restarts.
    private static func eventID() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }
}
