/// How far apart the hosts' recomputations of a watched meeting are: at least `interval` (100 ms),
/// and, while changes keep coming, far enough apart that recomputing the meeting takes at most
/// 1/`costShare` of the time — and so of a core — whatever the load (docs/decisions/0079).
///
/// Why: 200 dashboards cost their meeting one recomputation per 100 ms however many watch, and at
/// a million responses under 64 submitting connections that recomputation was the whole cost
/// (issue 52: one host's stream cost the submissions 4.5 to 14.9 %, 200 of them 7.5 to 12.9 %;
/// measured per recomputation, 2.5 ms of the server's CPU and 6.2 ms of PostgreSQL's).
/// A recomputation's duration measures its cost with nothing counted: it is at least the CPU it
/// used, the server's and PostgreSQL's in turn, and it grows when the machine is busy — when the
/// submissions need the cores.
///
/// The rule is an account: each recomputation owes `costShare` × its duration, paid back at one
/// second a second; the next may start once what is owed is at most `allowance`. Over any stretch
/// of time T of a stream of changes the recomputations then take at most (T + `allowance`) /
/// `costShare` plus the last one; a stream of submissions is spaced to `costShare` × their
/// duration. A change that finds the meeting quiet — nothing recomputing or waiting, `interval`
/// past since the last start — owes nothing (``LiveResultsHub`` forgives the account) and is
/// recomputed at once, as with the interval alone: a submission now and then reaches the
/// dashboards as fast as before. `longest` bounds the wait, so an answer still reaches the
/// dashboards within it (the share then exceeds 1/`costShare` only for recomputations longer than
/// `longest` / `costShare`).
public struct HostPacing: Sendable, Equatable {
    public let interval: Duration
    public let costShare: Int
    public let allowance: Duration
    public let longest: Duration

    public init(
        interval: Duration = .milliseconds(100), costShare: Int = 10, allowance: Duration = .milliseconds(500),
        longest: Duration = .seconds(1)
    ) {
        self.interval = interval
        self.costShare = max(1, costShare)
        self.allowance = max(.zero, allowance)
        self.longest = max(interval, longest)
    }

    /// What a pacing's recomputations owe (in time to wait), as of `at`.
    public struct Account: Sendable, Equatable {
        public var owed: Duration
        public var at: ContinuousClock.Instant

        /// What is still owed at `time`, having been paid back since `at`.
        func owed(at time: ContinuousClock.Instant) -> Duration {
            max(.zero, self.owed - (time - self.at))
        }
    }

    /// The account after a recomputation that took `duration` and ended at `end`.
    public func charge(_ account: Account?, duration: Duration, end: ContinuousClock.Instant) -> Account {
        Account(owed: (account?.owed(at: end) ?? .zero) + duration * self.costShare, at: end)
    }

    /// The earliest start of the next recomputation after one that started at `lastStart`, with
    /// `account` as it stands (nil: nothing measured yet). `now` is the moment of the change.
    public func next(
        after lastStart: ContinuousClock.Instant?, account: Account?, now: ContinuousClock.Instant
    ) -> ContinuousClock.Instant {
        let byInterval = (lastStart ?? now - self.interval) + self.interval
        guard let account, let lastStart else { return byInterval }
        // When what is owed is paid back down to the allowance; never later than `longest` after
        // the last start.
        let byCost = account.at + (account.owed - self.allowance)
        return max(byInterval, min(byCost, lastStart + self.longest))
    }
}
