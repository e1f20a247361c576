import DebriefActions
import Synchronization
import Testing

/// A ``LiveClock`` whose time moves only when the test moves it (``advance(to:)``): a hub on it
/// recomputes at the instants its pacing names, however busy the machine, and a test checks them
/// exactly. Sleepers whose deadline is reached wake in the order of their deadlines (then of their
/// arrival); ``run(_:to:)`` stops at each deadline on the way, so each wakes at exactly its instant.
final class ManualLiveClock: LiveClock {
    private struct Sleeper {
        let id: Int
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: ContinuousClock.Instant
        var nextID = 0
        var sleepers: [Sleeper] = []
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<Int> = []
    }

    private let state: Mutex<State>

    /// Starts at the continuous clock's present, then keeps its own time.
    init() {
        self.state = Mutex(State(now: ContinuousClock.now))
    }

    var now: ContinuousClock.Instant { self.state.withLock { $0.now } }

    /// Tasks asleep on this clock now.
    var sleepers: Int { self.state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until.
    var nextDeadline: ContinuousClock.Instant? { self.state.withLock { $0.sleepers.map(\.deadline).min() } }

    func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = self.state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = self.state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = self.state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on to `instant` (never back) and wakes the sleepers it reaches, earliest first.
    func advance(to instant: ContinuousClock.Instant) {
        let woken: [Sleeper] = self.state.withLock { state in
            state.now = max(state.now, instant)
            let now = state.now
            let woken = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return woken.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    func advance(by duration: Duration) {
        self.advance(to: self.now + duration)
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
