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
        Self.role(viewer.accountID, host: host, series: series, admin: viewer.isAdmin)
    }

    /// The host column is the viewer's on a series no team owns, or the series is shared with
    /// them, or it is their team's, or (with `admins`) they are an admin: they have a role.
    private static func visible(to viewer: Viewer, host: String, series: String, admins: Bool) -> SQLQuery {
        Self.role(viewer.accountID, host: host, series: series, admin: admins && viewer.isAdmin) + " IS NOT NULL"
    }

    /// The role as one scalar subquery: the series row with the account's team membership and
    /// share joined beside it (at most one of each: their keys are (team, account) and (series,
    /// account)). It replaced seven `EXISTS` subqueries, with which PostgreSQL spent about six
    /// times as long planning the meeting read of nearly every host request as running it.
    /// `host` and `series` are column names this file writes, never input; `admin` is bound, so
    /// every viewer's statement has the same text.
    private static func role(_ account: UUID, host: String, series: String, admin: Bool) -> SQLQuery {
        SQLQuery(unsafeSQL: "(SELECT CASE WHEN (ts.team_id IS NULL AND \(host) = ") + "\(account)::uuid) OR tm.role = 'admin' THEN 'owner'"
            + " WHEN \(admin)::boolean THEN 'admin' WHEN sh.role = 'editor' OR tm.role = 'editor' THEN 'editor'"
            + " WHEN sh.account_id IS NOT NULL OR tm.role = 'viewer' THEN 'viewer' END"
            + " FROM meeting_series ts LEFT JOIN team_members tm ON tm.team_id = ts.team_id AND tm.account_id = \(account)::uuid"
            + " LEFT JOIN series_shares sh ON sh.series_id = ts.id AND sh.account_id = \(account)::uuid"
            + SQLQuery(unsafeSQL: " WHERE ts.id = \(series))")
    }
}

extension SQLQuery {
    /// The account `account` (a bound parameter) runs the series `series` (a column this
    /// module writes): its host when no team owns it, a co-host of any role, or a member of its
    /// team. Who may own an action item (decision 74).
    static func runsSeries(account: UUID, series: String) -> SQLQuery {
        Self.role(account, host: "ts.host_id", series: series, admin: false) + " IS NOT NULL"
    }
}
