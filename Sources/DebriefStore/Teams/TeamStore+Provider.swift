import Debrief
import Foundation
import PQ

/// What one sign-in's sync changed, for its log lines.
public struct ProviderMembershipChanges: Sendable, Equatable {
    public var added: [UUID] = []
    public var roleChanged: [UUID] = []
    public var removed: [UUID] = []
    /// Teams where the provider would have removed or demoted the team's last admin: kept.
    public var keptLastAdmin: [UUID] = []
    /// Mapped teams that do not exist (deleted since the setting was written).
    public var missingTeams: [UUID] = []

    public init() {}
}

/// Members from company sign-in (docs/decisions/0093-team-members-from-sign-in.md).
extension TeamStore {
    /// Makes `account`'s provider memberships what the provider said at this sign-in, in one
    /// transaction: a member of each team in `wanted` with its role, and of no other team by the
    /// provider. Memberships a team admin added (`manual`) are never touched; the team's last
    /// admin is never removed or demoted (kept, and named in ``ProviderMembershipChanges/keptLastAdmin``).
    /// Teams are locked in id order, as the team's own changes lock them, so neither waits on the other in a cycle.
    public func syncProviderMemberships(of account: UUID, wanted: [UUID: TeamRole]) async throws -> ProviderMembershipChanges {
        try await self.database.withTransaction { connection in
            var changes = ProviderMembershipChanges()
            let held: [UUID] = try await connection.query(
                "SELECT team_id FROM team_members WHERE account_id = \(account) AND source = 'provider'"
            ).map { try $0.decode("team_id") }
            let teams = Set(held).union(wanted.keys).sorted { $0.uuidString < $1.uuidString }
            for team in teams {
                let exists = try await connection.query("SELECT id FROM teams WHERE id = \(team) FOR UPDATE").first != nil
                guard exists else {
                    changes.missingTeams.append(team)
                    continue
                }
                let current = try await connection.query(
                    "SELECT role, source FROM team_members WHERE team_id = \(team) AND account_id = \(account)"
                ).first.map { row -> (role: String, source: String) in (try row.decode("role"), try row.decode("source")) }
                if current?.source == "manual" { continue }
                switch (current, wanted[team]) {
                case (nil, let role?):
                    try await connection.execute(
                        "INSERT INTO team_members (team_id, account_id, role, source) VALUES (\(team), \(account), \(role.rawValue), 'provider')")
                    changes.added.append(team)
                case (let held?, let role?) where held.role != role.rawValue:
                    if held.role == "admin", try await Self.isOnlyAdmin(account, of: team, on: connection) {
                        changes.keptLastAdmin.append(team)
                        continue
                    }
                    try await connection.execute(
                        "UPDATE team_members SET role = \(role.rawValue), updated_at = now() WHERE team_id = \(team) AND account_id = \(account)")
                    changes.roleChanged.append(team)
                case (let held?, nil):
                    if held.role == "admin", try await Self.isOnlyAdmin(account, of: team, on: connection) {
                        changes.keptLastAdmin.append(team)
                        continue
                    }
                    try await connection.execute("DELETE FROM team_members WHERE team_id = \(team) AND account_id = \(account)")
                    changes.removed.append(team)
                default:
                    break
                }
            }
            return changes
        }
    }

    /// Whether `account` is the team's only admin (the team row is locked by the caller).
    private static func isOnlyAdmin(_ account: UUID, of team: UUID, on connection: Connection) async throws -> Bool {
        let others = try await connection.query(
            "SELECT count(*) AS n FROM team_members WHERE team_id = \(team) AND role = 'admin' AND account_id <> \(account)"
        ).single().decode("n", as: Int64.self)
        return others == 0
    }
}
