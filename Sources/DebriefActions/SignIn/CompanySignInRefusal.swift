import Foundation

/// Why a company sign-in was refused. Each has a page of its own (DebriefWeb's
/// `CompanySignInController`) and a log `reason`; none carries a token.
public enum CompanySignInRefusal: Error, Sendable, Equatable {
    /// Discovery, the key set or the token endpoint could not be reached or answered garbage.
    case providerUnavailable(String)
    /// The provider answered the callback with an error (`access_denied`, …).
    case providerError(String)
    /// The token endpoint refused the code (used already, expired, or not ours: `invalid_grant`).
    case codeRefused(String)
    /// The callback has no `state` cookie matching its `state`: not started in this browser.
    case stateNotThisBrowser
    /// The `state` was used already (a replayed or reloaded callback).
    case stateReplayed
    /// The sign-in took longer than its lifetime.
    case stateExpired
    /// No sign-in started with this `state`.
    case stateUnknown
    /// The callback has no `code` (or `state`).
    case missingParameter(String)
    /// The ID token's signature does not verify with its key.
    case badSignature
    /// Its key id is not in the provider's key set, also after fetching the set again.
    case unknownKey
    /// It is signed with an algorithm other than RS256 or ES256 (`none`, HS256, …).
    case unsupportedAlgorithm(String)
    /// It is not a JWT, or lacks a claim it needs.
    case malformedToken(String)
    case wrongIssuer
    /// `aud` does not name this client (or `azp` names another).
    case wrongAudience
    case expired
    /// `iat` lies in the future beyond the leeway.
    case issuedInFuture
    /// `nonce` is not the one this sign-in sent.
    case wrongNonce
    /// The UserInfo answer names another subject than the ID token (OIDC Core §5.3.2).
    case userInfoMismatch
    /// The provider does not vouch for the e-mail (`email_verified` is not true), and it is not linked yet.
    case unverifiedEmail
    /// No account has the e-mail and the installation does not create accounts on first sign-in.
    case noAccount
    /// The account with the e-mail is linked to another person of this provider.
    case linkedToAnother
    /// An account has the e-mail but never proved it holds it: it is not linked (it may have
    /// been registered by someone else; docs/decisions/0054-verified-addresses.md).
    case unprovenAccount
    /// The groups claim (``ProviderTeams``) holds too many or too long values, or is not a list
    /// of strings: refused rather than cut, since a cut list would remove memberships.
    case groupsClaimRefused(String)

    /// A short, stable name for logs and metrics.
    public var reason: String {
        switch self {
        case .providerUnavailable: return "provider_unavailable"
        case .providerError: return "provider_error"
        case .codeRefused: return "code_refused"
        case .stateNotThisBrowser: return "state_not_this_browser"
        case .stateReplayed: return "state_replayed"
        case .stateExpired: return "state_expired"
        case .stateUnknown: return "state_unknown"
        case .missingParameter: return "missing_parameter"
        case .badSignature: return "bad_signature"
        case .unknownKey: return "unknown_key"
        case .unsupportedAlgorithm: return "unsupported_algorithm"
        case .malformedToken: return "malformed_token"
        case .wrongIssuer: return "wrong_issuer"
        case .wrongAudience: return "wrong_audience"
        case .expired: return "expired"
        case .issuedInFuture: return "issued_in_future"
        case .wrongNonce: return "wrong_nonce"
        case .userInfoMismatch: return "userinfo_mismatch"
        case .unverifiedEmail: return "unverified_email"
        case .noAccount: return "no_account"
        case .linkedToAnother: return "linked_to_another"
        case .unprovenAccount: return "unproven_account"
        case .groupsClaimRefused: return "groups_claim_refused"
        }
    }

    /// What the log line adds to ``reason`` (the provider's error code, the failing part): never a token.
    public var detail: String? {
        switch self {
        case .providerUnavailable(let detail), .providerError(let detail), .codeRefused(let detail), .missingParameter(let detail),
            .unsupportedAlgorithm(let detail), .malformedToken(let detail), .groupsClaimRefused(let detail):
            return detail
        default:
            return nil
        }
    }
}
