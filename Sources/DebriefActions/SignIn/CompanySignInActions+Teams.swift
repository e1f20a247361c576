import Debrief
import DebriefStore
import Foundation
import Logging

/// Members from company sign-in (docs/decisions/0093-team-members-from-sign-in.md): each sign-in
/// makes the account's provider memberships follow the groups claim, before its session starts.
extension CompanySignInActions {
    func syncTeams(of account: Account, _ teams: ProviderTeams, values: [String]) async throws {
        let changes = try await self.store.syncProviderTeams(of: account.id, wanted: teams.wanted(for: values))
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
}
