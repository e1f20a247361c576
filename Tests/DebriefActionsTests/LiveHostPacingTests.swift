import DebriefActions
import DebriefTestSupport
import Foundation
import Synchronization
import Testing

/// The hosts' recomputations of a meeting take at most 1/k of the time (``HostPacing``): a stream
/// of changes spaces slow ones, a change now and then is recomputed at once, and the newest change
/// still arrives. The hub runs on a ``ManualClock``: a recomputation "takes 40 ms" by sleeping
/// 40 ms of the test's time, changes arrive at the instants the test names, and the checks are
/// exact instants and counts, which a busy machine cannot shift (before, the same checks on the
/// wall clock were loosened three times and still failed under the whole test command's load).
@Suite("Live results: the hosts' pacing")
struct LiveHostPacingTests {
    typealias Span = (start: ContinuousClock.Instant, end: ContinuousClock.Instant)

    /// When each recomputation started and ended, as the snapshot itself saw it.
    final class Spans: Sendable {
        let value = Mutex<[Span]>([])
        func add(_ span: Span) -> Int {
            self.value.withLock {
                $0.append(span)
                return $0.count
            }
        }
        var all: [Span] { self.value.withLock { $0 } }
        var count: Int { self.value.withLock { $0.count } }
    }

    /// A hub paced by `pacing` on `clock` whose every recomputation takes 40 ms of the clock's time
    /// and is recorded in `spans`; the subscription's first snapshot, outside the pacing, takes none.
    static func slowHub(_ pacing: HostPacing, _ clock: ManualClock, _ spans: Spans) -> LiveResultsHub {
        LiveResultsHub(hostPacing: pacing, clock: clock) { _ in
            let start = clock.now
            if spans.count > 0 { try await clock.sleep(until: start + .milliseconds(40)) }
            return Data("{\"n\":\(spans.add((start, clock.now)))}".utf8)
        }
    }

    /// The account alone: what a recomputation owes, how it is paid back, when the next may start.
    @Test func theAccountSpacesOnlyWhatItMust() {
        let pacing = HostPacing(interval: .milliseconds(100), costShare: 10, allowance: .milliseconds(500), longest: .seconds(1))
        let start = ContinuousClock.now
        #expect(pacing.next(after: nil, account: nil, now: start) == start, "nothing measured: at once")
        // 20 ms owes 200 ms: within the allowance, so only the interval counts.
        var account = pacing.charge(nil, duration: .milliseconds(20), end: start + .milliseconds(20))
        #expect(account.owed == .milliseconds(200))
        #expect(pacing.next(after: start, account: account, now: start + .milliseconds(30)) == start + .milliseconds(100))
        // Back to back, the allowance runs out: 740 ms owed at 80 ms, down to the 500 ms allowance 240 ms later.
        for round in 1...3 {
            let end = start + .milliseconds(20 * (round + 1))
            account = pacing.charge(account, duration: .milliseconds(20), end: end)
        }
        #expect(account.owed == .milliseconds(800) - .milliseconds(60))
        #expect(pacing.next(after: start + .milliseconds(60), account: account, now: start + .milliseconds(80)) == start + .milliseconds(320))
        // Paid back over a quiet second: the next change goes at once.
        let later = start + .seconds(2)
        #expect(pacing.next(after: start + .milliseconds(60), account: account, now: later) <= later)
        // A recomputation of 300 ms owes 3 s, but the next waits at most `longest` after its start.
        let slow = pacing.charge(nil, duration: .milliseconds(300), end: later + .milliseconds(300))
        #expect(pacing.next(after: later, account: slow, now: later + .milliseconds(400)) == later + .seconds(1))
    }

    /// Changes every 5 ms for 1.5 s while each recomputation takes 40 ms (owing 4 × 40 = 160 ms,
    /// 100 ms allowed): the first starts with the first change; the second once the 160 ms owed at
    /// 40 ms is down to the allowance (100 ms); from then on each 40 ms pays back 40 of the 60 ms
    /// left and adds 160, so they start 160 ms apart — a quarter of the time busy, where with the
    /// 20 ms interval alone they would run back to back. The burst's last change (1,495 ms) is
    /// recomputed by the one at 1,540 ms, whose count the stream's last event carries.
    @Test func aStreamOfChangesKeepsTheRecomputationsToTheirShare() async throws {
        let (clock, spans) = (ManualClock(), Spans())
        let pacing = HostPacing(interval: .milliseconds(20), costShare: 4, allowance: .milliseconds(100), longest: .seconds(2))
        let hub = Self.slowHub(pacing, clock, spans)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let burst = clock.now
        for change in 0..<300 {
            try await clock.run(hub, to: burst + .milliseconds(5 * change))
            await hub.changed(meeting)
        }
        try await clock.run(hub, to: burst + .seconds(4))
        // The first span is the subscription's, outside the pacing; the rest are the burst's.
        let paced = spans.all.dropFirst()
        let starts: [Double] = paced.map { ($0.start - burst) / .milliseconds(1) }
        let spaced: [Double] = (0...8).map { 260 + 160 * Double($0) }
        #expect(starts == [0, 100] + spaced, "starts (ms) \(starts)")
        #expect(paced.allSatisfy { $0.end - $0.start == .milliseconds(40) })
        await hub.finishAll()
        var seen = ""
        for await case .results(let snapshot) in events { seen = String(decoding: snapshot.json, as: UTF8.self) }
        #expect(seen == "{\"n\":12}")
    }

    /// A change now and then — each 150 ms after the last, past the recomputation (40 ms) and the
    /// interval — starts its recomputation at the very instant it arrives, though each owes
    /// 1,000 × 40 ms: the account spaces a stream of changes, not a quiet meeting's (a submission
    /// now and then, a freshness probe). A change that arrives while one runs is not forgiven: it
    /// waits exactly the 40 s owed from that recomputation's end.
    @Test func aChangeToAQuietMeetingIsRecomputedAtOnce() async throws {
        let (clock, spans) = (ManualClock(), Spans())
        let pacing = HostPacing(interval: .milliseconds(20), costShare: 1000, allowance: .zero, longest: .seconds(60))
        let hub = Self.slowHub(pacing, clock, spans)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let consumer = Task { for await _ in events {} }
        defer { consumer.cancel() }
        var change = clock.now
        for round in 1...5 {
            if round > 1 {
                try await clock.run(hub, to: change + .milliseconds(150))
                change = clock.now
            }
            await hub.changed(meeting)
            // A span is recorded as its recomputation ends, 40 ms after it began.
            try await clock.run(hub, to: change + .milliseconds(10))
            if round == 5 {
                // A change while the fifth runs: owed from its end, 1,000 × 40 ms (below the 60 s
                // `longest` after its start).
                await hub.changed(meeting)
            }
            try await clock.run(hub, to: change + .milliseconds(40))
            try #require(spans.count == 1 + round, "round \(round) was not recomputed when its change arrived")
            #expect(spans.all[round].start == change, "round \(round)")
        }
        let owed = change + .milliseconds(40) + .seconds(40)
        try await clock.run(hub, to: owed + .milliseconds(40))
        #expect(spans.count == 7 && spans.all.last?.start == owed, "\(spans.all.last.map { $0.start - change } ?? .zero)")
    }

    /// The pacing's account goes with the meeting's last host stream, as its flush time does.
    @Test func theAccountGoesWithTheLastStream() async throws {
        let clock = ManualClock()
        let hub = LiveResultsHub(hostPacing: HostPacing(interval: .milliseconds(5)), clock: clock) { _ in Data("{}".utf8) }
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let consumer = Task { for await _ in events {} }
        await hub.changed(meeting)
        try await clock.settle(hub)
        #expect(await hub.retained.accounts == 1)
        // The stream's end reaches the hub through a task of its own: waited for, not timed.
        consumer.cancel()
        let empty = LiveResultsHub.Retained(streams: 0, meetings: 0, flushTimes: 0, scheduled: 0)
        #expect(try await LiveResultsHubTests.eventually { await hub.retained == empty })
    }
}
