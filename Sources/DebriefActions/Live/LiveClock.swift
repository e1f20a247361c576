/// The time the live results' pacings read and wait on (``LiveResultsHub``): ``HostPacing``'s
/// account, ``RoomPacing``'s interval and the slow viewers' grace. The application's is
/// ``ContinuousLiveClock`` (`ContinuousClock`, as before there was a choice); a test gives the hub
/// one whose time moves only when the test moves it, so a pacing is checked at exact instants and
/// by counts, and a busy machine cannot make it late (issue 69, goal 6).
///
/// Why a protocol of two members and not `Clock`, nor pointfreeco/swift-clocks' `TestClock`:
/// instants stay `ContinuousClock.Instant`, so ``HostPacing`` and its account keep their types
/// and the hub needs no generic parameter; and a test must know when the hub has done everything
/// a moment of time allows before it moves time on. `TestClock.advance` guesses that with rounds
/// of `Task.yield()` (`megaYield`), which is the scheduler's speed again; the tests' manual clock
/// instead counts its sleepers against the hub's ``LiveResultsHub/pendingRecomputations``, which
/// needs nothing from a package — and a package costs every CI build its compile time.
public protocol LiveClock: Sendable {
    var now: ContinuousClock.Instant { get }

    /// Returns at `deadline` (at once if it has passed); throws `CancellationError` if the task is
    /// cancelled first.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

/// The application's live clock: `ContinuousClock`.
public struct ContinuousLiveClock: LiveClock {
    public init() {}

    public var now: ContinuousClock.Instant { ContinuousClock.now }

    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await Task.sleep(until: deadline, clock: .continuous)
    }
}

extension LiveClock where Self == ContinuousLiveClock {
    /// `ContinuousClock`: the application's.
    public static var continuous: ContinuousLiveClock { ContinuousLiveClock() }
}
