import Debrief
import Foundation

/// What the provider vouched for in a verified ID token.
public struct CompanyIdentity: Sendable, Equatable {
    public var issuer: String
    public var subject: String
    public var email: String?
    public var emailVerified: Bool
    public var name: String?
    /// The ID token itself: sent back as `id_token_hint` when the host signs out. Never logged.
    public var idToken: String
    /// The values of the groups claim (``ProviderTeams``) from the ID token, else UserInfo; nil
    /// when neither has it or no claim is configured.
    public var groups: [String]? = nil

    public init(issuer: String, subject: String, email: String?, emailVerified: Bool, name: String?, idToken: String) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.idToken = idToken
    }
}

/// The start of a sign-in, as the provider's authorization endpoint gets it.
public struct AuthorizationRequest: Sendable, Equatable {
    public var state: String
    public var nonce: String
    /// The PKCE verifier; the provider client sends its S256 challenge.
    public var codeVerifier: String
    public var redirectURI: String
}

/// The OpenID Connect provider, as the use case needs it: the application implements it over
/// HTTP (discovery, JWKS, token endpoint) and the tests answer as they like. Every failure is a
/// ``CompanySignInRefusal``.
public protocol CompanyIdentityProvider: Sendable {
    /// The authorization endpoint's URL with the request's parameters (needs discovery).
    func authorizationURL(for request: AuthorizationRequest) async throws(CompanySignInRefusal) -> String
    /// Exchanges the code at the token endpoint and verifies the ID token it returns.
    func redeem(code: String, codeVerifier: String, redirectURI: String, nonce: String) async throws(CompanySignInRefusal) -> CompanyIdentity
    /// Where to send the browser to end the provider's session too (RP-initiated logout), when
    /// the provider offers it; nil otherwise or when the provider cannot be asked.
    func endSessionURL(idTokenHint: String, postLogoutRedirectURI: String) async -> String?
}
