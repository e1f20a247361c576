import Synchronization

/// One watcher's live events (``LiveResultsHub/subscribe(to:audience:account:)``), and the flag
/// that makes its reader check its access before it writes anything more.
///
/// Why a flag besides the ``LiveEvent/accessCheck`` event: the stream keeps only its two newest
/// events, so a check yielded to a reader that is behind can be pushed out by two snapshots after
/// it — and a revoked viewer would watch on until its next periodic check. The flag cannot be
/// pushed out: the event only wakes the reader, and whichever event it takes next finds the flag
/// raised (``takeAccessCheck()``). One task per stream then reads the hub's events directly,
/// with no second stream merging them with the checks' timer (issue 37: each event cost every
/// host's stream one more task switch).
public struct LiveSubscription: AsyncSequence, Sendable {
    public typealias Element = LiveEvent

    private let events: AsyncStream<LiveEvent>
    /// What the hub keeps of the subscription: never the stream itself, whose reader dropping it
    /// ends it (and with it the hub's entry).
    let access: AccessCheck

    init(_ events: AsyncStream<LiveEvent>, _ continuation: AsyncStream<LiveEvent>.Continuation) {
        self.events = events
        self.access = AccessCheck(continuation)
    }

    public func makeAsyncIterator() -> AsyncStream<LiveEvent>.Iterator {
        self.events.makeAsyncIterator()
    }

    /// The watcher must check that it may still watch before its next write: its account or
    /// shares changed, or its periodic check is due (a token expiring sends no notification).
    public func checkAccess() {
        self.access.raise()
    }

    /// Whether a check is due, lowering the flag: the reader asks this for every event it takes.
    public func takeAccessCheck() -> Bool {
        self.access.take()
    }

    /// The flag, and the stream's continuation to wake the reader with.
    final class AccessCheck: Sendable {
        private let due = Atomic(false)
        private let continuation: AsyncStream<LiveEvent>.Continuation

        init(_ continuation: AsyncStream<LiveEvent>.Continuation) {
            self.continuation = continuation
        }

        func raise() {
            self.due.store(true, ordering: .releasing)
            self.continuation.yield(.accessCheck)
        }

        func take() -> Bool {
            self.due.exchange(false, ordering: .acquiringAndReleasing)
        }
    }
}
