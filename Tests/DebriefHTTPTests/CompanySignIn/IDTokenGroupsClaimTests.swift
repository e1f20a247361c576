import DebriefActions
@testable import DebriefApp
import Foundation
import JWTKit
import Testing

/// The groups claim read from a verified ID token by the name the setting gives
/// (docs/decisions/0093-team-members-from-sign-in.md), and UserInfo asked when the token lacks it.
@Suite("Company sign-in: the groups claim in the ID token")
struct IDTokenGroupsClaimTests {
    typealias V = IDTokenVerifierTests

    /// A good token's claims with a `roles` claim of any JSON shape.
    struct ClaimsWithRoles<Roles: Codable & Sendable>: JWTPayload {
        var base = V.TestClaims()
        var roles: Roles?

        enum CodingKeys: String, CodingKey { case roles }

        func encode(to encoder: any Encoder) throws {
            try self.base.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(self.roles, forKey: .roles)
        }

        init(roles: Roles?) { self.roles = roles }
        init(from decoder: any Decoder) throws { fatalError("only signed here") }
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    static let teams = ProviderTeams(claim: "roles", mappings: [])
    let verifier = IDTokenVerifier(issuer: V.issuer, clientID: V.clientID, leeway: .seconds(60), teams: Self.teams)

    func verify(_ token: String, _ provider: V.Provider) async -> Result<CompanyIdentity, CompanySignInRefusal> {
        do throws(CompanySignInRefusal) {
            return .success(try await self.verifier.verify(token, nonce: V.nonce, keys: V.FixedKeys(keys: provider.published)))
        } catch {
            return .failure(error)
        }
    }

    @Test func theNamedClaimIsReadAsAListOrOneString() async throws {
        let provider = try await V.Provider.make()
        let list = try await provider.signers.sign(ClaimsWithRoles(roles: ["eng", "ops"]), kid: JWKIdentifier(string: "rsa-1"))
        #expect(try await self.verify(list, provider).get().groups == ["eng", "ops"])
        let single = try await provider.signers.sign(ClaimsWithRoles(roles: "eng"), kid: JWKIdentifier(string: "rsa-1"))
        #expect(try await self.verify(single, provider).get().groups == ["eng"])
        let without = try await provider.signers.sign(ClaimsWithRoles<String>(roles: nil), kid: JWKIdentifier(string: "rsa-1"))
        let identity = try await self.verify(without, provider).get()
        #expect(identity.groups == nil)
        #expect(UserInfo.isNeeded(for: identity, teams: Self.teams), "UserInfo is asked for the claim")
        #expect(!UserInfo.isNeeded(for: identity), "not without team members from sign-in")
        let tooMany = try await provider.signers.sign(
            ClaimsWithRoles(roles: (0...200).map { "g\($0)" }), kid: JWKIdentifier(string: "rsa-1"))
        #expect(await self.verify(tooMany, provider) == .failure(.groupsClaimRefused("more than 200 values")))
    }

    @Test func userInfoCompletesTheGroupsOnlyWhenTheTokenLacksThem() throws {
        var identity = CompanyIdentity(
            issuer: V.issuer, subject: "s", email: "ana@example.com", emailVerified: true, name: nil, idToken: "t")
        var answer = UserInfo(sub: "s", email: nil, email_verified: nil, name: nil)
        answer.groups = try Self.teams.values(inJSONObject: Data(#"{"sub":"s","roles":["eng"]}"#.utf8))
        #expect(try answer.completing(identity).groups == ["eng"])
        identity.groups = ["ops"]
        #expect(try answer.completing(identity).groups == ["ops"])
    }
}
