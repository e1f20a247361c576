import Foundation

/// The work of planning one series from a rule, counted in steps (one per period of the rule
/// and one per candidate day looked at), and the request's cancellation carried into the loop
/// that does it (docs/decisions/0040-calendar.md, "Bounded cost").
///
/// The count is what the tests assert on, never seconds; the cancellation is set by the HTTP
/// layer when the client hangs up or the request's task is cancelled, and every step checks it,
/// so a plan whose client has left stops within one step.
//
// `@unchecked Sendable` is safe because `counted` and `cancelled` are only touched while `lock`
// is held (the plan runs on a thread pool; the cancellation comes from an event loop).
public final class ExpansionBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var counted = 0
    private var cancelled = false
    /// Tests only: a step past this many throws ``Exceeded``, so a test of an unbounded
    /// expansion fails at once instead of running for minutes.
    private let stopAfter: Int?

    /// Thrown by ``step()`` past `stopAfter` (tests only).
    public struct Exceeded: Error, Equatable {
        public var steps: Int
    }

    public init(stopAfter: Int? = nil) {
        self.stopAfter = stopAfter
    }

    /// Steps taken so far.
    public var steps: Int { self.lock.withLock { self.counted } }

    public var isCancelled: Bool { self.lock.withLock { self.cancelled } }

    /// The client has gone (or the task was cancelled): the next step throws `CancellationError`.
    public func cancel() {
        self.lock.withLock { self.cancelled = true }
    }

    /// One step of work; throws `CancellationError` once cancelled. A lock per step is cheap next
    /// to the calendar arithmetic a step does.
    public func step() throws {
        let (steps, cancelled) = self.lock.withLock {
            self.counted += 1
            return (self.counted, self.cancelled)
        }
        if cancelled { throw CancellationError() }
        if let stopAfter = self.stopAfter, steps > stopAfter { throw Exceeded(steps: steps) }
    }
}
