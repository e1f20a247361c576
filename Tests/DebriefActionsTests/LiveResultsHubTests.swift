import Debrief
import DebriefActions
import DebriefTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Live results coalescing")
struct LiveResultsHubTests {
    final class Counter: Sendable {
        let value = Mutex(0)
        func increment() -> Int { self.value.withLock { $0 += 1; return $0 } }
        var current: Int { self.value.withLock { $0 } }
    }

    /// A thousand changes in one second (one a millisecond, on the hub's clock) with a 300 ms
    /// interval: recomputed at the first change, then at 300, 600 and 900 ms, and once more at
    /// 1,200 ms for the changes after 900 — five snapshots besides the subscription's.
    @Test func aBurstOfChangesCostsAFewSnapshots() async throws {
        let clock = ManualClock()
        let starts = Mutex<[ContinuousClock.Instant]>([])
        let hub = LiveResultsHub(hostPacing: HostPacing(interval: .milliseconds(300)), clock: clock) { _ in
            Data("{\"n\":\(starts.withLock { $0.append(clock.now); return $0.count })}".utf8)
        }
        // The hub recomputes inside its service's run(), as in the application.
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let burst = clock.now
        for change in 0..<1000 {
            try await clock.run(hub, to: burst + .milliseconds(change))
            await hub.changed(meeting)
        }
        try await clock.run(hub, to: burst + .seconds(3))
        let paced: [Double] = starts.withLock { $0 }.dropFirst().map { ($0 - burst) / .milliseconds(1) }
        #expect(paced == [0, 300, 600, 900, 1200], "recomputed at (ms) \(paced)")
        #expect(await hub.snapshotCount == 6)
        // The watcher received the latest snapshot.
        await hub.finishAll()
        var last = ""
        for await event in events {
            if case .results(let snapshot) = event { last = String(decoding: snapshot.json, as: UTF8.self) }
        }
        #expect(last == "{\"n\":6}")
    }

    /// The hosts' two views are two channels on one pacing: a change recomputes each one
    /// watched, and a channel nobody watches (here the counts, until their watcher joins) costs
    /// nothing.
    @Test func theHostsCountsAreAChannelOfTheirOwn() async throws {
        let (reports, counts) = (Counter(), Counter())
        let hub = LiveResultsHub(
            hostPacing: HostPacing(interval: .milliseconds(10)), snapshot: { _ in Data("{\"report\":\(reports.increment())}".utf8) },
            countsSnapshot: { _ in Data("{\"counts\":\(counts.increment())}".utf8) })
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let full = try await hub.subscribe(to: meeting, audience: .hosts)
        await hub.changed(meeting)
        #expect(try await Self.eventually { reports.current == 2 })
        #expect(counts.current == 0, "nobody watches the counts yet")
        let compact = try await hub.subscribe(to: meeting, audience: .hostCounts)
        await hub.changed(meeting)
        #expect(try await Self.eventually { reports.current == 3 && counts.current == 2 })
        // One pacing for the hosts' two views: due together, one computation of the shared report
        // serves both.
        let retained = await hub.retained
        #expect(retained.meetings == 2 && retained.flushTimes == 1, "\(retained)")
        await hub.finishAll()
        var (fullEvents, compactEvents): ([String], [String]) = ([], [])
        for await case .results(let snapshot) in full { fullEvents.append(String(decoding: snapshot.json, as: UTF8.self)) }
        for await case .results(let snapshot) in compact { compactEvents.append(String(decoding: snapshot.json, as: UTF8.self)) }
        #expect(fullEvents.last == "{\"report\":3}" && compactEvents == ["{\"counts\":1}", "{\"counts\":2}"])
    }

    @Test func changesToUnwatchedMeetingsCostNothing() async throws {
        let computed = Counter()
        let clock = ManualClock()
        let hub = LiveResultsHub(hostPacing: HostPacing(interval: .milliseconds(10)), clock: clock) { _ in
            _ = computed.increment()
            return Data("{}".utf8)
        }
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        for _ in 0..<100 { await hub.changed(UUID()) }
        try await clock.run(hub, to: clock.now + .seconds(1))
        #expect(computed.current == 0)
        #expect(await hub.pendingRecomputations == 0 && clock.sleepers == 0)
    }

    /// The message every stream writes is one Server-Sent Event whose single data line is the
    /// report's JSON, line breaks inside its texts included (they are escaped, never raw).
    @Test func aSnapshotsMessageIsOneEventWithTheJSONAsItsDataLine() throws {
        let json = try JSONCoding.encoder.encode(["text": "two\nlines 한국어 \"quoted\""])
        let message = String(decoding: LiveSnapshot(id: 42, json: json).message, as: UTF8.self)
        #expect(message.hasSuffix("\n\n"))
        let lines = message.dropLast(2).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "id: 42")
        #expect(lines.dropFirst().first == "event: results")
        #expect(lines.last.map { Data($0.dropFirst("data: ".count).utf8) } == json)
    }

    /// Waits (polling, bounded only so a failure ends the test: two minutes, which a busy
    /// machine's delays cannot reach) until `done` holds.
    static func eventually(_ done: () async -> Bool) async throws -> Bool {
        for _ in 0..<6_000 {
            if await done() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return await done()
    }

    /// Streams that ended leave nothing behind in the hub: no subscriber, no meeting entry, no
    /// flush time — also when a recomputation was due as the last stream ended (seen: memory
    /// taken by thousands of streams stayed after they closed).
    @Test func endedStreamsLeaveNoStateBehind() async throws {
        let hub = LiveResultsHub(
            hostPacing: HostPacing(interval: .milliseconds(50)), snapshot: { _ in Data("{}".utf8) }, countsSnapshot: { _ in Data("{}".utf8) })
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meetings = [UUID(), UUID(), UUID()]
        var consumers: [Task<Void, Never>] = []
        for index in 0..<300 {
            // Both hosts' views, which share their pacing's time: it goes with the last of them.
            let audience: LiveAudience = index % 2 == 0 ? .hosts : .hostCounts
            let events = try await hub.subscribe(to: meetings[index % 3], audience: audience, account: UUID())
            consumers.append(Task { for await _ in events {} })
        }
        // Some streams were never read at all: dropped as they were.
        for index in 0..<30 { _ = try await hub.subscribe(to: meetings[index % 3], account: UUID()) }
        #expect(try await Self.eventually { await hub.retained.streams == 300 })
        for meeting in meetings { await hub.changed(meeting) }
        for consumer in consumers { consumer.cancel() }
        let empty = LiveResultsHub.Retained(streams: 0, meetings: 0, flushTimes: 0, scheduled: 0)
        let emptied = try await Self.eventually { await hub.retained == empty }
        let retained = await hub.retained
        #expect(emptied, "\(retained)")
        #expect(await hub.subscriberCount == 0)
    }

    /// A change to an account reaches that account's streams only, as an access check.
    @Test func anAccountsChangeAsksOnlyItsStreamsToCheckAccess() async throws {
        let hub = LiveResultsHub { _ in nil }
        let meeting = UUID()
        let (viewer, other) = (UUID(), UUID())
        let viewers = try await hub.subscribe(to: meeting, account: viewer)
        let others = try await hub.subscribe(to: meeting, account: other)
        await hub.accessChanged(account: viewer)
        await hub.finishAll()
        var seen: [String] = []
        for await event in viewers { if case .accessCheck = event { seen.append("viewer") } }
        for await event in others { if case .accessCheck = event { seen.append("other") } }
        #expect(seen == ["viewer"])
        #expect(viewers.takeAccessCheck() && !others.takeAccessCheck())
    }

    /// A stream keeps its two newest events: a check asked of a viewer who is behind is pushed
    /// out by the two snapshots after it, and the viewer still checks before it writes them.
    @Test func aCheckPushedOutByNewerSnapshotsIsStillDue() async throws {
        let computed = Counter()
        let hub = LiveResultsHub(hostPacing: HostPacing(interval: .milliseconds(1))) { _ in Data("{\"n\":\(computed.increment())}".utf8) }
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let viewer = UUID()
        let events = try await hub.subscribe(to: meeting, account: viewer)
        var reader = events.makeAsyncIterator()
        guard case .results = await reader.next() else { Issue.record("no first snapshot"); return }
        await hub.accessChanged(account: viewer)
        // The hub counts a snapshot and gives it to its watchers in one turn of the actor, so once
        // it counts three (the first and two changes), both are in the stream.
        for expected in 2...3 {
            await hub.changed(meeting)
            while await hub.snapshotCount < expected { try await Task.sleep(for: .milliseconds(5)) }
        }
        var taken: [String] = []
        for _ in 0..<2 {
            switch await reader.next() {
            case .results: taken.append("results")
            case .accessCheck: taken.append("check")
            default: taken.append("other")
            }
        }
        #expect(taken == ["results", "results"], "the check event was pushed out")
        #expect(events.takeAccessCheck(), "the check is still due")
        #expect(!events.takeAccessCheck(), "and taken once")
    }
}
