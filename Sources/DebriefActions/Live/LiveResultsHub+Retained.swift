/// What the hub holds and has done, for tests (and for what they wait on).
extension LiveResultsHub {
    /// What the hub keeps now, for tests: nothing is kept for a meeting nobody watches.
    public struct Retained: Sendable, Equatable {
        public var streams: Int
        /// Meetings and audiences watched (a meeting watched by hosts and participants is two).
        public var meetings: Int
        public var flushTimes: Int
        public var scheduled: Int
        /// Hosts' pacings' accounts of their recomputations' cost (``HostPacing``).
        public var accounts: Int

        public init(streams: Int, meetings: Int, flushTimes: Int, scheduled: Int, accounts: Int = 0) {
            self.streams = streams
            self.meetings = meetings
            self.flushTimes = flushTimes
            self.scheduled = scheduled
            self.accounts = accounts
        }
    }

    public var retained: Retained {
        Retained(
            streams: self.subscribers.values.reduce(0) { $0 + $1.count }, meetings: self.subscribers.count,
            flushTimes: self.lastFlush.count, scheduled: self.scheduled.count, accounts: self.accounts.count)
    }

    /// Snapshots kept for new watchers (one per watched channel at most; none when nobody watches).
    public var retainedSnapshots: Int { self.latest.count }

    /// Snapshots encoded so far: one per recomputation, however many streams receive it.
    public var snapshotCount: Int { self.snapshotsBuilt }

    /// Recomputations finished so far (sent or not), for tests that wait for one.
    public var recomputationCount: Int { self.recomputations }

    /// Recomputations due (scheduled, not waiting behind their pacing's running one) or under
    /// way. On a clock that only a test moves, each of them ends up asleep on that clock once
    /// nothing else can run: when the clock's sleepers are as many, the hub has done all that this
    /// instant allows, and the test may move time on (or check what happened).
    public var pendingRecomputations: Int { self.scheduled.count - self.deferred.count + self.flushing }
}
