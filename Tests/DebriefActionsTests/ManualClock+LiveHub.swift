import DebriefActions
import DebriefTestSupport
import Testing

/// The test support's ``ManualClock`` as the live hub's ``LiveClock``: a hub on it recomputes at
/// the instants its pacing names, however busy the machine, and a test checks them exactly.
/// ``run(_:to:)`` stops at each deadline on the way, so each sleeper wakes at exactly its instant.
extension ManualClock: LiveClock {
    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await self.sleep(until: deadline, tolerance: nil)
    }

    /// Waits until `hub` has done everything the present instant allows: each recomputation it
    /// has due or under way sleeps on this clock (``LiveResultsHub/pendingRecomputations``).
    /// The sleepers are counted before and after the hub, so a sleep that began in between is not
    /// taken for a settled hub. The wait is bounded only so that a broken hub ends the test.
    func settle(_ hub: LiveResultsHub) async throws {
        for attempt in 0..<20_000 {
            let before = self.sleepers
            let pending = await hub.pendingRecomputations
            if pending == before, self.sleepers == before { return }
            if attempt < 100 { await Task.yield() } else { try await Task.sleep(for: .milliseconds(1)) }
        }
        Issue.record("the hub never settled: \(await hub.pendingRecomputations) recomputations pending, \(self.sleepers) asleep")
        throw CancellationError()
    }

    /// Moves time on to `instant`, stopping at every deadline on the way and letting `hub` settle
    /// there, so that each recomputation starts at exactly the instant it was due.
    func run(_ hub: LiveResultsHub, to instant: ContinuousClock.Instant) async throws {
        try await self.settle(hub)
        while let next = self.nextDeadline, next <= instant {
            self.advance(to: next)
            try await self.settle(hub)
        }
        self.advance(to: instant)
        try await self.settle(hub)
    }
}
