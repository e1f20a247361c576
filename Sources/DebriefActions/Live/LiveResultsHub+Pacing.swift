import Debrief
import Foundation

/// When the recomputations run: a change schedules one per watched audience at its pacing's next
/// moment (``HostPacing``, ``RoomPacing``), the hosts' changes that arrive while their pacing
/// recomputes wait for its end, and each recomputation's snapshot goes to the channel's streams.
extension LiveResultsHub {
    /// Something about `meeting` changed: schedule one recomputation per watched audience if none
    /// is pending.
    public func changed(_ meeting: UUID) {
        self.forgiveIfQuiet(meeting)
        self.schedule(meeting, LiveAudience.allCases)
    }

    /// Only `meeting`'s room changed (a question, a vote, a reaction, the room's settings: on
    /// ``DebriefStore/RoomEvents/channel``): only the audiences that carry the room's state
    /// (``LiveAudience/followsRoom``) are recomputed, never the hosts' results (issue 72).
    public func roomChanged(_ meeting: UUID) {
        self.schedule(meeting, LiveAudience.allCases.filter(\.followsRoom))
    }

    private func schedule(_ meeting: UUID, _ audiences: [LiveAudience]) {
        for audience in audiences {
            let channel = Channel(meeting: meeting, audience: audience)
            guard self.subscribers[channel] != nil, !self.scheduled.contains(channel) else { continue }
            self.scheduled.insert(channel)
            if !audience.isRoom, self.computing[channel.pacing] != nil {
                self.deferred.insert(channel)
                continue
            }
            self.dueContinuation.yield((channel, self.due(channel)))
        }
    }

    /// A change that finds the hosts' pacing of `meeting` quiet — nothing recomputing or waiting,
    /// and the interval past since the last start — owes nothing: the account spaces a stream of
    /// changes (under submissions, one notification every 50 ms, each finding a recomputation
    /// running or waiting), not a change now and then, which is recomputed at once as before.
    func forgiveIfQuiet(_ meeting: UUID) {
        let pacing = Channel(meeting: meeting, audience: .hosts)
        guard self.accounts[pacing] != nil, self.computing[pacing] == nil, let last = self.lastFlush[pacing],
            self.clock.now - last >= self.hostPacing.interval,
            !self.scheduled.contains(pacing), !self.scheduled.contains(Channel(meeting: meeting, audience: .hostCounts))
        else { return }
        self.accounts[pacing] = nil
    }

    /// When `channel`'s next recomputation may start: its pacing's interval after the last.
    func due(_ channel: Channel) -> ContinuousClock.Instant {
        let (last, now) = (self.lastFlush[channel.pacing], self.clock.now)
        guard channel.audience.isRoom else {
            return self.hostPacing.next(after: last, account: self.accounts[channel.pacing], now: now)
        }
        let interval = self.participantPacing.interval(for: channel.meeting)
        return (last ?? now - interval) + interval
    }

    /// A hosts' recomputation of `channel` ended: once its pacing has none left under way, its
    /// account is charged with the time since they began (one computation of the shared report
    /// served both views), and the channels changed meanwhile are due when the account allows.
    func recomputed(_ channel: Channel) {
        let pacing = channel.pacing
        let left = (self.computing[pacing] ?? 1) - 1
        self.computing[pacing] = left > 0 ? left : nil
        guard left <= 0 else { return }
        // Kept only while the pacing is (its last stream may have ended meanwhile).
        if let started = self.lastFlush[pacing] {
            let now = self.clock.now
            self.accounts[pacing] = self.hostPacing.charge(self.accounts[pacing], duration: now - started, end: now)
        }
        for waiting in self.deferred where waiting.pacing == pacing {
            self.deferred.remove(waiting)
            self.dueContinuation.yield((waiting, self.due(waiting)))
        }
    }

    /// Notifications may have been missed (the listener reconnected): refresh every watched meeting.
    public func changedAll() {
        for meeting in Set(self.subscribers.keys.map(\.meeting)) { self.changed(meeting) }
    }

    /// Recomputes `channel` now (it is due) and gives the snapshot to its streams.
    func flush(_ channel: Channel) async {
        self.flushing += 1
        defer { self.flushing -= 1 }
        self.scheduled.remove(channel)
        // Nobody watches any more (the last stream ended while this was due): nothing to keep.
        guard self.subscribers[channel] != nil, let snapshot = self.snapshots[channel.audience] else { return }
        if channel.audience.isRoom {
            self.lastFlush[channel.pacing] = self.clock.now
        } else {
            // The hosts' two views, due together, make one round: timed from the first's start.
            if self.computing[channel.pacing] == nil { self.lastFlush[channel.pacing] = self.clock.now }
            self.computing[channel.pacing, default: 0] += 1
        }
        defer { if !channel.audience.isRoom { self.recomputed(channel) } }
        // A failed recomputation (the database away a moment) keeps the streams: the next change retries.
        let computed: Data?
        do {
            computed = try await snapshot(channel.meeting)
        } catch {
            return
        }
        self.recomputations += 1
        guard let json = computed, self.subscribers[channel] != nil else {
            if let reason = channel.audience.reasonWhenNothing { self.end(channel, reason: reason) }
            return
        }
        // Unchanged (a submission, or a change the room cannot see): nothing to tell.
        if channel.audience.sendsChangesOnly, self.latest[channel]?.json == json { return }
        let shared = self.built(json, channel.audience)
        self.latest[channel] = shared
        self.broadcast(.results(shared), to: channel)
    }
}
