import DebriefActions
import Foundation
import Metrics
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Writes the participants' live events of each meeting to all of its viewers from the viewers'
/// own event loops: one subscription to ``LiveResultsHub`` per meeting, audience (the shared
/// results, or the room's questions' version) and event loop (a ``LiveRoom``), and per event one
/// hop to each loop, which then writes the one shared buffer to each of its connections.
///
/// Why not a task per viewer, as the hosts' streams have: a room of 5,000 phones at four events a
/// second made 20,000 task wake-ups, async-writer hand-offs and loop hops a second, and the
/// submissions lost most of a core to them (issue 37, docs/benchmarks.md). Here an event costs a
/// viewer one `write` and `flush` on its loop, and nothing is allocated per viewer.
///
/// A viewer's response starts as Hummingbird's: its head and preamble go through the response
/// writer, then ``hold(_:ended:)`` hands the connection to the room, which writes the rest up to
/// the response's end, and the request's task ends (no task, frame or continuation per viewer).
/// The room's writes come after the writer's, since the writer hands each of its writes to the
/// loop with `execute`, in order, as ``hold(_:ended:)`` does.
final class RoomBroadcast: Sendable {
    private let hub: LiveResultsHub
    private let slowViewerGrace: Duration
    /// `debrief_live_room_viewers`: participants' streams open now (the hub counts one stream per
    /// meeting and event loop for them).
    private let viewers: Gauge
    private let metrics: any MetricsFactory

    /// A room of one meeting and audience on one event loop.
    private struct Key: Hashable {
        let meeting: UUID
        let audience: LiveAudience
        let loop: ObjectIdentifier
    }

    /// A room, how many viewers hold a ``Membership`` of it, and the task that feeds it.
    private struct Entry {
        let room: LiveRoom
        var members: Int
        let feed: Task<Void, Never>
    }

    private let rooms = Mutex<[Key: Entry]>([:])
    private let viewerCount = Atomic<Int>(0)

    init(hub: LiveResultsHub, slowViewerGrace: Duration, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.hub = hub
        self.slowViewerGrace = slowViewerGrace
        self.metrics = metrics
        self.viewers = Gauge(label: "debrief_live_room_viewers", factory: metrics)
        self.viewers.record(0)
    }

    /// A viewer's place in a room: held from before its response starts until its stream ended, and
    /// given up when dropped if the response was never written, so a room never outlives its viewers.
    //
    // `@unchecked Sendable` is safe because `left` is only touched under `lock`.
    final class Membership: @unchecked Sendable {
        fileprivate let meeting: UUID
        fileprivate let room: LiveRoom
        fileprivate let channel: any Channel
        private let leave: @Sendable () -> Void
        private let lock = NSLock()
        private var left = false

        fileprivate init(meeting: UUID, room: LiveRoom, channel: any Channel, leave: @escaping @Sendable () -> Void) {
            self.meeting = meeting
            self.room = room
            self.channel = channel
            self.leave = leave
        }

        fileprivate func end() {
            let first = self.lock.withLock {
                defer { self.left = true }
                return !self.left
            }
            if first { self.leave() }
        }

        deinit { self.end() }
    }

    /// Joins the room of `meeting` and `audience` (``LiveAudience/participants`` or
    /// ``LiveAudience/roomQuestions``) on `channel`'s event loop, once the room has its first
    /// snapshot (or its end); throws what computing that snapshot threw, before any response is written.
    func join(meeting: UUID, audience: LiveAudience = .participants, channel: any Channel) async throws -> Membership {
        let key = Key(meeting: meeting, audience: audience, loop: ObjectIdentifier(channel.eventLoop))
        let room = self.rooms.withLock { rooms -> LiveRoom in
            if var entry = rooms[key] {
                entry.members += 1
                rooms[key] = entry
                return entry.room
            }
            let room = LiveRoom(loop: channel.eventLoop, slowViewerGrace: .init(self.slowViewerGrace), metrics: self.metrics)
            let feed = Task { await self.feed(room, key) }
            rooms[key] = Entry(room: room, members: 1, feed: feed)
            return room
        }
        let membership = Membership(meeting: meeting, room: room, channel: channel) { [weak self] in self?.leave(key, room) }
        try await room.ready.futureResult.get()
        return membership
    }

    /// Hands the viewer's response, its head and preamble written, to its room, which writes its
    /// events and, when its stream ends (`not_shared`, `off`, `too_slow`, `shutting_down`), its
    /// `end` event and the response's end; `ended` is called then, or when the connection closed
    /// first. Returns at once: the request's task ends, and with it the memory its frames held
    /// (``RequestTask``); the viewer costs its connection and its place in the room.
    func hold(_ membership: Membership, ended: @escaping @Sendable () -> Void) {
        self.viewers.record(self.viewerCount.add(1, ordering: .relaxed).newValue)
        self.hub.participantPacing.add(1, to: membership.meeting)
        let room = membership.room
        let channel = membership.channel
        room.loop.execute {
            room.add(channel) { _ in
                self.hub.participantPacing.add(-1, to: membership.meeting)
                self.viewers.record(self.viewerCount.subtract(1, ordering: .relaxed).newValue)
                membership.end()
                ended()
            }
        }
    }

    /// Hands the hub's events for the room's meeting to the room's loop, until the hub ends the
    /// stream (sharing switched off, shutdown) or the room's last viewer leaves (cancelled).
    private func feed(_ room: LiveRoom, _ key: Key) async {
        do {
            let events = try await self.hub.subscribe(to: key.meeting, audience: key.audience)
            for await event in events {
                room.loop.execute { room.deliver(event) }
            }
            room.loop.execute { room.end(reason: "shutting_down") }
        } catch {
            room.loop.execute { room.fail(error) }
        }
        self.rooms.withLock { rooms in
            if rooms[key]?.room === room { rooms[key] = nil }
        }
    }

    private func leave(_ key: Key, _ room: LiveRoom) {
        let emptied = self.rooms.withLock { rooms -> Task<Void, Never>? in
            guard var entry = rooms[key], entry.room === room else { return nil }
            entry.members -= 1
            guard entry.members == 0 else {
                rooms[key] = entry
                return nil
            }
            rooms[key] = nil
            return entry.feed
        }
        // Ends the room's subscription: the hub forgets the stream, and recomputes nothing for it.
        emptied?.cancel()
    }

    /// Rooms open now, for tests: one per watched meeting, audience and event loop, none once nobody watches.
    var roomCount: Int { self.rooms.withLock { $0.count } }
}
