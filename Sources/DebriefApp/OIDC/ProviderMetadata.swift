import Foundation

/// The provider's discovery document (`{issuer}/.well-known/openid-configuration`), the members
/// Debrief reads.
struct ProviderMetadata: Decodable, Sendable, Equatable {
    var issuer: String
    var authorizationEndpoint: String
    var tokenEndpoint: String
    var jwksURI: String
    var endSessionEndpoint: String?
    /// Where the e-mail claims are when the ID token lacks them (OIDC Core §5.3).
    var userInfoEndpoint: String?
    var tokenEndpointAuthMethodsSupported: [String]?
    var codeChallengeMethodsSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case endSessionEndpoint = "end_session_endpoint"
        case userInfoEndpoint = "userinfo_endpoint"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
    }

    /// How the client secret goes to the token endpoint: HTTP Basic unless the provider lists
    /// only `client_secret_post` (Basic is the default when it lists nothing, OIDC Discovery §3).
    var usesBasicAuthentication: Bool {
        guard let methods = self.tokenEndpointAuthMethodsSupported, !methods.isEmpty else { return true }
        return methods.contains("client_secret_basic") || !methods.contains("client_secret_post")
    }

    /// The discovery URL of an issuer (OIDC Discovery §4: the path appended, no double slash).
    static func discoveryURL(of issuer: String) -> String {
        (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
    }

    /// Why this document cannot be used for `issuer`, or nil. The document must name the very
    /// issuer it was fetched for (Discovery §4.3), and its endpoints must be absolute URLs.
    func refusal(for issuer: String) -> String? {
        guard self.issuer == issuer else { return "the discovery document names another issuer" }
        for endpoint in [self.authorizationEndpoint, self.tokenEndpoint, self.jwksURI] + [self.userInfoEndpoint].compactMap({ $0 }) {
            guard Self.isWebURL(endpoint) else { return "the discovery document has an endpoint that is not a URL" }
        }
        if let methods = self.codeChallengeMethodsSupported, !methods.isEmpty, !methods.contains("S256") {
            return "the provider does not support PKCE with S256"
        }
        return nil
    }

    /// An absolute http(s) URL with a host: what an endpoint must be.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else { return false }
        return url.host != nil
    }
}

/// URL query and form encoding (RFC 3986 unreserved characters kept, everything else escaped),
/// for the authorization URL, the token request body and HTTP Basic credentials.
enum FormEncoding {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { Self.escape($0.0) + "=" + Self.escape($0.1) }.joined(separator: "&")
    }

    /// `base` with `pairs` appended to its query (after `?`, or `&` when it has one).
    static func url(_ base: String, _ pairs: [(String, String)]) -> String {
        base + (base.contains("?") ? "&" : "?") + Self.encode(pairs)
    }
}
