@testable import debrief
import Debrief
import DebriefActions
import Foundation
import Testing

/// `--oidc-groups-claim` and `--oidc-teams` (docs/decisions/0093-team-members-from-sign-in.md):
/// read into ``ProviderTeams``, and every wrong entry refused at start naming the setting and the entry.
@Suite("Serve settings: team members from company sign-in")
struct CompanySignInTeamsSettingTests {
    static let oidc = ["--oidc-issuer", "https://id.example", "--oidc-client-id", "x"]
    static let secret = ["DEBRIEF_OIDC_CLIENT_SECRET": "s"]
    static let leads = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let all = UUID(uuidString: "0E3B5A8C-1D2E-4F60-8A9B-0C1D2E3F4A5B")!

    @Test func theClaimAndItsMappingsAreRead() async throws {
        let settings = try await ServeSettingsTests.read(
            Self.oidc + ["--oidc-groups-claim", "groups"],
            environment: Self.secret.merging(
                ["DEBRIEF_OIDC_TEAMS": "eng-leads=\(Self.leads):admin; cn=eng,ou=groups,dc=acme = \(Self.all)\n everyone=\(Self.all):viewer"]
            ) { $1 })
        let teams = try #require(settings.app.companySignIn?.teams)
        #expect(teams.claim == "groups")
        #expect(
            teams.mappings == [
                .init(value: "eng-leads", team: Self.leads, role: .admin),
                .init(value: "cn=eng,ou=groups,dc=acme", team: Self.all, role: .viewer),
                .init(value: "everyone", team: Self.all, role: .viewer),
            ])
        let none = try await ServeSettingsTests.read(Self.oidc, environment: Self.secret)
        #expect(none.app.companySignIn != nil && none.app.companySignIn?.teams == nil)
    }

    @Test func aWrongMappingIsRefusedNamingTheSettingAndEntry() async throws {
        let names = "--oidc-teams (DEBRIEF_OIDC_TEAMS)"
        for (teams, problem) in [
            ("eng", "`eng` has no `=`"),
            ("eng=not-a-uuid:admin", "`eng=not-a-uuid:admin` needs a team id (a UUID) after `=`"),
            ("eng=\(Self.leads):owner", "`eng=\(Self.leads):owner` has role `owner`: admin, editor or viewer"),
            ("=\(Self.leads)", "`=\(Self.leads)` needs a claim value of 1 to 256 characters before `=`"),
            (" ; ", "needs at least one `VALUE=TEAM-ID:ROLE`"),
        ] {
            let refusal = try await ServeSettingsTests.refusal(
                Self.oidc + ["--oidc-groups-claim", "groups", "--oidc-teams", teams], environment: Self.secret)
            #expect(refusal?.names == names && refusal?.problem == problem, "\(teams): \(String(describing: refusal))")
        }
        let withoutTeams = try await ServeSettingsTests.refusal(Self.oidc + ["--oidc-groups-claim", "groups"], environment: Self.secret)
        #expect(withoutTeams?.names == names)
        let withoutClaim = try await ServeSettingsTests.refusal(Self.oidc + ["--oidc-teams", "a=\(Self.leads)"], environment: Self.secret)
        #expect(withoutClaim?.names == names && withoutClaim?.problem.contains("--oidc-groups-claim") == true)
        let spaced = try await ServeSettingsTests.refusal(
            Self.oidc + ["--oidc-groups-claim", "my groups", "--oidc-teams", "a=\(Self.leads)"], environment: Self.secret)
        #expect(spaced?.names == "--oidc-groups-claim (DEBRIEF_OIDC_GROUPS_CLAIM)")
    }
}
