import Foundation
import Logging
import PQ

/// Where reads that tolerate a bounded lag go (filtered results, trends, exports): the standby
/// (`--replica-url`) when it is reachable, lags less than `maxLag`, and has replayed past the
/// reader's own last write; else the primary (docs/decisions/0031-replica-reads.md).
///
/// The reader's last write arrives as a task-local (``readerLastWrite``), set by the
/// authentication middleware (``lastWrite(of:)``), so the stores need no extra parameter.
//
// `@unchecked Sendable`: `status` and `history` are only touched while `lock` is held.
public final class ReadReplica: @unchecked Sendable {
    /// The WAL position of the current reader's last write, if any (see ``AccountStore``).
    @TaskLocal public static var readerLastWrite: LSN?

    public let primary: Database
    let replica: Database?
    let maxLag: Duration
    private let lock = NSLock()
    private var status = Status(replayed: nil, lag: nil)
    /// The primary's WAL position at recent instants, oldest first, to turn the standby's replay
    /// position into a lag in time.
    private var history: [(at: ContinuousClock.Instant, lsn: LSN)] = []

    /// What the last check saw: `replayed` nil when the standby is unreachable or not a standby.
    public struct Status: Sendable, Equatable {
        public var replayed: LSN?
        public var lag: Duration?
    }

    public init(primary: Database, replica: Database?, maxLag: Duration = .seconds(5)) {
        self.primary = primary
        self.replica = replica
        self.maxLag = maxLag
    }

    /// Only the primary: reads go there and nothing is checked.
    public static func primaryOnly(_ database: Database) -> ReadReplica {
        ReadReplica(primary: database, replica: nil)
    }

    public var hasReplica: Bool { self.replica != nil }

    public var currentStatus: Status { self.lock.withLock { self.status } }

    /// The database for a lag-tolerant read by the current task's reader.
    public func database() -> Database {
        guard let replica = self.replica else { return self.primary }
        let status = self.currentStatus
        guard let replayed = status.replayed, let lag = status.lag, lag <= self.maxLag else { return self.primary }
        if let wrote = Self.readerLastWrite, replayed < wrote { return self.primary }
        return replica
    }

    /// Polls both servers once: the primary's WAL position and the standby's replay position.
    /// A standby that answers nothing, or is no longer in recovery (promoted), is not used.
    public func refresh(now: ContinuousClock.Instant = .now) async {
        guard let replica = self.replica else { return }
        let current = try? await self.primary.query("SELECT pg_current_wal_lsn()::text AS lsn").first
            .flatMap { LSN(try $0.decode("lsn", as: String.self)) }
        // A promoted standby is no longer one: its replay position stands still, so say nil.
        let replayed = try? await replica.query(
            "SELECT CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn()::text END AS lsn").first
            .flatMap { row in try row.decode("lsn", as: String?.self).flatMap(LSN.init) }
        self.lock.withLock {
            if let current {
                self.history.append((now, current))
                self.history.removeAll { now - $0.at > .seconds(120) }
            }
            self.status = Status(replayed: replayed, lag: replayed.flatMap { self.lag(replayed: $0, now: now) })
        }
    }

    /// How long ago the primary was where the standby is now: zero when it has replayed the
    /// newest position seen; nil when it is behind everything remembered. Called with the lock held.
    private func lag(replayed: LSN, now: ContinuousClock.Instant) -> Duration? {
        guard let newest = self.history.last else { return nil }
        if replayed >= newest.lsn { return .zero }
        // The newest instant at which the primary had not gone past the replayed position: the
        // standby is at least as fresh as the primary was then.
        guard let caughtUp = self.history.last(where: { $0.lsn <= replayed }) else { return nil }
        return now - caughtUp.at
    }

    /// Where `account`'s last write ended, read on the primary at the start of each of its
    /// requests: a cached token check (``TokenCache``) could be older than a write the account
    /// just made through another instance. Nil without a standby (nothing needs it).
    public func lastWrite(of account: UUID) async throws -> LSN? {
        guard self.replica != nil else { return nil }
        return try await self.primary.query("SELECT last_write_lsn::text AS lsn FROM accounts WHERE id = \(account)").first
            .flatMap { row in try row.decode("lsn", as: String?.self).flatMap(LSN.init) }
    }

    /// Records that `account` just wrote: its reads wait for the standby to replay past here.
    public func recordWrite(account: UUID) async throws {
        guard self.replica != nil else { return }
        try await self.primary.execute("UPDATE accounts SET last_write_lsn = pg_current_wal_lsn() WHERE id = \(account)")
    }
}
