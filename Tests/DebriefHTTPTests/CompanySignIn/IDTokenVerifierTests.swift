import CryptoExtras
import DebriefActions
@testable import DebriefApp
import Foundation
import JWTKit
import Synchronization
import Testing

/// The ID token checks of company sign-in, with keys made here and tokens signed by jwt-kit:
/// every refusal has its own reason, and a good token of either algorithm verifies.
@Suite("Company sign-in: ID token verification")
struct IDTokenVerifierTests {
    static let issuer = "https://id.example.com"
    static let clientID = "debrief"
    static let nonce = "n-0S6_WzA2Mj"

    /// The claims a provider signs; every one settable, so each test breaks exactly one.
    struct TestClaims: JWTPayload {
        var iss: String? = IDTokenVerifierTests.issuer
        var sub: String? = "248289761001"
        var aud: AudienceClaim? = AudienceClaim(value: [IDTokenVerifierTests.clientID])
        var exp: ExpirationClaim? = ExpirationClaim(value: Date().addingTimeInterval(300))
        var iat: IssuedAtClaim? = IssuedAtClaim(value: Date())
        var nonce: String? = IDTokenVerifierTests.nonce
        var azp: String?
        var email: String? = "ana@example.com"
        var email_verified: Bool? = true
        var name: String? = "Ana"

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// The provider's keys: an RSA and an EC key, published as a JWKS by key id.
    struct Provider {
        let signers = JWTKeyCollection()
        var published: [String: JWK] = [:]

        static func make() async throws -> Provider {
            var provider = Provider()
            let rsa = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
            await provider.signers.add(rsa: rsa, digestAlgorithm: .sha256, kid: "rsa-1")
            let primitives = try rsa.publicKey.getKeyPrimitives()
            provider.published["rsa-1"] = .rsa(
                .rs256, identifier: "rsa-1", modulus: primitives.modulus.base64URL, exponent: primitives.publicExponent.base64URL)
            let ec = ES256PrivateKey()
            await provider.signers.add(ecdsa: ec, kid: "ec-1")
            let parameters = try #require(ec.publicKey.parameters)
            provider.published["ec-1"] = .ecdsa(.es256, identifier: "ec-1", x: parameters.x, y: parameters.y, curve: .p256)
            return provider
        }

        func sign(_ claims: TestClaims = TestClaims(), kid: String = "rsa-1") async throws -> String {
            try await self.signers.sign(claims, kid: JWKIdentifier(string: kid))
        }
    }

    /// A fixed key set: what the provider publishes.
    struct FixedKeys: ProviderKeySource {
        let keys: [String: JWK]
        func key(for kid: String?) async throws(CompanySignInRefusal) -> JWK {
            guard let kid, let key = self.keys[kid] else { throw .unknownKey }
            return key
        }
    }

    let verifier = IDTokenVerifier(issuer: issuer, clientID: clientID, leeway: .seconds(60))

    func outcome(_ token: String, keys: [String: JWK], nonce: String = IDTokenVerifierTests.nonce) async -> Result<
        CompanyIdentity, CompanySignInRefusal
    > {
        do throws(CompanySignInRefusal) {
            return .success(try await self.verifier.verify(token, nonce: nonce, keys: FixedKeys(keys: keys)))
        } catch {
            return .failure(error)
        }
    }

    @Test func aGoodTokenOfEitherAlgorithmVerifies() async throws {
        let provider = try await Provider.make()
        for kid in ["rsa-1", "ec-1"] {
            let token = try await provider.sign(kid: kid)
            let identity = try await self.outcome(token, keys: provider.published).get()
            #expect(identity.subject == "248289761001")
            #expect(identity.email == "ana@example.com")
            #expect(identity.emailVerified)
            #expect(identity.issuer == Self.issuer)
        }
    }

    @Test func aTokenForAnotherClientIsTheWrongAudience() async throws {
        let provider = try await Provider.make()
        var claims = TestClaims()
        claims.aud = AudienceClaim(value: ["someone-else"])
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.wrongAudience))
        // Several audiences: `azp` must name this client.
        claims.aud = AudienceClaim(value: [Self.clientID, "someone-else"])
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.wrongAudience))
        claims.azp = "someone-else"
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.wrongAudience))
        claims.azp = Self.clientID
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published).isSuccess)
    }

    /// The claims with `aud` always written as a JSON array (jwt-kit writes one audience as a
    /// string), as django-oidc-provider and oidc-provider-mock send it.
    struct ArrayAudienceClaims: JWTPayload {
        var base = TestClaims()
        var aud: [String]

        enum CodingKeys: String, CodingKey { case iss, sub, aud, exp, iat, nonce, azp, email, email_verified, name }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.base.iss, forKey: .iss)
            try container.encode(self.base.sub, forKey: .sub)
            try container.encode(self.aud, forKey: .aud)
            try container.encode(self.base.exp, forKey: .exp)
            try container.encode(self.base.iat, forKey: .iat)
            try container.encode(self.base.nonce, forKey: .nonce)
            try container.encodeIfPresent(self.base.azp, forKey: .azp)
            try container.encode(self.base.email, forKey: .email)
            try container.encode(self.base.email_verified, forKey: .email_verified)
            try container.encode(self.base.name, forKey: .name)
        }
        init(aud: [String], azp: String? = nil) {
            self.aud = aud
            self.base.azp = azp
        }
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "only signed in these tests"))
        }
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// OIDC Core §3.1.3.7: `aud` may be an array containing the client id; with several
    /// audiences `azp` must name this client.
    @Test func anAudienceArrayContainingTheClientIsAccepted() async throws {
        let provider = try await Provider.make()
        let one = try await provider.signers.sign(ArrayAudienceClaims(aud: [Self.clientID]), kid: JWKIdentifier(string: "rsa-1"))
        #expect(try await self.outcome(one, keys: provider.published).get().subject == "248289761001")
        let several = ArrayAudienceClaims(aud: ["api.example.com", Self.clientID], azp: Self.clientID)
        let token = try await provider.signers.sign(several, kid: JWKIdentifier(string: "ec-1"))
        #expect(try await self.outcome(token, keys: provider.published).get().subject == "248289761001")
        let noAzp = try await provider.signers.sign(ArrayAudienceClaims(aud: ["api.example.com", Self.clientID]), kid: JWKIdentifier(string: "rsa-1"))
        #expect(await self.outcome(noAzp, keys: provider.published) == .failure(.wrongAudience))
        let without = try await provider.signers.sign(ArrayAudienceClaims(aud: ["api.example.com"], azp: Self.clientID), kid: JWKIdentifier(string: "rsa-1"))
        #expect(await self.outcome(without, keys: provider.published) == .failure(.wrongAudience))
    }

    @Test func anExpiredTokenIsRefusedBeyondTheLeewayOnly() async throws {
        let provider = try await Provider.make()
        var claims = TestClaims()
        claims.exp = ExpirationClaim(value: Date().addingTimeInterval(-120))
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.expired))
        claims.exp = ExpirationClaim(value: Date().addingTimeInterval(-30))
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published).isSuccess)
        claims.iat = IssuedAtClaim(value: Date().addingTimeInterval(600))
        claims.exp = ExpirationClaim(value: Date().addingTimeInterval(900))
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.issuedInFuture))
    }

    @Test func aTamperedOrForeignSignatureIsABadSignature() async throws {
        let provider = try await Provider.make()
        let token = try await provider.sign()
        // Another payload under the same header and signature.
        var parts = token.split(separator: ".").map(String.init)
        var claims = TestClaims()
        claims.sub = "attacker"
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .integerSecondsSince1970
        parts[1] = try encoder.encode(claims).base64URL
        #expect(await self.outcome(parts.joined(separator: "."), keys: provider.published) == .failure(.badSignature))
        // Signed by a key the provider never had, under a key id it publishes.
        let impostor = try await Provider.make()
        let forged = try await impostor.sign(kid: "rsa-1")
        #expect(await self.outcome(forged, keys: provider.published) == .failure(.badSignature))
    }

    @Test func anUnknownKeyIdIsRefused() async throws {
        let provider = try await Provider.make()
        let token = try await provider.sign(kid: "rsa-1")
        var published = provider.published
        published["rsa-1"] = nil
        #expect(await self.outcome(token, keys: published) == .failure(.unknownKey))
    }

    @Test func noneAndSharedSecretAlgorithmsAreRefusedBeforeAnyKeyIsChosen() async throws {
        let provider = try await Provider.make()
        let hmac = JWTKeyCollection()
        await hmac.add(hmac: HMACKey(from: "the-client-secret-as-long-as-a-sha256-output"), digestAlgorithm: .sha256, kid: "rsa-1")
        let hs256 = try await hmac.sign(TestClaims(), kid: "rsa-1")
        #expect(await self.outcome(hs256, keys: provider.published) == .failure(.unsupportedAlgorithm("HS256")))
        let header = Data(#"{"alg":"none","kid":"rsa-1"}"#.utf8).base64URL
        let unsigned = header + "." + (try JSONEncoder().encode(TestClaims()).base64URL) + "."
        #expect(await self.outcome(unsigned, keys: provider.published) == .failure(.unsupportedAlgorithm("none")))
        #expect(await self.outcome("not-a-jwt", keys: provider.published) == .failure(.malformedToken("the token is not a JWT")))
    }

    @Test func theIssuerAndNonceMustBeThisSignIns() async throws {
        let provider = try await Provider.make()
        var claims = TestClaims()
        claims.iss = "https://evil.example.com"
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.wrongIssuer))
        let token = try await provider.sign()
        #expect(await self.outcome(token, keys: provider.published, nonce: "another-sign-in") == .failure(.wrongNonce))
        claims = TestClaims()
        claims.nonce = nil
        #expect(await self.outcome(try await provider.sign(claims), keys: provider.published) == .failure(.wrongNonce))
    }

    @Test func anUnverifiedEmailIsReportedAsSuch() async throws {
        let provider = try await Provider.make()
        var claims = TestClaims()
        claims.email_verified = false
        let identity = try await self.outcome(try await provider.sign(claims), keys: provider.published).get()
        #expect(!identity.emailVerified)
        claims.email_verified = nil
        #expect(try await !self.outcome(try await provider.sign(claims), keys: provider.published).get().emailVerified)
    }

    /// Rotation: a token with a new key id fetches the set once; a made-up key id within the
    /// refetch interval does not fetch again.
    @Test func anUnknownKeyIdRefetchesTheKeySetOnceAndNoMoreOftenThanAllowed() async throws {
        let provider = try await Provider.make()
        let published = provider.published
        let serving = Served()
        let keys = ProviderKeys(lifetime: .seconds(3600), refetchInterval: .seconds(3600)) { () async throws(CompanySignInRefusal) -> Data in
            serving.data()
        }
        // First use: the set is fetched, empty; the unknown key id may refetch once.
        serving.set(["rsa-1"], from: published)
        _ = try await keys.key(for: "rsa-1")
        #expect(await keys.fetches == 1)
        // The provider rotates to ec-1: one refetch finds it.
        serving.set(["ec-1"], from: published)
        _ = try await keys.key(for: "ec-1")
        #expect(await keys.fetches == 2)
        // A made-up key id right after: refused without asking the provider again.
        await #expect(throws: CompanySignInRefusal.unknownKey) { try await keys.key(for: "made-up") }
        #expect(await keys.fetches == 2)
    }

    @Test func aKeySetSkipsEncryptionAndUnknownKeys() throws {
        let json = #"{"keys":[{"kty":"RSA","use":"enc","kid":"e","n":"AQAB","e":"AQAB"},{"kty":"oct","kid":"o","k":"c2VjcmV0"},{"kty":"EC","use":"sig","kid":"s","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}"#
        let keys = try #require(ProviderKeys.signingKeys(in: Data(json.utf8)))
        #expect(Array(keys.keys) == ["s"])
        #expect(ProviderKeys.signingKeys(in: Data("<html>".utf8)) == nil)
    }
}

/// What the fake provider's JWKS endpoint serves now.
final class Served: Sendable {
    private let body: Mutex<Data>
    init() { self.body = Mutex(Data(#"{"keys":[]}"#.utf8)) }
    func data() -> Data { self.body.withLock { $0 } }
    func set(_ kids: [String], from keys: [String: JWK]) {
        let set = ["keys": kids.compactMap { keys[$0] }]
        let data = (try? JSONEncoder().encode(set)) ?? Data()
        self.body.withLock { $0 = data }
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

extension Data {
    var base64URL: String {
        self.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
