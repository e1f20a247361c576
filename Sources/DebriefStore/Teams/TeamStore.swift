import Debrief
import Foundation
import PQ

/// Teams and their members (docs/decisions/0090-teams-own-series.md). Any host creates a team
/// and becomes its admin; admins add hosts by proven address (as shares go: an address without a
/// proven account changes nothing and is answered alike), change roles and remove members; a
/// member may leave. A team always keeps an admin: the last one can be neither demoted nor
/// removed. Each change locks the team row first, so one team's changes happen one at a time.
public struct TeamStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Creates a team with `viewer` as its admin.
    public func create(named name: String, by viewer: Viewer) async throws -> Team {
        try await self.database.withTransaction { connection in
            let id: UUID = try await connection.query(
                "INSERT INTO teams (name, created_by) VALUES (\(name), \(viewer.accountID)) RETURNING id").single().decode("id")
            try await connection.execute(
                "INSERT INTO team_members (team_id, account_id, role, added_by) VALUES (\(id), \(viewer.accountID), 'admin', \(viewer.accountID))")
            return try await Self.team(id, role: .admin, on: connection)
        }
    }

    /// The viewer's role in the team, when it may do `action` (``TeamAccess``'s refusals otherwise).
    @discardableResult
    public func require(_ id: UUID, visibleTo viewer: Viewer, toDo action: TeamAction) async throws -> TeamRole {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(id, visibleTo: viewer, toDo: action, on: connection)
        }
    }

    /// The teams `viewer` is a member of, by name (an installation admin's list is personal too).
    public func teams(of viewer: Viewer) async throws -> [Team] {
        try await self.database.query(
            """
            SELECT \(Self.teamColumns), tm.role AS viewer_role FROM teams t JOIN team_members tm ON tm.team_id = t.id
            WHERE tm.account_id = \(viewer.accountID) ORDER BY lower(t.name), t.id
            """
        ).map(Self.team(row:))
    }

    /// The team, for its members and installation admins; `notFound` for anyone else.
    public func team(_ id: UUID, visibleTo viewer: Viewer) async throws -> Team {
        try await self.database.withTransaction { connection in
            let role = try await TeamAccess.require(id, visibleTo: viewer, toDo: .read, on: connection)
            return try await Self.team(id, role: role, on: connection)
        }
    }

    /// Renames the team (its admins).
    public func rename(_ id: UUID, to name: String, by viewer: Viewer) async throws -> Team {
        try await self.database.withTransaction { connection in
            let role = try await TeamAccess.require(id, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            try await connection.execute("UPDATE teams SET name = \(name) WHERE id = \(id)")
            return try await Self.team(id, role: role, on: connection)
        }
    }

    /// The team's members, admins first, then by address.
    public func members(of id: UUID, visibleTo viewer: Viewer) async throws -> [TeamMember] {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(id, visibleTo: viewer, toDo: .read, on: connection)
            return try await connection.query(
                """
                SELECT a.id, a.email, a.display_name, tm.role, tm.created_at, tm.source FROM team_members tm JOIN accounts a ON a.id = tm.account_id
                WHERE tm.team_id = \(id)
                ORDER BY CASE tm.role WHEN 'admin' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END, lower(a.email)
                """
            ).map { row in
                guard let role = TeamRole(rawValue: try row.decode("role")) else {
                    throw PQError(.decoding, "column role holds an unknown team role")
                }
                return TeamMember(
                    accountID: try row.decode("id"), email: try row.decode("email"), displayName: try row.decode("display_name"),
                    role: role, addedAt: try row.decode("created_at"), fromProvider: try row.decode("source", as: String.self) == "provider")
            }
        }
    }

    /// Adds the host whose proven address is `request.email` (or changes their role when they
    /// are a member already). An address without a proven account changes nothing, and the
    /// caller cannot tell (as with shares). Demoting the last admin this way is refused too. A
    /// member company sign-in added becomes the admin's (`manual`): the provider stops moving it.
    public func add(to id: UUID, by viewer: Viewer, _ request: TeamMemberRequest) async throws {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(id, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            guard let account = try await AddressProof.account(proving: request.email, on: connection) else { return }
            if request.role != .admin { try await Self.refuseLosingLastAdmin(id, account: account, field: "role", on: connection) }
            try await connection.execute(
                """
                INSERT INTO team_members (team_id, account_id, role, added_by) VALUES (\(id), \(account), \(request.role.rawValue), \(viewer.accountID))
                ON CONFLICT (team_id, account_id) DO UPDATE SET role = excluded.role, source = 'manual', updated_at = now()
                """)
        }
    }

    /// Changes a member's role; `notFound` naming the member when they are none, a problem at
    /// `role` when it would leave the team without an admin.
    public func change(_ account: UUID, in id: UUID, to role: TeamRole, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(id, visibleTo: viewer, toDo: .manage, on: connection, forUpdate: true)
            if role != .admin { try await Self.refuseLosingLastAdmin(id, account: account, field: "role", on: connection) }
            let changed = try await connection.execute(
                "UPDATE team_members SET role = \(role.rawValue), updated_at = now() WHERE team_id = \(id) AND account_id = \(account)")
            if changed == 0 { throw DebriefError.notFound("member") }
        }
    }

    /// Removes a member: an admin removes anyone, a member removes themselves (leaves). The last
    /// admin is a conflict; no such member is `notFound`.
    public func remove(_ account: UUID, from id: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            let action: TeamAction = account == viewer.accountID ? .read : .manage
            try await TeamAccess.require(id, visibleTo: viewer, toDo: action, on: connection, forUpdate: true)
            try await Self.refuseLosingLastAdmin(id, account: account, field: nil, on: connection)
            let removed = try await connection.execute(
                "DELETE FROM team_members WHERE team_id = \(id) AND account_id = \(account)")
            if removed == 0 { throw DebriefError.notFound("member") }
        }
    }

    /// The series the team owns and its members see (not in the trash), newest session first.
    public func series(of id: UUID, visibleTo viewer: Viewer) async throws -> [TeamSeries] {
        try await self.database.withTransaction { connection in
            try await TeamAccess.require(id, visibleTo: viewer, toDo: .read, on: connection)
            return try await connection.query(
                """
                SELECT s.id, l.title, l.starts_at, (SELECT count(*) FROM meetings c WHERE c.series_id = s.id AND c.trashed_at IS NULL) AS sessions
                FROM meeting_series s
                LEFT JOIN LATERAL (SELECT m.title, m.starts_at FROM meetings m WHERE m.series_id = s.id AND m.trashed_at IS NULL
                                   ORDER BY m.session_number DESC LIMIT 1) l ON true
                WHERE s.team_id = \(id) AND s.trashed_at IS NULL
                ORDER BY l.starts_at DESC NULLS LAST, s.id
                """
            ).map { row in
                TeamSeries(
                    seriesID: try row.decode("id"), title: try row.decode("title", as: String?.self) ?? "",
                    sessionCount: Int(try row.decode("sessions", as: Int64.self)), latestStartsAt: try row.decode("starts_at"))
            }
        }
    }

    // MARK: - Helpers

    /// Refuses a change that would leave the team without an admin: `account` is its only one.
    private static func refuseLosingLastAdmin(_ id: UUID, account: UUID, field: String?, on connection: Connection) async throws {
        let row = try await connection.query(
            """
            SELECT count(*) FILTER (WHERE role = 'admin') AS admins,
                   bool_or(account_id = \(account) AND role = 'admin') AS is_admin
            FROM team_members WHERE team_id = \(id)
            """
        ).single()
        guard try row.decode("is_admin", as: Bool?.self) == true, try row.decode("admins", as: Int64.self) <= 1 else { return }
        let message = "is the team's last admin: make another member an admin first"
        if let field { throw ValidationFailure(problems: [FieldProblem(field, message)]) }
        throw DebriefError(.conflict, "this member \(message)")
    }

    private static let teamColumns: SQLQuery = """
        t.id, t.name, t.created_at, (SELECT count(*) FROM team_members c WHERE c.team_id = t.id) AS members,
        (SELECT count(*) FROM meeting_series c WHERE c.team_id = t.id AND c.trashed_at IS NULL) AS series
        """

    private static func team(_ id: UUID, role: TeamRole, on connection: Connection) async throws -> Team {
        var team = try Self.team(row: try await connection.query(
            "SELECT \(Self.teamColumns), 'admin' AS viewer_role FROM teams t WHERE t.id = \(id)").single())
        team.viewerRole = role
        return team
    }

    private static func team(row: Row) throws -> Team {
        Team(
            id: try row.decode("id"), name: try row.decode("name"), createdAt: try row.decode("created_at"),
            viewerRole: TeamRole(rawValue: try row.decode("viewer_role")) ?? .viewer,
            memberCount: Int(try row.decode("members", as: Int64.self)), seriesCount: Int(try row.decode("series", as: Int64.self)))
    }
}
