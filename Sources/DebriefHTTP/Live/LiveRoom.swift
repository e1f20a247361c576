import DebriefActions
import Metrics
import NIOCore

/// The participants' viewers of one meeting whose connections share one event loop, and what the
/// room has been told: ``RoomBroadcast`` delivers each event of the hub here, on the loop, and the
/// room writes it to every viewer.
///
/// The room holds each viewer's response from its head on (``RoomConnection``): it writes the
/// events, and when the stream ends the `end` event and the end of the response. A viewer whose
/// connection is not writable (its socket buffer full: it stopped reading) skips events, each
/// being a complete snapshot; one not writable for `slowViewerGrace` is ended (`too_slow`), and
/// one whose connection closed is forgotten at once.
///
/// An event is written a slice of ``sliceSize`` viewers at a time, each slice a task of the loop,
/// so the loop serves its other connections between slices. Written in one go, a room of 2,500
/// on a loop held it for tens of milliseconds per event, and the submissions waiting on it saw
/// their p99 double (issue 37). A newer event arriving before the last slice is written replaces
/// the older one for everyone it has not reached, and for those it has.
//
// `@unchecked Sendable` is safe because every mutable member is touched on `loop` only: each
// method but `init` is called there (``RoomBroadcast`` hops with `loop.execute`, and a channel's
// `closeFuture` calls back on its own loop, which is this one), and checks it.
final class LiveRoom: @unchecked Sendable {
    let loop: any EventLoop
    /// Succeeds with the first event (a snapshot, or the end of the room's stream), fails with what
    /// computing the first snapshot threw.
    let ready: EventLoopPromise<Void>
    private let slowViewerGrace: TimeAmount
    /// `debrief_live_room_writes_total`: events (and heartbeats) written to viewers, one a viewer:
    /// what a room costs the machine (``RoomPacing``), which the hub's count of one per room and
    /// event does not show.
    private let writes: Counter

    /// A class, so that an event's list of viewers holds them themselves: writing to one is no
    /// lookup by id and no copy of its parts (three retains and releases a write, issue 72's `perf`).
    private final class Viewer {
        let connection: RoomConnection
        let ended: (String?) -> Void
        /// Since when its connection has not been writable at an event (nil while it keeps up).
        var behindSince: NIODeadline?
        /// False once it left the room (its connection closed, its stream ended): an event still
        /// being written skips it.
        var inRoom = true

        init(connection: RoomConnection, ended: @escaping (String?) -> Void) {
            self.connection = connection
            self.ended = ended
        }
    }

    private var viewers: [ObjectIdentifier: Viewer] = [:]
    /// The newest snapshot, for a viewer who joins after it.
    private var latest: RoomFrame?
    /// The event being written, the viewers it was for, and how many of them it has reached.
    private var writing: (frame: RoomFrame, viewers: [Viewer], written: Int)?
    /// Viewers written per turn of the loop: a few milliseconds of writes.
    static let sliceSize = 128
    /// Whether an event was written since the last heartbeat, which then has nothing to add.
    private var wroteSinceHeartbeat = false
    /// Why the room's stream ended, once it has: a viewer joining now is told at once.
    private var endReason: String?
    private var isReady = false

    init(loop: any EventLoop, slowViewerGrace: TimeAmount, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.loop = loop
        self.ready = loop.makePromise()
        self.slowViewerGrace = slowViewerGrace
        self.writes = Counter(label: "debrief_live_room_writes_total", factory: metrics)
    }

    /// Adds a viewer and writes it the newest snapshot. When its stream ends the room writes its
    /// `end` event and the response's end, then calls `ended` with the reason, on this loop; when
    /// its connection closes first, `ended` is called with nil (nobody to tell).
    func add(_ channel: any Channel, ended: @escaping (String?) -> Void) {
        self.loop.preconditionInEventLoop()
        let connection = RoomConnection(holding: channel)
        if let reason = self.endReason {
            connection.finish(reason: reason)
            ended(reason)
            return
        }
        let id = ObjectIdentifier(channel)
        self.viewers[id] = Viewer(connection: connection, ended: ended)
        if let latest = self.latest {
            connection.write(latest)
            self.writes.increment()
        }
        // Called on this loop (the channel's), at once when it has closed already.
        channel.closeFuture.whenComplete { _ in
            guard let viewer = self.viewers.removeValue(forKey: id) else { return }
            viewer.inRoom = false
            viewer.ended(nil)
        }
    }

    func deliver(_ event: LiveEvent) {
        self.loop.preconditionInEventLoop()
        switch event {
        case .results:
            // The hosts' streams' encoding of an event: one shared buffer per snapshot.
            let frame = RoomFrame(LiveResultsController.message(event))
            self.latest = frame
            self.markReady()
            self.wroteSinceHeartbeat = true
            self.broadcast(frame)
        case .heartbeat:
            // An event written since the last heartbeat (or being written) kept the streams alive
            // as well as this one would, and at 10,000 viewers a heartbeat is 10,000 writes. So a
            // stream whose results move is never sent one, and one whose results are still hears
            // something every 15 to 30 s (the listener's interval; proxies wait 120 s: deploy/haproxy).
            guard self.writing == nil, !self.wroteSinceHeartbeat else {
                self.wroteSinceHeartbeat = false
                return
            }
            self.broadcast(RoomFrame(LiveResultsController.message(event)))
        case .accessCheck:
            break  // participants' streams hold no account
        case .end(let reason):
            self.end(reason: reason)
        }
    }

    /// Ends every viewer's stream with `reason`, and the room with it.
    func end(reason: String) {
        self.loop.preconditionInEventLoop()
        guard self.endReason == nil else { return }
        self.endReason = reason
        self.latest = nil
        self.writing = nil
        self.markReady()
        let ending = self.viewers.values
        self.viewers = [:]
        for viewer in ending {
            viewer.inRoom = false
            Self.finish(viewer, reason: reason)
        }
    }

    /// The first snapshot could not be computed: those waiting to join are told (a 503 for them).
    func fail(_ error: any Error) {
        self.loop.preconditionInEventLoop()
        if self.isReady {
            self.end(reason: "shutting_down")
        } else {
            self.isReady = true
            self.endReason = "shutting_down"
            self.ready.fail(error)
        }
    }

    private func markReady() {
        guard !self.isReady else { return }
        self.isReady = true
        self.ready.succeed()
    }

    /// Starts writing `frame` to every viewer, or, while an earlier event is being written,
    /// replaces it with this one from the first viewer on.
    private func broadcast(_ frame: RoomFrame) {
        let idle = self.writing == nil
        self.writing = (frame, Array(self.viewers.values), 0)
        if idle { self.writeSlice() }
    }

    /// Writes the event to the next slice of its viewers, and schedules the rest.
    private func writeSlice() {
        guard var writing = self.writing else { return }
        let slice = writing.viewers[writing.written..<min(writing.viewers.count, writing.written + Self.sliceSize)]
        self.write(writing.frame, to: slice)
        writing.written = slice.endIndex
        guard writing.written < writing.viewers.count else {
            self.writing = nil
            return
        }
        self.writing = writing
        self.loop.execute { self.writeSlice() }
    }

    /// Writes `frame` to each of `viewers` still in the room whose connection takes it.
    private func write(_ frame: RoomFrame, to viewers: ArraySlice<Viewer>) {
        let now = NIODeadline.now()
        var written = 0
        defer { self.writes.increment(by: written) }
        for viewer in viewers where viewer.inRoom {  // one gone since the event began is skipped
            if viewer.connection.channel.isWritable {
                viewer.connection.write(frame)
                written += 1
                viewer.behindSince = nil
            } else if let since = viewer.behindSince {
                if now - since >= self.slowViewerGrace {
                    self.viewers[ObjectIdentifier(viewer.connection.channel)] = nil
                    viewer.inRoom = false
                    Self.finish(viewer, reason: "too_slow")
                }
            } else {
                viewer.behindSince = now
            }
        }
    }

    /// Ends a viewer's stream that is no longer in the room: its `end` event, the response's end.
    private static func finish(_ viewer: Viewer, reason: String) {
        viewer.connection.finish(reason: reason)
        viewer.ended(reason)
    }

    /// Whether an event is still being written, for tests.
    var isWriting: Bool {
        self.loop.preconditionInEventLoop()
        return self.writing != nil
    }

    /// Viewers in the room now, for tests.
    var viewerCount: Int {
        self.loop.preconditionInEventLoop()
        return self.viewers.count
    }
}
