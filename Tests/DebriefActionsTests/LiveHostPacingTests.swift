import DebriefActions
import Foundation
import Synchronization
import Testing

/// The hosts' recomputations of a meeting take at most 1/k of the time (``HostPacing``): a stream
/// of changes spaces slow ones, a change now and then is recomputed at once, and the newest change
/// still arrives.
@Suite("Live results: the hosts' pacing")
struct LiveHostPacingTests {
    typealias Span = (start: ContinuousClock.Instant, end: ContinuousClock.Instant)

    /// When each recomputation started and ended, as the snapshot itself saw it.
    final class Spans: Sendable {
        let value = Mutex<[Span]>([])
        func add(_ start: ContinuousClock.Instant) -> Int {
            self.value.withLock {
                $0.append((start, .now))
                return $0.count
            }
        }
        var all: [Span] { self.value.withLock { $0 } }
    }

    /// A hub paced by `pacing` whose every recomputation takes 40 ms and is recorded in `spans`.
    static func slowHub(_ pacing: HostPacing, _ spans: Spans) -> LiveResultsHub {
        LiveResultsHub(hostPacing: pacing) { _ in
            let start = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(40))
            return Data("{\"n\":\(spans.add(start))}".utf8)
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

    /// Changes arriving without pause while each recomputation takes 40 ms: over the burst the
    /// recomputations take at most 1/4 of the time (plus the allowance and the last one), where
    /// with the 20 ms interval alone they would run back to back; and the last change is in the
    /// last event.
    @Test func aStreamOfChangesKeepsTheRecomputationsToTheirShare() async throws {
        let spans = Spans()
        let pacing = HostPacing(interval: .milliseconds(20), costShare: 4, allowance: .milliseconds(100), longest: .seconds(2))
        let hub = Self.slowHub(pacing, spans)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let burst = ContinuousClock.now
        var lastChange = burst
        while lastChange - burst < .milliseconds(1500) {
            await hub.changed(meeting)
            lastChange = .now
            try await Task.sleep(for: .milliseconds(5))
        }
        // The last change of the burst is recomputed too.
        #expect(try await LiveResultsHubTests.eventually { spans.all.last.map { $0.start > lastChange } == true })
        // The first is the subscription's, outside the pacing; the rest are the burst's.
        let paced = Array(spans.all.dropFirst())
        let first = try #require(paced.first), last = try #require(paced.last)
        let busy = paced.reduce(Duration.zero) { $0 + ($1.end - $1.start) }
        let longestOne = paced.map { $0.end - $0.start }.max() ?? .zero
        #expect(
            busy * 4 <= (last.start - first.start) + pacing.allowance + longestOne * 4,
            "\(paced.count) recomputations took \(busy) of \(last.start - first.start)")
        #expect(paced.count <= 14, "\(paced.count) recomputations")
        // Spaced, never stopped: each starts at most `longest` after the one before (plus the
        // hub's scheduling). How many fit in the burst depends on how long each took: under the
        // whole test command's load a 40 ms sleep took hundreds, and only two fitted (a fixed
        // "at least 3" failed there once); what each owes is its measured duration.
        let gaps = zip(paced, paced.dropFirst()).map { $1.start - $0.start }
        #expect(gaps.allSatisfy { $0 <= pacing.longest + .milliseconds(500) }, "gaps \(gaps)")
        await hub.finishAll()
        var seen = ""
        for await case .results(let snapshot) in events { seen = String(decoding: snapshot.json, as: UTF8.self) }
        #expect(seen == "{\"n\":\(spans.all.count)}")
    }

    /// A change now and then — each after the last recomputation ended and the interval passed —
    /// is recomputed at once, though each recomputation owes 1,000 × 40 ms: the account spaces a
    /// stream of changes, not a quiet meeting's (a submission now and then, a freshness probe).
    /// Unforgiven, each would wait at least 40 s (and `eventually` gives up after 10); the bound of
    /// 5 s is the machine's scheduling room. Under the whole test command's load a forgiven change
    /// waited up to 1.18 s (a bound of 1 s against 4 s owed failed there once, as 150 ms against
    /// 400 ms had before).
    @Test func aChangeToAQuietMeetingIsRecomputedAtOnce() async throws {
        let spans = Spans()
        let pacing = HostPacing(interval: .milliseconds(20), costShare: 1000, allowance: .zero, longest: .seconds(60))
        let hub = Self.slowHub(pacing, spans)
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let consumer = Task { for await _ in events {} }
        defer { consumer.cancel() }
        var waits: [Duration] = []
        for round in 1...5 {
            let change = ContinuousClock.now
            await hub.changed(meeting)
            try #require(try await LiveResultsHubTests.eventually { spans.all.count > round }, "round \(round) never recomputed")
            waits.append(spans.all[round].start - change)
            // Past the recomputation and the interval, well within the 40 s it owes.
            try await Task.sleep(for: .milliseconds(150))
        }
        #expect(waits.allSatisfy { $0 < .seconds(5) }, "\(waits)")
    }

    /// The pacing's account goes with the meeting's last host stream, as its flush time does.
    @Test func theAccountGoesWithTheLastStream() async throws {
        let hub = LiveResultsHub(hostPacing: HostPacing(interval: .milliseconds(5))) { _ in Data("{}".utf8) }
        let running = Task { try await hub.run() }
        defer { running.cancel() }
        let meeting = UUID()
        let events = try await hub.subscribe(to: meeting)
        let consumer = Task { for await _ in events {} }
        await hub.changed(meeting)
        #expect(try await LiveResultsHubTests.eventually { await hub.retained.accounts == 1 })
        consumer.cancel()
        let empty = LiveResultsHub.Retained(streams: 0, meetings: 0, flushTimes: 0, scheduled: 0)
        #expect(try await LiveResultsHubTests.eventually { await hub.retained == empty })
    }
}
