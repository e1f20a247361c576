import Debrief
import DebriefStore
import Foundation

/// Decides whether a sign-up may go ahead, and as what, before any password is hashed: a closed
/// installation refuses at once, so sign-ups it would refuse cost it nothing.
public struct SignUpGate: Sendable {
    let policy: SignUpPolicy
    let accounts: AccountStore
    let invitations: InvitationStore

    public init(policy: SignUpPolicy, accounts: AccountStore, invitations: InvitationStore) {
        self.policy = policy
        self.accounts = accounts
        self.invitations = invitations
    }

    /// The admission of a sign-up carrying `invitation` (a link's token, or nil); `forbidden` when
    /// the policy lets nobody in this way.
    public func admit(invitation: String?) async throws -> AccountStore.Admission {
        if let invitation, !invitation.isEmpty {
            guard invitation.utf8.count <= 100, try await self.invitations.isUsable(invitation) else {
                throw DebriefError(.forbidden, "this invitation link was used already or has expired", field: "invitation")
            }
            return .invited(invitation)
        }
        switch self.policy {
        case .open:
            return .host
        case .closed:
            throw DebriefError(.forbidden, "sign-up is closed; ask an admin for an invitation link")
        case .firstAccountThenClosed:
            guard try await self.accounts.isEmpty() else {
                throw DebriefError(.forbidden, "sign-up is closed; ask an admin for an invitation link")
            }
            return .firstAdmin
        }
    }

    /// Whether a visitor without an invitation may sign up now (the sign-up page says so first).
    public func isOpenWithoutInvitation() async throws -> Bool {
        switch self.policy {
        case .open: return true
        case .closed: return false
        case .firstAccountThenClosed: return try await self.accounts.isEmpty()
        }
    }
}

extension SignUpGate {
    /// Whether the next sign-up would make the installation's first admin.
    public func admitsFirstAdmin() async throws -> Bool {
        guard self.policy == .firstAccountThenClosed else { return false }
        return try await self.accounts.isEmpty()
    }
}
