import Debrief
import Foundation
import PQ

/// Who sees a meeting or a series: the one rule, as SQL every store splices in (decision 62).
///
/// A meeting `m` (or a series `s`) is visible to a viewer when it is theirs, its series is shared
/// with them, its series belongs to a team they are a member of (decision 90), or they are an
/// admin, and it is not in the trash (decision 15); what they may do with it is
/// ``SeriesRole/may(_:)``'s. A series a team owns is nobody's own: its host column names only its
/// keeper (whose calendar its sessions sit in) and grants nothing. A list a person keeps (their
/// meetings, their series) is narrower: an admin's lists are personal too (``listed(by:)``).
///
/// Every parameter is cast (`::uuid`, `::boolean`), so the same text serves a plain query and a
/// `COPY` (the export), whose parameters reach the statement as untyped text
/// (`Connection.copyOut`). `scripts/check-layers` rule 13 refuses any other reader of
/// `series_shares` and `team_members`, so a store cannot grow a visibility test of its own.
extension SQLQuery {
    /// The meeting `m` is visible to `viewer` (theirs, shared with them, their team's, or they
    /// are an admin) and not in the trash.
    static func visible(to viewer: Viewer) -> SQLQuery {
        Self.visible(to: viewer, host: "m.host_id", series: "m.series_id", admins: true) + " AND m.trashed_at IS NULL"
    }

    /// The series `s` (a `meeting_series` row) is visible to the viewer: the same rule.
    static func seriesVisible(to viewer: Viewer) -> SQLQuery {
        Self.visible(to: viewer, host: "s.host_id", series: "s.id", admins: true) + " AND s.trashed_at IS NULL"
    }

    /// The meeting `m` belongs on `viewer`'s own lists: theirs, in a series shared with them or
    /// in their team's (an admin sees only what they own or share: lists are personal), and not
    /// in the trash.
    static func listed(by viewer: Viewer) -> SQLQuery {
        Self.visible(to: viewer, host: "m.host_id", series: "m.series_id", admins: false) + " AND m.trashed_at IS NULL"
    }

    /// What the viewer is to the series: `owner` (its host when no team owns it, or an admin of
    /// the team that does), `admin`, else the strongest of their share's role and their team
    /// role (`editor` over `viewer`), or NULL.
    static func role(of viewer: Viewer, host: String, series: String) -> SQLQuery {
        "CASE WHEN " + Self.ownsPersonally(viewer.accountID, host: host, series: series) + " OR "
            + Self.teamRole(viewer.accountID, series: series, roles: "'admin'") + " THEN 'owner' WHEN \(viewer.isAdmin)::boolean THEN 'admin' WHEN "
            + SQLQuery(unsafeSQL: "EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = \(series) AND sh.role = 'editor' AND sh.account_id = ")
            + "\(viewer.accountID)::uuid) OR " + Self.teamRole(viewer.accountID, series: series, roles: "'editor'")
            + " THEN 'editor' WHEN " + Self.shared(viewer.accountID, series: series) + " OR "
            + Self.teamRole(viewer.accountID, series: series, roles: "'viewer'") + " THEN 'viewer' END"
    }

    /// The host column is the viewer's on a series no team owns, or the series is shared with
    /// them, or it is their team's, or (with `admins`) they are an admin. `host` and `series` are
    /// column names this file writes, never input.
    private static func visible(to viewer: Viewer, host: String, series: String, admins: Bool) -> SQLQuery {
        let admin: SQLQuery = admins ? "\(viewer.isAdmin)::boolean OR " : ""
        return "(" + Self.ownsPersonally(viewer.accountID, host: host, series: series) + " OR " + admin
            + Self.shared(viewer.accountID, series: series) + " OR "
            + Self.teamRole(viewer.accountID, series: series, roles: "'admin', 'editor', 'viewer'") + ")"
    }

    /// `account` is the host of the series and no team owns it.
    private static func ownsPersonally(_ account: UUID, host: String, series: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "(\(host) = ") + "\(account)::uuid"
            + SQLQuery(unsafeSQL: " AND NOT EXISTS (SELECT 1 FROM meeting_series ts WHERE ts.id = \(series) AND ts.team_id IS NOT NULL))")
    }

    /// The series is shared with `account`, in any role.
    private static func shared(_ account: UUID, series: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "EXISTS (SELECT 1 FROM series_shares sh WHERE sh.series_id = \(series) AND sh.account_id = ")
            + "\(account)::uuid)"
    }

    /// The series belongs to a team where `account` holds one of `roles` (SQL literals this file writes).
    private static func teamRole(_ account: UUID, series: String, roles: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "EXISTS (SELECT 1 FROM meeting_series ts JOIN team_members tm ON tm.team_id = ts.team_id WHERE ts.id = \(series)")
            + SQLQuery(unsafeSQL: " AND tm.role IN (\(roles)) AND tm.account_id = ") + "\(account)::uuid)"
    }
}

extension SQLQuery {
    /// The account `account` (a bound parameter) runs the series `series` (a column this
    /// module writes): its host when no team owns it, a co-host of any role, or a member of its
    /// team. Who may own an action item (decision 74).
    static func runsSeries(account: UUID, series: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "(EXISTS (SELECT 1 FROM meeting_series rs WHERE rs.id = \(series) AND rs.team_id IS NULL AND rs.host_id = ")
            + "\(account)::uuid) OR " + Self.shared(account, series: series) + " OR "
            + Self.teamRole(account, series: series, roles: "'admin', 'editor', 'viewer'") + ")"
    }
}
