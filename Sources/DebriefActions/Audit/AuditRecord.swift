import Debrief
import DebriefStore
import Foundation

/// The read record (docs/decisions/0091-the-read-record.md): the one owner every recorded path
/// calls — reading answers (the responses list, one response, a question's answers, every
/// export), shares and transfers, role and branding changes, sign-ins as an admin — and the one
/// reader of it: installation admins read every row, a team's admins their team's (decision 97).
///
/// A path records after its read or change succeeded and before its answer leaves; a failure to
/// record is thrown to the caller (the request fails), never swallowed: nothing is read without
/// its row. Where a request came from is ``origin``, bound once per request by the HTTP layer.
public struct AuditRecord: Sendable {
    let store: AuditStore
    let clock: WallClock
    /// How long a row is kept (the installation's `DEBRIEF_AUDIT_RETENTION_DAYS`).
    public let retention: Duration

    /// The default retention: 400 days, a year and a margin for a yearly review.
    public static let defaultRetention: Duration = .seconds(400 * 86_400)

    public init(store: AuditStore, retention: Duration = Self.defaultRetention, clock: WallClock = .system) {
        self.store = store
        self.retention = retention
        self.clock = clock
    }

    /// The origin of the request being served: bound by the HTTP layer around every route (after
    /// the trusted-proxy rule named the client), by the CLI around its command; ``AuditOrigin/unknown``
    /// where nobody bound one.
    @TaskLocal public static var origin: AuditOrigin = .unknown

    /// Appends `event`, done by `viewer` (its account and its address at this moment), from this
    /// request's origin, at the clock's now. Throws when the row could not be written.
    public func record(_ event: AuditEvent, by viewer: Viewer) async throws {
        try await self.store.append(event, account: viewer.accountID, origin: Self.origin, at: self.clock.now())
    }

    /// Appends `event` done by the operator at the server's shell (no account).
    public func recordOperator(_ event: AuditEvent) async throws {
        try await self.store.append(event, account: nil, origin: Self.origin, at: self.clock.now())
    }

    /// A page of `scope`'s rows for `viewer`, as ``requireReader(_:of:)`` decides. A cursor this
    /// record did not make is a problem naming `cursor`.
    public func page(
        _ filter: AuditFilter, of scope: AuditScope = .installation, after cursor: String?, limit: Int, visibleTo viewer: Viewer
    ) async throws -> AuditPage {
        try await self.requireReader(viewer, of: scope)
        guard let page = try await self.store.page(filter, in: scope, after: cursor, limit: limit) else {
            throw ValidationFailure(problems: [FieldProblem(path: "cursor", message: "is not a cursor of this list")])
        }
        return page
    }

    /// `scope`'s rows that `filter` names as CSV, for `viewer` as ``requireReader(_:of:)`` decides.
    public func writeCSV(_ filter: AuditFilter, of scope: AuditScope = .installation, visibleTo viewer: Viewer, to sink: ExportSink) async throws {
        try await self.requireReader(viewer, of: scope)
        try await self.store.writeCSV(filter, in: scope, to: sink)
    }

    /// Whether `viewer` may read `scope`'s rows, before any work (the routes ask first): every row
    /// is for installation admins (anyone else: `forbidden`); a team's rows are for its admins and
    /// installation admins, as ``TeamAccess`` decides a member's role (`notFound` naming the team
    /// outside it, `forbidden` for its editors and viewers).
    public func requireReader(_ viewer: Viewer, of scope: AuditScope) async throws {
        switch scope {
        case .installation:
            guard viewer.isAdmin else { throw DebriefError(.forbidden, "the read record is for installation admins") }
        case .team(let team):
            try await self.store.requireTeamReader(team, viewer)
        }
    }

    /// Deletes the rows older than the retention at the clock's now; returns how many went.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        try await self.store.purge(before: self.clock.now().addingTimeInterval(-Self.seconds(self.retention)))
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
