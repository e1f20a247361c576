import Debrief
import Foundation
import PQ

/// Who sees a meeting or a series: the one rule, as SQL every store splices in (decision 62).
///
/// A meeting `m` (or a series `s`) is visible to a viewer when it is theirs, its series is shared
/// with them, or they are an admin, and it is not in the trash (decision 15); what they may do
/// with it is ``SeriesRole/may(_:)``'s. A list a person keeps (their meetings, their series) is
/// narrower: an admin's lists are personal too (``listed(by:)``).
///
/// Every parameter is cast (`::uuid`, `::boolean`), so the same text serves a plain query and a
/// `COPY` (the export), whose parameters reach the statement as untyped text
/// (`Connection.copyOut`). `scripts/check-layers` rule 13 refuses any other reader of
/// `series_shares`, so a store cannot grow a visibility test of its own.
extension SQLQuery {
    /// The meeting `m` is visible to `viewer` (theirs, shared with them, or they are an admin)
    /// and not in the trash.
    static func visible(to viewer: Viewer) -> SQLQuery {
        Self.visible(to: viewer, host: "m.host_id", series: "m.series_id", admins: true) + " AND m.trashed_at IS NULL"
    }

    /// The series `s` (a `meeting_series` row) is visible to the viewer: the same rule.
    static func seriesVisible(to viewer: Viewer) -> SQLQuery {
        Self.visible(to: viewer, host: "s.host_id", series: "s.id", admins: true) + " AND s.trashed_at IS NULL"
    }

    /// The meeting `m` belongs on `viewer`'s own lists: theirs or in a series shared with them
    /// (an admin sees only what they own or share: lists are personal), and not in the trash.
    static func listed(by viewer: Viewer) -> SQLQuery {
        Self.visible(to: viewer, host: "m.host_id", series: "m.series_id", admins: false) + " AND m.trashed_at IS NULL"
    }

    /// What the viewer is to the series: `owner`, `admin`, the share's role, or NULL.
    static func role(of viewer: Viewer, host: String, series: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "CASE WHEN \(host) = ") + "\(viewer.accountID)::uuid THEN 'owner' WHEN \(viewer.isAdmin)::boolean THEN 'admin' ELSE ("
            + SQLQuery(unsafeSQL: "SELECT sh.role FROM series_shares sh WHERE sh.series_id = \(series) AND sh.account_id = ")
            + "\(viewer.accountID)::uuid) END"
    }

    /// The host column is the viewer's, or the series is shared with them, or (with `admins`)
    /// they are an admin. `host` and `series` are column names this file writes, never input.
    private static func visible(to viewer: Viewer, host: String, series: String, admins: Bool) -> SQLQuery {
        let admin: SQLQuery = admins ? "\(viewer.isAdmin)::boolean OR " : ""
        return SQLQuery(unsafeSQL: "(\(host) = ") + "\(viewer.accountID)::uuid OR " + admin
            + SQLQuery(unsafeSQL: "EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = \(series) AND sh.account_id = ")
            + "\(viewer.accountID)::uuid))"
    }
}

extension SQLQuery {
    /// The account `account` (a bound parameter) runs the series `series` (a column this
    /// module writes): its host, or a co-host of any role. Who may own an action item (decision 74).
    static func runsSeries(account: UUID, series: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "(EXISTS (SELECT 1 FROM meeting_series rs WHERE rs.id = \(series) AND rs.host_id = ")
            + "\(account)::uuid) OR "
            + SQLQuery(unsafeSQL: "EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = \(series) AND sh.account_id = ")
            + "\(account)::uuid))"
    }
}
