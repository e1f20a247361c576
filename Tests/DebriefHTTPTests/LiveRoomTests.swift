@testable import DebriefActions
@testable import DebriefHTTP
import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Prometheus
import Testing

/// ``LiveRoom`` on testing channels of one loop: what each viewer is written, who is skipped, who
/// is ended and why.
@Suite("Live results for the room: one loop's viewers")
struct LiveRoomTests {
    /// A room on a testing loop, and `count` viewers' channels on it, each waiting for its end.
    final class Fixture: Sendable {
        let loop = NIOAsyncTestingEventLoop()
        let room: LiveRoom
        let channels: [NIOAsyncTestingChannel]
        let endings: [Task<String?, Never>]

        init(viewers count: Int, grace: TimeAmount = .seconds(10), metrics: PrometheusCollectorRegistry? = nil) async throws {
            self.room = LiveRoom(
                loop: self.loop, slowViewerGrace: grace,
                metrics: metrics.map { PrometheusMetricsFactory(registry: $0) } ?? PrometheusMetricsFactory(registry: PrometheusCollectorRegistry()))
            var channels: [NIOAsyncTestingChannel] = []
            for _ in 0..<count {
                let channel = NIOAsyncTestingChannel(loop: self.loop)
                try await channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
                channels.append(channel)
            }
            self.channels = channels
            let room = self.room
            self.endings = channels.map { channel in
                Task { await withCheckedContinuation { ended in room.loop.execute { room.add(channel) { ended.resume(returning: $0) } } } }
            }
            try await self.untilViewers(count)
        }

        func deliver(_ event: LiveEvent) async throws {
            let room = self.room
            try await self.loop.submit { room.deliver(event) }.get()
        }

        func viewers() async throws -> Int {
            let room = self.room
            return try await self.loop.submit { room.viewerCount }.get()
        }

        func untilViewers(_ count: Int) async throws {
            // Two minutes at most: the bound only ends a broken run.
            for _ in 0..<12_000 {
                if try await self.viewers() == count { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try await self.viewers() == count)
        }

        /// Every body part written to `channel` so far, as text, and the response's end as `<end>`.
        static func written(_ channel: NIOAsyncTestingChannel) async throws -> [String] {
            var parts: [String] = []
            while let part = try await channel.readOutbound(as: HTTPResponsePart.self) {
                switch part {
                case .body(let buffer): parts.append(String(buffer: buffer))
                case .end: parts.append("<end>")
                case .head: Issue.record("a head written by the room: \(part)")
                }
            }
            return parts
        }

    }

    static func snapshot(_ responses: Int) -> LiveEvent {
        .results(LiveSnapshot(id: Int64(responses), json: Data("{\"responses\":\(responses)}".utf8)))
    }

    @Test func everyViewerIsWrittenTheSameEventAndANewcomerTheNewest() async throws {
        let fixture = try await Fixture(viewers: 3)
        try await fixture.deliver(.heartbeat)  // before any event: written
        try await fixture.deliver(Self.snapshot(1))
        try await fixture.deliver(.accessCheck)  // nothing to write for participants
        for channel in fixture.channels {
            #expect(try await Fixture.written(channel) == [": heartbeat\n\n", "id: 1\nevent: results\ndata: {\"responses\":1}\n\n"])
        }
        let late = NIOAsyncTestingChannel(loop: fixture.loop)
        try await late.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        let room = fixture.room
        let lateEnding = Task { await withCheckedContinuation { ended in room.loop.execute { room.add(late) { ended.resume(returning: $0) } } } }
        try await fixture.untilViewers(4)
        #expect(try await Fixture.written(late) == ["id: 1\nevent: results\ndata: {\"responses\":1}\n\n"])

        try await fixture.deliver(.end(reason: "not_shared"))
        for ending in fixture.endings + [lateEnding] { #expect(await ending.value == "not_shared") }
        #expect(try await fixture.viewers() == 0)
    }

    @Test func aHeartbeatIsWrittenOnlyAfterAQuietInterval() async throws {
        // A heartbeat after an event has nothing to add; the next one, with no event between, is
        // written; and so on: the streams of a room whose results move get none.
        let fixture = try await Fixture(viewers: 2)
        for event in [Self.snapshot(1), .heartbeat, .heartbeat, .heartbeat, Self.snapshot(2), .heartbeat, Self.snapshot(3), .heartbeat] {
            try await fixture.deliver(event)
        }
        for channel in fixture.channels {
            let written = try await Fixture.written(channel).map { $0.split(separator: "\n").first.map(String.init) ?? "" }
            #expect(written == ["id: 1", ": heartbeat", ": heartbeat", "id: 2", "id: 3"])
        }
    }

    @Test func everyWriteToAViewerIsCountedAndNoSkippedOne() async throws {
        let registry = PrometheusCollectorRegistry()
        let fixture = try await Fixture(viewers: 3, metrics: registry)
        fixture.channels[2].isWritable = false
        try await fixture.deliver(.heartbeat)  // two written
        try await fixture.deliver(Self.snapshot(1))  // two written, the third skipped
        let late = NIOAsyncTestingChannel(loop: fixture.loop)
        try await late.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        let room = fixture.room
        try await fixture.loop.submit { room.add(late) { _ in } }.get()  // written the newest: one
        let counted = registry.emitToString().split(separator: "\n").first { $0.hasPrefix("debrief_live_room_writes_total ") }
        #expect(counted == "debrief_live_room_writes_total 5")
    }

    @Test func aViewerWhoseConnectionIsFullSkipsEventsAndIsEndedAfterTheGrace() async throws {
        // No grace: behind at one event, ended at the next one it cannot take.
        let fixture = try await Fixture(viewers: 2, grace: .zero)
        let (reading, stalled) = (fixture.channels[0], fixture.channels[1])
        stalled.isWritable = false
        try await fixture.deliver(Self.snapshot(1))
        #expect(try await Fixture.written(stalled).isEmpty, "skipped, not queued")
        #expect(try await fixture.viewers() == 2, "behind once is not too slow")
        try await fixture.deliver(Self.snapshot(2))
        #expect(await fixture.endings[1].value == "too_slow")
        #expect(try await fixture.viewers() == 1)
        #expect(try await Fixture.written(reading).count == 2, "the other viewer got both")
    }

    @Test func aViewerWhoCatchesUpIsKeptAndOneWhoseConnectionClosedIsForgotten() async throws {
        let fixture = try await Fixture(viewers: 2, grace: .zero)
        fixture.channels[0].isWritable = false
        try await fixture.deliver(Self.snapshot(1))
        fixture.channels[0].isWritable = true
        try await fixture.deliver(Self.snapshot(2))
        try await fixture.deliver(Self.snapshot(3))
        #expect(try await Fixture.written(fixture.channels[0]).count == 2, "kept: it caught up before the grace ran out")

        try await fixture.channels[1].close()
        #expect(await fixture.endings[1].value == nil, "nobody to tell")
        try await fixture.untilViewers(1)
    }

    @Test func aRoomOfSeveralSlicesGetsEachEventOnceAndANewerOneReplacesItForAll() async throws {
        let count = LiveRoom.sliceSize * 2 + 5
        let fixture = try await Fixture(viewers: count)
        // The second arrives after the first slice of the first (a slice per turn of the loop), and
        // a heartbeat while an event is being written is not needed.
        let room = fixture.room
        let (first, second) = (Self.snapshot(1), Self.snapshot(2))
        try await fixture.loop.submit {
            room.deliver(first)
            room.deliver(second)
            room.deliver(.heartbeat)
        }.get()
        for _ in 0..<12_000 {  // two minutes at most: the bound only ends a broken run
            if try await !fixture.loop.submit({ room.isWriting }).get() { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        var reachedByTheFirst = 0
        for channel in fixture.channels {
            let ids = try await Fixture.written(channel).compactMap { $0.split(separator: "\n").first.map(String.init) }
            #expect(ids == ["id: 2"] || ids == ["id: 1", "id: 2"], "each event at most once, the newest last: \(ids)")
            if ids.count == 2 { reachedByTheFirst += 1 }
        }
        #expect(reachedByTheFirst == LiveRoom.sliceSize, "the first slice got the first event, then everyone the second")
    }

    /// The room, not a request's task, ends each response (that reading pauses meanwhile is
    /// ParticipantLiveStreamTests': a testing channel always says it reads).
    @Test func theRoomWritesEachStreamsEndAndTheResponsesEnd() async throws {
        let fixture = try await Fixture(viewers: 2, grace: .zero)
        let (staying, stalled) = (fixture.channels[0], fixture.channels[1])
        try await fixture.deliver(Self.snapshot(1))
        stalled.isWritable = false
        try await fixture.deliver(Self.snapshot(2))
        try await fixture.deliver(Self.snapshot(3))
        #expect(await fixture.endings[1].value == "too_slow")
        // Its stream ends as the writer would have ended it (queued behind the full socket).
        #expect(try await Fixture.written(stalled).suffix(2) == ["event: end\ndata: {\"reason\":\"too_slow\"}\n\n", "<end>"])

        try await fixture.deliver(.end(reason: "not_shared"))
        #expect(await fixture.endings[0].value == "not_shared")
        #expect(try await Fixture.written(staying).suffix(2) == ["event: end\ndata: {\"reason\":\"not_shared\"}\n\n", "<end>"])
    }

    @Test func aViewerJoiningAnEndedRoomIsToldAtOnce() async throws {
        let fixture = try await Fixture(viewers: 0)
        try await fixture.deliver(.end(reason: "shutting_down"))
        let channel = NIOAsyncTestingChannel(loop: fixture.loop)
        let room = fixture.room
        let ending = await withCheckedContinuation { ended in room.loop.execute { room.add(channel) { ended.resume(returning: $0) } } }
        #expect(ending == "shutting_down")
        #expect(try await fixture.viewers() == 0)
        try await room.ready.futureResult.get()
    }
}
