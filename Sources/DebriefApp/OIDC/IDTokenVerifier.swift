import DebriefActions
import DebriefStore
import Foundation
import JWTKit

/// Verifies an OpenID Connect ID token (OIDC Core §3.1.3.7) with jwt-kit: the signature with the
/// provider's key named by `kid` (RS256 or ES256 only), then `iss`, `aud` (and `azp` when it
/// names several audiences), `exp` and `iat` within a small leeway, and the sign-in's `nonce`.
/// Each failure is its own ``CompanySignInRefusal``; the signature is checked before any claim
/// is believed.
struct IDTokenVerifier: Sendable {
    let issuer: String
    let clientID: String
    let leeway: TimeInterval
    /// The groups claim to read, when team members come from sign-in (``ProviderTeams``).
    let teams: ProviderTeams?
    /// The algorithms an ID token may be signed with: never `none` or a shared-secret HMAC.
    static let algorithms: Set<String> = ["RS256", "ES256"]

    init(issuer: String, clientID: String, leeway: Duration, teams: ProviderTeams? = nil) {
        self.issuer = issuer
        self.clientID = clientID
        self.leeway = TimeInterval(leeway.components.seconds)
        self.teams = teams
    }

    /// The claims Debrief reads; each optional, so a missing one is refused by name here rather
    /// than as an undecodable token.
    struct Claims: JWTPayload {
        var iss: String?
        var sub: String?
        var aud: AudienceClaim?
        var exp: ExpirationClaim?
        var iat: IssuedAtClaim?
        var nonce: String?
        var azp: String?
        var email: String?
        var email_verified: BoolClaim?
        var name: String?

        /// Claims are checked by ``IDTokenVerifier/check(_:nonce:now:)``, after the signature.
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    /// The verified identity, or the refusal. `keys` finds the key the header's `kid` names.
    func verify(_ token: String, nonce: String, keys: some ProviderKeySource, now: Date = Date()) async throws(CompanySignInRefusal)
        -> CompanyIdentity
    {
        let header = try Self.header(of: token)
        guard let alg = header.alg, Self.algorithms.contains(alg) else {
            throw .unsupportedAlgorithm(header.alg.map { String($0.prefix(16)) } ?? "none given")
        }
        let jwk = try await keys.key(for: header.kid)
        let claims: Claims
        do {
            let collection = JWTKeyCollection()
            try await collection.add(jwk: jwk, isDefault: true)
            claims = try await collection.verify(token, as: Claims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .badSignature
        } catch let error as JWTError where error.errorType == .malformedToken {
            throw .malformedToken("the token is not a JWT")
        } catch let error as JWTError where error.errorType == .invalidJWK || error.errorType == .generic {
            // A key that cannot check this algorithm (an EC key for RS256): not its signature.
            throw .badSignature
        } catch {
            throw .malformedToken("its claims could not be read")
        }
        var identity = try self.check(claims, token: token, nonce: nonce, now: now)
        // The claim's name is a setting, so it is read from the verified payload by name.
        if let teams = self.teams, let payload = Self.payload(of: token) { identity.groups = try teams.values(inJSONObject: payload) }
        return identity
    }

    /// The token's payload bytes (read only after its signature verified).
    static func payload(of token: String) -> Data? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 ? Self.base64URLDecoded(String(parts[1])) : nil
    }

    /// The claim checks, in the order a person would want to hear them.
    func check(_ claims: Claims, token: String, nonce: String, now: Date) throws(CompanySignInRefusal) -> CompanyIdentity {
        guard claims.iss == self.issuer else { throw .wrongIssuer }
        guard let audience = claims.aud?.value, audience.contains(self.clientID) else { throw .wrongAudience }
        if audience.count > 1 || claims.azp != nil {
            guard claims.azp == self.clientID else { throw .wrongAudience }
        }
        guard let expiry = claims.exp?.value else { throw .malformedToken("exp is missing") }
        guard now.timeIntervalSince(expiry) <= self.leeway else { throw .expired }
        guard let issuedAt = claims.iat?.value else { throw .malformedToken("iat is missing") }
        guard issuedAt.timeIntervalSince(now) <= self.leeway else { throw .issuedInFuture }
        guard let sent = claims.nonce, ConstantTime.equals(sent, nonce) else { throw .wrongNonce }
        guard let subject = claims.sub, !subject.isEmpty, subject.utf8.count <= 255 else { throw .malformedToken("sub is missing") }
        return CompanyIdentity(
            issuer: self.issuer, subject: subject, email: claims.email, emailVerified: claims.email_verified?.value ?? false,
            name: claims.name, idToken: token)
    }

    /// The JOSE header, read before any key is chosen (to find `kid` and refuse `alg: none`).
    static func header(of token: String) throws(CompanySignInRefusal) -> Header {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Self.base64URLDecoded(String(parts[0])),
            let header = try? JSONDecoder().decode(Header.self, from: data)
        else { throw .malformedToken("the token is not a JWT") }
        return header
    }

    static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}

/// Where the verifier finds the provider's key for a `kid` (the cached, rotating JWKS in
/// production; a fixed set in tests).
protocol ProviderKeySource: Sendable {
    func key(for kid: String?) async throws(CompanySignInRefusal) -> JWK
}
