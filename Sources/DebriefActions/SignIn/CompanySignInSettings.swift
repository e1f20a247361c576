import Foundation

/// The installation's company sign-in (OpenID Connect), as `debrief serve` read it from its flags
/// and environment (docs/sign-in.md). Nil in ``AppConfiguration``: no company sign-in.
public struct CompanySignInSettings: Sendable {
    /// The provider's issuer URL, exactly as its ID tokens name it (`iss`).
    public var issuer: String
    public var clientID: String
    public var clientSecret: String
    /// The provider's name on the sign-in button ("Sign in with Acme").
    public var displayName: String
    /// Whether a verified e-mail no account has creates a host account on its first sign-in.
    public var allowsAccountCreation: Bool
    /// "Company sign-in only": passwords sign in admins only (break-glass), nobody signs up with one.
    public var passwordsForAdminsOnly: Bool
    /// The most one call to the provider (discovery, keys, token endpoint) may take.
    public var requestTimeout: Duration = .seconds(10)
    /// How long discovery and the key set are used before they are fetched again.
    public var metadataLifetime: Duration = .seconds(3600)
    /// The least time between two key set fetches caused by an unknown key id, so tokens with
    /// made-up key ids cannot make Debrief hammer the provider.
    public var keyRefetchInterval: Duration = .seconds(30)
    /// How far `exp` and `iat` may be off, for clocks that disagree a little.
    public var clockLeeway: Duration = .seconds(60)
    /// How long a started sign-in may take to come back.
    public var attemptLifetime: Duration = .seconds(600)
    /// Team members from the provider's groups claim (docs/decisions/0093-team-members-from-sign-in.md);
    /// nil: sign-in touches no team.
    public var teams: ProviderTeams?

    public init(
        issuer: String, clientID: String, clientSecret: String, displayName: String, allowsAccountCreation: Bool,
        passwordsForAdminsOnly: Bool
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.displayName = displayName
        self.allowsAccountCreation = allowsAccountCreation
        self.passwordsForAdminsOnly = passwordsForAdminsOnly
    }
}
