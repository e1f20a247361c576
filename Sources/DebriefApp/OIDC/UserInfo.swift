import DebriefActions
import Foundation
import JWTKit

/// The UserInfo answer (OIDC Core §5.3.2), the members Debrief reads. A provider may keep the
/// e-mail claims out of the ID token and answer them here only (Core §5.4 allows it for the
/// code flow; django-oidc-provider does so by default), so ``HTTPOIDCProvider`` asks when the ID
/// token lacks them.
struct UserInfo: Decodable, Sendable {
    var sub: String?
    var email: String?
    /// A boolean, or the strings "true"/"false" some providers send (``BoolClaim`` reads both).
    var email_verified: BoolClaim?
    var name: String?
    /// The groups claim's values (``ProviderTeams``), read from the answer by the claim's name.
    var groups: [String]?

    private enum CodingKeys: String, CodingKey {
        case sub, email, email_verified, name
    }

    /// Whether a verified identity lacks what the e-mail linking needs: an address the provider
    /// vouches for. Only then is UserInfo asked (one call more per such sign-in, none otherwise).
    /// With team members from sign-in, also when the ID token lacks the groups claim.
    static func isNeeded(for identity: CompanyIdentity, teams: ProviderTeams? = nil) -> Bool {
        identity.email == nil || !identity.emailVerified || (teams != nil && identity.groups == nil)
    }

    /// `identity` completed with this answer. Core §5.3.2: the answer's `sub` MUST equal the ID
    /// token's, else it may be another person's (a substituted token) and is refused. The
    /// answer's e-mail replaces the ID token's, together with its `email_verified`, so an address
    /// is never paired with another claim's verification; the ID token's name is kept if it has one.
    func completing(_ identity: CompanyIdentity) throws(CompanySignInRefusal) -> CompanyIdentity {
        guard let subject = self.sub, subject == identity.subject else { throw .userInfoMismatch }
        var identity = identity
        if let email = self.email, !email.isEmpty {
            identity.email = email
            identity.emailVerified = self.email_verified?.value ?? false
        }
        if identity.name == nil { identity.name = self.name }
        if identity.groups == nil { identity.groups = self.groups }
        return identity
    }
}
