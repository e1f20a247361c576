import Debrief
import Foundation

/// Company sign-in's team sync goes through ``TeamStore``, the owner of team memberships.
extension CompanySignInStore {
    public func syncProviderTeams(of account: UUID, wanted: [UUID: TeamRole]) async throws -> ProviderMembershipChanges {
        try await TeamStore(database: self.database).syncProviderMemberships(of: account, wanted: wanted)
    }
}
