import Debrief
import DebriefStore
import Foundation
import Metrics
import PQ
import Synchronization

/// A meeting's unfiltered results as every reader and live viewer on this instance shares them:
/// assembled once per change, and encoded once per change if anybody reads the JSON.
public struct SharedReport: Sendable {
    public let meeting: Meeting
    public let form: StoredForm
    public let report: ResultsReport
    /// A strong validator of ``json()`` (quoted, as the `ETag` header carries it).
    public let etag: String
    /// Shared by the copies of this report, so that they encode it once between them.
    private let encoded = EncodedJSON()

    init(meeting: Meeting, form: StoredForm, report: ResultsReport, etag: String) {
        self.meeting = meeting
        self.form = form
        self.report = report
        self.etag = etag
    }

    /// Whether ``json()`` was asked for: ``SharedResults`` then encodes the meeting's next report
    /// as soon as it is computed.
    var isEncoded: Bool {
        self.encoded.value.withLock { $0 != nil }
    }

    /// The report as the JSON API sends it (``JSONCoding``): encoded by the first caller, the
    /// same bytes for every later one.
    ///
    /// Why not at once: what the dashboards read of a busy meeting, ten times a second, is the
    /// report itself (their counts, their panel); encoding its 37 KB or more each time cost
    /// about a tenth of the server's CPU for bytes nobody read (issue 37, `perf` of one host's
    /// stream under 64 submitting connections). Once somebody reads the JSON of a meeting's
    /// report, the next ones are encoded as they are computed, as before (a read that waited
    /// for the encoding added milliseconds to the results reads' p99).
    public func json() throws -> Data {
        try self.encoded.value.withLock { encoded in
            if let encoded { return encoded }
            let json = try JSONCoding.encoder.encode(self.report)
            encoded = json
            return json
        }
    }

    private final class EncodedJSON: Sendable {
        let value = Mutex<Data?>(nil)
    }

    /// Whether `viewer` may read these results without asking the database: the meeting's host,
    /// or an admin (the store's rule, `SQLQuery.visible(to:)`, applied to the meeting read with
    /// them). Co-hosts are not known here: ``ResultsActions`` asks the store for them.
    public func isVisible(to viewer: Viewer) -> Bool {
        viewer.isAdmin || viewer.accountID == self.meeting.hostID
    }
}

/// The unfiltered reports of the meetings read on this instance, each computed once per change
/// and served from memory until the next (docs/decisions/0019).
///
/// - **When it changes**: ``changed(_:)`` is called synchronously when a write commits on this
///   instance (before the writer is answered), and when a `NOTIFY` from any instance arrives
///   (``ChangeListener``); ``changedAll()`` when notifications may have been missed.
///   Every change advances one counter (`clock`); a report remembers the counter's value from
///   before its database snapshot was taken.
/// - **Read-your-writes**: a ``Freshness/everyChange`` read (the live stream, webhooks) needs a
///   report based on the counter's value at the moment the read began, so it includes every
///   change committed on this instance before it. Reads that arrive while a computation runs
///   share it if it is new enough, otherwise the next one: one computation at a time per
///   meeting, however many readers wait.
/// - **Hosts' reads** (``Freshness/hostChanges(participantsWithin:)``) need every host change
///   committed before them, but not every participant's submission: the host made none of those,
///   so a report whose computation began at most the given staleness ago is served at once, and
///   the next computation starts in the background. While submissions arrive every millisecond,
///   a host's read then runs no results query instead of waiting for a computation.
/// - **Freshness across instances**: changes on other instances arrive by `NOTIFY`; a report is
///   also recomputed when older than `maxAge`, which bounds what no notification announces
///   (a missed notification, a form's `closesAt` passing).
/// - **Authorization** is checked on every read: in memory for the host and admins, against the
///   meeting read in the same snapshot (``SharedReport/isVisible(to:)``); in the database for
///   co-hosts, whose shares can be revoked at any moment.
//
// `@unchecked Sendable` is safe because every stored property is only touched under `lock`.
public final class SharedResults: @unchecked Sendable {
    public typealias Compute = @Sendable (UUID) async throws -> ResultsCounts?

    /// How new a report a read needs.
    public enum Freshness: Sendable, Equatable {
        /// Every change committed on this instance before the read began.
        case everyChange
        /// Every host change committed on this instance before the read began, and every
        /// participant submission committed more than `staleness` before it.
        case hostChanges(participantsWithin: Duration)
    }

    /// A report and the counter value it is based on.
    private struct Entry {
        let shared: SharedReport
        let basedOn: UInt64
        /// When its computation began: it includes every change committed before then.
        let began: ContinuousClock.Instant
        let expires: ContinuousClock.Instant
    }

    private struct Waiter {
        let needs: UInt64
        /// The earliest a computation serving it may have begun: a host's read is served by the
        /// computation in flight when that began within the staleness bound of the read (issue
        /// 37: waiting for the one after it doubled the tail under a stream of submissions).
        let notBefore: ContinuousClock.Instant?
        let continuation: CheckedContinuation<SharedReport?, any Error>

        func isServed(basedOn: UInt64, began: ContinuousClock.Instant) -> Bool {
            basedOn >= self.needs && self.notBefore.map { began >= $0 } ?? true
        }
    }

    private let compute: Compute
    private let maxAge: Duration
    private let capacity: Int
    private let instance = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    /// The computations running for readers who wait (held, never forgotten).
    let workers = BackgroundTasks()
    private let lock = NSLock()
    private var clock: UInt64 = 1
    private var allChangedAt: UInt64 = 0
    /// The counter value of each cached or computing meeting's last change, and of its last host change.
    private var changedAt: [UUID: UInt64] = [:]
    private var hostChangedAt: [UUID: UInt64] = [:]
    private var entries: [UUID: Entry] = [:]
    private var waiting: [UUID: [Waiter]] = [:]
    private var computing: Set<UUID> = []
    private var computations = 0
    private var generation: UInt64 = 0
    /// `debrief_results_computation_seconds`: how long each computation took, reading and
    /// assembling (its count is the number of computations: what a watched meeting costs).
    private let duration: Timer

    /// `compute` reads the counts of a meeting's latest published form for any viewer (nil: the
    /// meeting has none yet); `maxAge` bounds how long a report is served with no change heard.
    public init(
        maxAge: Duration = .seconds(2), capacity: Int = 10_000, metrics: any MetricsFactory = MetricsSystem.factory,
        compute: @escaping Compute
    ) {
        self.compute = compute
        self.maxAge = maxAge
        self.capacity = max(1, capacity)
        self.duration = Timer(label: "debrief_results_computation_seconds", factory: metrics)
    }

    /// The meeting's current report, or nil when it has no published form; computed only when
    /// something changed since the last one that `freshness` asks for. Authorization is the
    /// caller's (``SharedReport/isVisible(to:)``).
    func report(_ meeting: UUID, freshness: Freshness = .everyChange) async throws -> SharedReport? {
        try await withCheckedThrowingContinuation { continuation in
            let start: Bool = self.lock.withLock {
                let needs = max(self.changedAt[meeting] ?? 0, self.allChangedAt)
                if let entry = self.entries[meeting], entry.expires > .now {
                    if entry.basedOn >= needs {
                        continuation.resume(returning: entry.shared)
                        return false
                    }
                    if case .hostChanges(let staleness) = freshness,
                        entry.basedOn >= max(self.hostChangedAt[meeting] ?? 0, self.allChangedAt),
                        entry.began + staleness >= .now
                    {
                        // Only participants' submissions are missing, and none older than
                        // `staleness`: served now, and the next report computed for later reads.
                        continuation.resume(returning: entry.shared)
                        return self.computing.insert(meeting).inserted
                    }
                }
                // A computation that started after the meeting's last change serves this read; for
                // a host's read, one that started after the last host change and within the bound.
                let waiter: Waiter
                switch freshness {
                case .everyChange:
                    waiter = Waiter(needs: needs, notBefore: nil, continuation: continuation)
                case .hostChanges(let staleness):
                    waiter = Waiter(
                        needs: max(self.hostChangedAt[meeting] ?? 0, self.allChangedAt), notBefore: .now - staleness,
                        continuation: continuation)
                }
                self.waiting[meeting, default: []].append(waiter)
                return self.computing.insert(meeting).inserted
            }
            if start { self.workers.start { await self.computeWhileNeeded(meeting) } }
        }
    }

    /// Something about `meeting` changed: a write committed here (by `author`), or a notification
    /// from another instance arrived (a participant's change as far as this instance's readers are
    /// concerned: read-your-writes holds per instance).
    public func changed(_ meeting: UUID, by author: ResultsNotifier.Author = .participant) {
        self.lock.withLock {
            self.clock += 1
            guard self.entries[meeting] != nil || self.computing.contains(meeting) else { return }
            self.changedAt[meeting] = self.clock
            if author == .host { self.hostChangedAt[meeting] = self.clock }
        }
    }

    /// Notifications may have been missed: every report is recomputed before it is served again.
    public func changedAll() {
        self.lock.withLock {
            self.clock += 1
            self.allChangedAt = self.clock
        }
    }

    /// How many computations ran (for tests and operators).
    public var computationCount: Int { self.lock.withLock { self.computations } }

    /// How many reads of `meeting` wait for a computation (for tests).
    func waitingCount(_ meeting: UUID) -> Int { self.lock.withLock { self.waiting[meeting]?.count ?? 0 } }

    /// One computation after another while readers wait for a newer report than the last.
    private func computeWhileNeeded(_ meeting: UUID) async {
        var done = false
        while !done {
            let (basedOn, began, jsonRead): (UInt64, ContinuousClock.Instant, Bool) = self.lock.withLock {
                self.computations += 1
                return (self.clock, .now, self.entries[meeting]?.shared.isEncoded ?? false)
            }
            let result: Result<SharedReport?, any Error>
            do {
                let shared = try await self.compute(meeting).map(self.share)
                // Somebody read the last report's JSON (an API reader, a stream of the whole
                // report): this one is encoded here too, before anybody waits for it, so no
                // read pays for the encoding.
                if jsonRead { _ = try shared?.json() }
                result = .success(shared)
            } catch {
                result = .failure(error)
            }
            let (seconds, attoseconds) = (ContinuousClock.now - began).components
            self.duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            let served: [Waiter] = self.lock.withLock {
                let all = self.waiting[meeting] ?? []
                if case .success(let shared?) = result {
                    if self.entries.count >= self.capacity { self.evictAll() }
                    self.entries[meeting] = Entry(
                        shared: shared, basedOn: basedOn, began: began, expires: .now + self.lifetime(of: shared))
                } else {
                    self.entries[meeting] = nil
                }
                let rest = all.filter { !$0.isServed(basedOn: basedOn, began: began) }
                done = rest.isEmpty
                if done {
                    self.waiting[meeting] = nil
                    self.computing.remove(meeting)
                    if self.entries[meeting] == nil {
                        self.changedAt[meeting] = nil
                        self.hostChangedAt[meeting] = nil
                    }
                } else {
                    self.waiting[meeting] = rest
                }
                return all.filter { $0.isServed(basedOn: basedOn, began: began) }
            }
            for waiter in served { waiter.continuation.resume(with: result) }
        }
    }

    /// Until the form's `closesAt` passes (the report's form state changes then), at most `maxAge`.
    private func lifetime(of shared: SharedReport) -> Duration {
        guard shared.form.closedAt == nil, let closesAt = shared.form.closesAt else { return self.maxAge }
        let left = closesAt.timeIntervalSinceNow
        return left <= 0 ? .zero : min(self.maxAge, .milliseconds(Int64(left * 1000)))
    }

    private func evictAll() {
        self.entries.removeAll(keepingCapacity: true)
        self.changedAt = self.changedAt.filter { self.computing.contains($0.key) }
        self.hostChangedAt = self.hostChangedAt.filter { self.computing.contains($0.key) }
    }

    private func share(_ counts: ResultsCounts) -> SharedReport {
        let report = ResultsReport(counts, filter: ResultsFilter())
        let sequence = self.lock.withLock {
            self.generation += 1
            return self.generation
        }
        return SharedReport(
            meeting: counts.meeting, form: counts.form, report: report, etag: "\"r\(self.instance)-\(sequence)\"")
    }
}
