import Debrief
import DebriefStore
import Foundation
import Logging

/// Members from company sign-in (docs/decisions/0093-team-members-from-sign-in.md): each sign-in
/// makes the account's provider memberships follow the groups claim, before its session starts.
/// Each change is a row of the read record naming its team (decision 97), done by the account
/// signing in, so a team's admins see who the provider added, re-roled or removed.
extension CompanySignInActions {
    func syncTeams(of account: Account, _ teams: ProviderTeams, values: [String]) async throws {
        let wanted = teams.wanted(for: values)
        let changes = try await self.store.syncProviderTeams(of: account.id, wanted: wanted)
        try await self.record(changes, of: account, wanted: wanted)
        let metadata: Logger.Metadata = ["account": "\(account.id)"]
        func ids(_ list: [UUID]) -> Logger.MetadataValue { .string(list.map(\.uuidString).joined(separator: ",")) }
        if !changes.added.isEmpty || !changes.roleChanged.isEmpty || !changes.removed.isEmpty {
            self.logger.info(
                "company sign-in updated team memberships",
                metadata: metadata.merging(
                    ["added": ids(changes.added), "role_changed": ids(changes.roleChanged), "removed": ids(changes.removed)]) { $1 })
        }
        if !changes.keptLastAdmin.isEmpty {
            self.logger.warning(
                "company sign-in kept a team's last admin the provider no longer grants",
                metadata: metadata.merging(["teams": ids(changes.keptLastAdmin)]) { $1 })
        }
        if !changes.missingTeams.isEmpty {
            self.logger.warning(
                "company sign-in maps groups to teams that do not exist", metadata: ["teams": ids(changes.missingTeams)])
        }
    }

    /// One `role.changed` row per membership the sync changed; the role of an added or re-roled
    /// membership is the one the provider asked for (the sync stored exactly that).
    private func record(_ changes: ProviderMembershipChanges, of account: Account, wanted: [UUID: TeamRole]) async throws {
        let member = account.id.lowercasedText
        func note(_ team: UUID, _ change: String) async throws {
            let detail = "team \(team.lowercasedText): member \(member) \(change) by company sign-in"
            try await self.audit.record(AuditEvent(.roleChanged, team: team, detail: detail), by: account.viewer)
        }
        for team in changes.added { try await note(team, "added as \(wanted[team]?.rawValue ?? "?")") }
        for team in changes.roleChanged { try await note(team, "is \(wanted[team]?.rawValue ?? "?")") }
        for team in changes.removed { try await note(team, "removed") }
    }
}
