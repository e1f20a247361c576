import Synchronization

/// A `Clock` whose time moves only when the test moves it (``advance(by:)``, ``advance(to:)``),
/// for code that waits on an injected clock: the results notifier's coalescing (`any
/// Clock<Duration>`) and the live hub's pacing (`LiveClock`, which DebriefActionsTests conforms
/// this clock to, with the hub's `settle` and `run`). The test sees a sleeper arrive
/// (``waitForSleepers(_:)``), checks what happened before its interval ended, then ends it.
/// However busy the machine, an interval is exactly as long as the test says, so the assertions
/// are counts, never wall-time bounds (issue 69, goal 6). Sleepers whose deadline is reached wake
/// in the order of their deadlines (then of their arrival).
///
/// Its instants are `ContinuousClock`'s (what `LiveClock` names): it starts at the continuous
/// clock's present, then keeps its own time.
public final class ManualClock: Clock, Sendable {
    public typealias Instant = ContinuousClock.Instant

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID = 0
        var sleepers: [Sleeper] = []
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<Int> = []
    }

    private let state: Mutex<State>

    public init() {
        self.state = Mutex(State(now: ContinuousClock.now))
    }

    public var now: Instant { self.state.withLock { $0.now } }
    public var minimumResolution: Swift.Duration { .zero }

    /// Tasks asleep on this clock now.
    public var sleepers: Int { self.state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until.
    public var nextDeadline: Instant? { self.state.withLock { $0.sleepers.map(\.deadline).min() } }

    public func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
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

    /// Moves time on by `duration` and wakes the sleepers it reaches, earliest first.
    public func advance(by duration: Swift.Duration) {
        self.advance(to: self.now.advanced(by: duration))
    }

    /// Moves time on to `instant` (never back) and wakes the sleepers it reaches, earliest first.
    public func advance(to instant: Instant) {
        let woken: [Sleeper] = self.state.withLock { state in
            state.now = max(state.now, instant)
            let now = state.now
            let woken = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return woken.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits until `count` tasks sleep on this clock: an event that must happen, so the wait is
    /// bounded only to end a broken run (two minutes of polling), never to judge the code's speed.
    public func waitForSleepers(_ count: Int) async throws {
        for _ in 0..<12_000 {
            if self.sleepers == count { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Timeout(what: "\(count) sleepers on the manual clock (\(self.sleepers) now)")
    }

    public struct Timeout: Error, CustomStringConvertible {
        let what: String
        public var description: String { "never came: \(self.what)" }
    }
}
