import AsyncHTTPClient
import Crypto
import DebriefActions
import Foundation
import Logging
import NIOCore
import NIOPosix

/// The OpenID Connect provider over HTTP, with ``OutboundHTTP``'s client (never blocking an event loop):
/// discovery and the JWKS cached (``ProviderKeys`` rotates), the code redeemed at the token
/// endpoint with the client secret and the PKCE verifier, the ID token verified by
/// ``IDTokenVerifier``, and UserInfo asked when the ID token lacks a verified e-mail
/// (``UserInfo``). Every failure to reach the provider is
/// ``CompanySignInRefusal/providerUnavailable(_:)``.
actor HTTPOIDCProvider: CompanyIdentityProvider {
    let settings: CompanySignInSettings
    /// The application's outbound HTTP owner (its general client).
    private let outbound: OutboundHTTP
    private let verifier: IDTokenVerifier
    private var metadata: (value: ProviderMetadata, fetchedAt: ContinuousClock.Instant)?
    private var keys: ProviderKeys?
    /// The largest answer read from the provider (discovery, keys, tokens are a few kilobytes).
    static let bodyLimit = 256 * 1024

    init(settings: CompanySignInSettings, outbound: OutboundHTTP) {
        self.settings = settings
        self.outbound = outbound
        self.verifier = IDTokenVerifier(issuer: settings.issuer, clientID: settings.clientID, leeway: settings.clockLeeway, teams: settings.teams)
    }

    func authorizationURL(for request: AuthorizationRequest) async throws(CompanySignInRefusal) -> String {
        let metadata = try await self.discovery()
        return FormEncoding.url(
            metadata.authorizationEndpoint,
            [
                ("response_type", "code"), ("client_id", self.settings.clientID), ("redirect_uri", request.redirectURI),
                ("scope", "openid email profile"), ("state", request.state), ("nonce", request.nonce),
                ("code_challenge", Self.challenge(of: request.codeVerifier)), ("code_challenge_method", "S256"),
            ])
    }

    func redeem(code: String, codeVerifier: String, redirectURI: String, nonce: String) async throws(CompanySignInRefusal)
        -> CompanyIdentity
    {
        let metadata = try await self.discovery()
        var form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", codeVerifier),
        ]
        var request = HTTPClientRequest(url: metadata.tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        if metadata.usesBasicAuthentication {
            // RFC 6749 §2.3.1: each part form-encoded before the two are joined.
            let credentials = FormEncoding.escape(self.settings.clientID) + ":" + FormEncoding.escape(self.settings.clientSecret)
            request.headers.add(name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
            form.append(("client_id", self.settings.clientID))
        } else {
            form.append(contentsOf: [("client_id", self.settings.clientID), ("client_secret", self.settings.clientSecret)])
        }
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode(form)))
        let (status, body) = try await self.send(request, what: "the token endpoint")
        struct TokenAnswer: Decodable {
            var id_token: String?
            var access_token: String?
            var error: String?
        }
        let answer = try? JSONDecoder().decode(TokenAnswer.self, from: body)
        if (400..<500).contains(status) {
            // `invalid_grant`: the code was used already, expired or is not ours.
            throw .codeRefused(CompanySignInActions.printable(answer?.error ?? "HTTP \(status)"))
        }
        guard status == 200 else { throw .providerUnavailable("the token endpoint answered HTTP \(status)") }
        guard let idToken = answer?.id_token else { throw .providerUnavailable("the token endpoint sent no id_token") }
        let keys = self.keySet(metadata)
        let identity = try await self.verifier.verify(idToken, nonce: nonce, keys: keys)
        guard UserInfo.isNeeded(for: identity, teams: self.settings.teams), let endpoint = metadata.userInfoEndpoint, let accessToken = answer?.access_token else {
            return identity
        }
        return try await self.userInfo(at: endpoint, accessToken: accessToken).completing(identity)
    }

    /// The UserInfo answer, asked with the access token the code was redeemed for (RFC 6750 §2.1).
    /// Only a JSON answer is read: a signed or encrypted UserInfo JWT is refused as unreadable.
    private func userInfo(at endpoint: String, accessToken: String) async throws(CompanySignInRefusal) -> UserInfo {
        var request = HTTPClientRequest(url: endpoint)
        request.headers.add(name: "Authorization", value: "Bearer " + accessToken)
        request.headers.add(name: "Accept", value: "application/json")
        let (status, body) = try await self.send(request, what: "the UserInfo endpoint")
        guard status == 200 else { throw .providerUnavailable("the UserInfo endpoint answered HTTP \(status)") }
        guard var answer = try? JSONDecoder().decode(UserInfo.self, from: body) else {
            throw .providerUnavailable("the UserInfo answer could not be read (JSON expected)")
        }
        answer.groups = try self.settings.teams?.values(inJSONObject: body)
        return answer
    }

    func endSessionURL(idTokenHint: String, postLogoutRedirectURI: String) async -> String? {
        // A malformed endpoint is ignored (the local session still ends) rather than sent to a browser.
        guard let endpoint = try? await self.discovery().endSessionEndpoint, ProviderMetadata.isWebURL(endpoint) else { return nil }
        return FormEncoding.url(
            endpoint,
            [("id_token_hint", idTokenHint), ("post_logout_redirect_uri", postLogoutRedirectURI), ("client_id", self.settings.clientID)])
    }

    /// The discovery document, fetched again once it is older than the metadata lifetime.
    func discovery() async throws(CompanySignInRefusal) -> ProviderMetadata {
        if let cached = self.metadata, ContinuousClock.now - cached.fetchedAt < self.settings.metadataLifetime {
            return cached.value
        }
        var request = HTTPClientRequest(url: ProviderMetadata.discoveryURL(of: self.settings.issuer))
        request.headers.add(name: "Accept", value: "application/json")
        let (status, body) = try await self.send(request, what: "discovery")
        guard status == 200 else { throw .providerUnavailable("discovery answered HTTP \(status)") }
        guard let metadata = try? JSONDecoder().decode(ProviderMetadata.self, from: body) else {
            throw .providerUnavailable("the discovery document could not be read")
        }
        if let refusal = metadata.refusal(for: self.settings.issuer) { throw .providerUnavailable(refusal) }
        self.metadata = (metadata, ContinuousClock.now)
        return metadata
    }

    /// The key set of `metadata`'s `jwks_uri` (a new cache when the URI changed).
    private func keySet(_ metadata: ProviderMetadata) -> ProviderKeys {
        if let keys = self.keys { return keys }
        let uri = metadata.jwksURI
        let keys = ProviderKeys(lifetime: self.settings.metadataLifetime, refetchInterval: self.settings.keyRefetchInterval) {
            [weak self] () async throws(CompanySignInRefusal) -> Data in
            guard let self else { throw .providerUnavailable("shutting down") }
            var request = HTTPClientRequest(url: uri)
            request.headers.add(name: "Accept", value: "application/json")
            let (status, body) = try await self.send(request, what: "the key set")
            guard status == 200 else { throw .providerUnavailable("the key set answered HTTP \(status)") }
            return body
        }
        self.keys = keys
        return keys
    }

    /// One request, its status and body (up to ``bodyLimit``); unreachable, slow or cut answers
    /// are ``CompanySignInRefusal/providerUnavailable(_:)`` naming `what` (never a URL's secrets).
    nonisolated func send(_ request: HTTPClientRequest, what: String) async throws(CompanySignInRefusal) -> (Int, Data) {
        let timeout = TimeAmount.seconds(max(1, self.settings.requestTimeout.components.seconds))
        do {
            let response = try await self.outbound.generalClient().execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: Self.bodyLimit)
            return (Int(response.status.code), Data(body.readableBytesView))
        } catch {
            throw .providerUnavailable("\(what) could not be reached")
        }
    }

    /// PKCE's S256 challenge: base64url(SHA-256(verifier)), unpadded (RFC 7636 §4.2).
    static func challenge(of verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
