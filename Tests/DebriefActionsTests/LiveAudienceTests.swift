import Debrief
import DebriefActions
import DebriefTestSupport
import Foundation
import Synchronization
import Testing

/// The participants' live streams of issue 37: a room of viewers costs one snapshot per change,
/// a viewer who stops reading is let go, and switching live sharing off ends every stream.
@Suite("Live results for a room")
struct LiveAudienceTests {
    final class Flag: Sendable {
        let value = Mutex(true)
        var isOn: Bool {
            get { self.value.withLock { $0 } }
            set { self.value.withLock { $0 = newValue } }
        }
    }

    static func hub(
        grace: Duration = .seconds(10), clock: any LiveClock = .continuous, sharing: Flag = Flag(), counter: LiveResultsHubTests.Counter
    ) -> LiveResultsHub {
        LiveResultsHub(
            hostPacing: HostPacing(interval: .milliseconds(10)), participantPacing: RoomPacing(interval: .milliseconds(10)), slowViewerGrace: grace,
            clock: clock,
            snapshot: { _ in Data("{\"host\":true}".utf8) },
            participantSnapshot: { _ in
                guard sharing.isOn else { return nil }
                return Data("{\"n\":\(counter.increment())}".utf8)
            })
    }

    /// 200 viewers joining cost one snapshot, and each change one more: one encoding, one shared
    /// buffer (converted once) for all of them.
    @Test func aRoomOfViewersSharesOneEncodedEventPerChange() async throws {
        let computed = LiveResultsHubTests.Counter()
        let hub = Self.hub(counter: computed)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        var streams: [AsyncStream<LiveEvent>.AsyncIterator] = []
        for _ in 0..<200 { streams.append(try await hub.subscribe(to: meeting, audience: .participants).makeAsyncIterator()) }
        #expect(computed.current == 1, "joining recomputed: \(computed.current)")
        #expect(await hub.snapshotCount == 1)
        await hub.changed(meeting)
        var frames: [SharedFrame] = []
        for index in streams.indices {
            var seen: [LiveSnapshot] = []
            while seen.count < 2, let event = await streams[index].next() {
                if case .results(let snapshot) = event { seen.append(snapshot) }
            }
            try #require(seen.count == 2, "viewer \(index) saw \(seen.count) snapshots")
            frames.append(seen[1].frame)
        }
        #expect(await hub.snapshotCount == 2)
        #expect(computed.current == 2)
        let first = try #require(frames.first)
        #expect(frames.allSatisfy { $0 === first }, "viewers got different copies of one event")
        // Every stream converts the bytes for its writer; only the first conversion happens.
        for frame in frames { _ = frame.converted { Array($0) } }
        #expect(first.conversionCount == 1)
        #expect(String(decoding: first.bytes, as: UTF8.self).contains("data: {\"n\":2}"))
    }

    /// A viewer who stops reading is ended (`too_slow`) once it has been behind for the grace
    /// (10 s of the hub's clock), not a moment before, and the hub keeps nothing of it: its stream,
    /// the room's channel and its snapshot all go.
    @Test func aViewerWhoStopsReadingIsDroppedAndForgotten() async throws {
        let computed = LiveResultsHubTests.Counter()
        let clock = ManualClock()
        let hub = Self.hub(grace: .seconds(10), clock: clock, counter: computed)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let stalled = try await hub.subscribe(to: meeting, audience: .participants)
        #expect(await hub.subscriberCount == 1)
        // The stream holds two events (the first snapshot and this change's); the next change
        // finds it full, and the viewer behind from then on.
        await hub.changed(meeting)
        let behind = clock.now + .seconds(1)
        // (Each change comes more than the room's interval, 10 ms, after the last recomputation,
        // so each is recomputed as it arrives.)
        for instant in [behind, behind + .seconds(10) - .milliseconds(100)] {
            try await clock.run(hub, to: instant)
            await hub.changed(meeting)
            try await clock.settle(hub)
            #expect(await hub.subscriberCount == 1, "ended after \(instant - behind) behind")
        }
        try await clock.run(hub, to: behind + .seconds(10))
        await hub.changed(meeting)
        try await clock.settle(hub)
        #expect(computed.current == 5, "one snapshot per change besides the first")
        #expect(await hub.retained == LiveResultsHub.Retained(streams: 0, meetings: 0, flushTimes: 0, scheduled: 0))
        #expect(await hub.subscriberCount == 0)
        #expect(await hub.retainedSnapshots == 0)
        // (Ends the stream if the hub failed to: the test reads it to its end.)
        await hub.finishAll()
        var last = ""
        for await event in stalled { if case .end(let reason) = event { last = reason } }
        #expect(last == "too_slow")
    }

    /// A viewer who reads keeps its stream however long the room runs.
    @Test func aViewerWhoReadsIsKept() async throws {
        let computed = LiveResultsHubTests.Counter()
        let hub = Self.hub(grace: .zero, counter: computed)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        var reader = try await hub.subscribe(to: meeting, audience: .participants).makeAsyncIterator()
        _ = await reader.next()
        for change in 0..<5 {
            await hub.changed(meeting)
            var got = false
            while !got, let event = await reader.next() {
                if case .results = event { got = true }
                if case .end = event { Issue.record("ended at change \(change)") }
            }
        }
        #expect(await hub.subscriberCount == 1)
    }

    /// The host switches live sharing off: every participant's stream ends with `not_shared`, and
    /// a new one ends at once; the host's own stream of the meeting goes on.
    @Test func switchingSharingOffEndsParticipantsStreams() async throws {
        let computed = LiveResultsHubTests.Counter()
        let sharing = Flag()
        let hub = Self.hub(sharing: sharing, counter: computed)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let viewers = try await [hub.subscribe(to: meeting, audience: .participants), hub.subscribe(to: meeting, audience: .participants)]
        let host = try await hub.subscribe(to: meeting)
        sharing.isOn = false
        await hub.changed(meeting)
        for viewer in viewers {
            var reasons: [String] = []
            for await event in viewer { if case .end(let reason) = event { reasons.append(reason) } }
            #expect(reasons == ["not_shared"])
        }
        #expect(await hub.subscriberCount == 1)
        var late: [String] = []
        for await event in try await hub.subscribe(to: meeting, audience: .participants) {
            if case .end(let reason) = event { late.append(reason) }
        }
        #expect(late == ["not_shared"])
        await hub.finishAll()
        var hostResults = 0
        for await event in host { if case .results = event { hostResults += 1 } }
        #expect(hostResults >= 1)
    }

    /// A room's events are 250 ms apart up to 1,500 viewers on the instance, further apart above
    /// (writes near 6,000 a second), and never more than 800 ms, whoever counts.
    @Test func aLargeRoomIsPacedSoItsWritesStayNearTheBudget() {
        let pacing = RoomPacing()
        #expect(pacing.interval(viewers: 0) == .milliseconds(250))
        #expect(pacing.interval(viewers: 1_500) == .milliseconds(250))
        #expect(pacing.interval(viewers: 3_000) == .milliseconds(500))
        #expect(pacing.interval(viewers: 5_000) == .milliseconds(800))
        #expect(pacing.interval(viewers: 100_000) == .milliseconds(800))
        let meeting = UUID()
        pacing.add(3_000, to: meeting)
        #expect(pacing.interval(for: meeting) == .milliseconds(500))
        #expect(pacing.interval(for: UUID()) == .milliseconds(250), "another meeting's room is its own")
        pacing.add(-3_000, to: meeting)
        #expect(pacing.viewers(of: meeting) == 0)
        #expect(pacing.interval(for: meeting) == .milliseconds(250))
    }
}
