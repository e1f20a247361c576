import Debrief
import Foundation

/// One message on a live results stream.
enum LiveEvent: Sendable {
    /// A fresh results snapshot (JSON), with an increasing id.
    case results(id: Int64, json: Data)
    /// Keeps proxies and clients from closing an idle stream.
    case heartbeat
}

/// Fans results snapshots out to the hosts watching a meeting, recomputing at most a few times a
/// second per meeting however many submissions arrive.
///
/// A submission (on any instance) sends `NOTIFY debrief_results '<meeting id>'`; ``changed(_:)``
/// then schedules one recomputation for that meeting no sooner than `minimumInterval` after the
/// previous one, so a burst of a thousand submissions a second costs about three snapshots a
/// second. Every event is a complete snapshot, so a client that reconnects (with or without
/// `Last-Event-ID`) is whole again with the next event — nothing needs replaying.
actor LiveResultsHub {
    typealias Snapshot = @Sendable (UUID) async throws -> Data?

    private let snapshot: Snapshot
    private let minimumInterval: Duration
    private var subscribers: [UUID: [Int: AsyncStream<LiveEvent>.Continuation]] = [:]
    private var nextSubscriberID = 0
    private var scheduled: Set<UUID> = []
    private var lastFlush: [UUID: ContinuousClock.Instant] = [:]
    private var isFinished = false

    init(minimumInterval: Duration = .milliseconds(300), snapshot: @escaping Snapshot) {
        self.minimumInterval = minimumInterval
        self.snapshot = snapshot
    }

    /// A stream of events for one meeting, starting with its current snapshot.
    func subscribe(to meeting: UUID) async throws -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(2))
        guard !self.isFinished else {
            continuation.finish()
            return stream
        }
        let id = self.nextSubscriberID
        self.nextSubscriberID += 1
        self.subscribers[meeting, default: [:]][id] = continuation
        continuation.onTermination = { _ in
            Task { await self.unsubscribe(meeting, id) }
        }
        if let json = try await self.snapshot(meeting) {
            continuation.yield(.results(id: Self.eventID(), json: json))
        }
        return stream
    }

    /// Something about `meeting` changed: schedule one recomputation if none is pending.
    func changed(_ meeting: UUID) {
        guard self.subscribers[meeting] != nil, !self.scheduled.contains(meeting) else { return }
        self.scheduled.insert(meeting)
        let due = (self.lastFlush[meeting] ?? .now - self.minimumInterval) + self.minimumInterval
        Task {
            try? await Task.sleep(until: due, clock: .continuous)
            await self.flush(meeting)
        }
    }

    /// Notifications may have been missed (the listener reconnected): refresh every watched meeting.
    func changedAll() {
        for meeting in self.subscribers.keys { self.changed(meeting) }
    }

    func heartbeat() {
        for continuation in self.subscribers.values.flatMap(\.values) { continuation.yield(.heartbeat) }
    }

    /// Ends every stream (graceful shutdown).
    func finishAll() {
        self.isFinished = true
        for continuation in self.subscribers.values.flatMap(\.values) { continuation.finish() }
        self.subscribers.removeAll()
    }

    var subscriberCount: Int { self.subscribers.values.reduce(0) { $0 + $1.count } }

    private func flush(_ meeting: UUID) async {
        self.scheduled.remove(meeting)
        self.lastFlush[meeting] = .now
        guard let watchers = self.subscribers[meeting], !watchers.isEmpty,
            let json = try? await self.snapshot(meeting)
        else { return }
        let event = LiveEvent.results(id: Self.eventID(), json: json)
        for continuation in self.subscribers[meeting]?.values ?? watchers.values { continuation.yield(event) }
    }

    private func unsubscribe(_ meeting: UUID, _ id: Int) {
        self.subscribers[meeting]?[id] = nil
        if self.subscribers[meeting]?.isEmpty == true {
            self.subscribers[meeting] = nil
            self.lastFlush[meeting] = nil
        }
    }

    /// Milliseconds since 1970: increasing across snapshots and across restarts.
    private static func eventID() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }
}
