@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Logging
import PQ
import Testing

/// Members from company sign-in (docs/decisions/0093-team-members-from-sign-in.md), through the
/// sign-in use case over the real database: each sign-in adds, changes and removes the person's
/// provider memberships to follow the groups claim; a membership added by hand is never touched;
/// a team's last admin is kept; values no mapping names are ignored. Each change is a row of the
/// read record naming its team.
@Suite("Company sign-in: team members from the groups claim")
struct ProviderTeamsSyncTests {
    typealias Action = CompanySignInActionTests

    struct World {
        let actions: CompanySignInActions
        let provider: Action.FakeProvider
        let teams: TeamStore
        let audit: AuditRecord
        let lead: Viewer
        /// Teams A, B and C, created by `lead` (their admin).
        let a: UUID, b: UUID, c: UUID

        /// Signs Ana in with these groups; her account.
        func signIn(groups: [String]?) async throws -> Account {
            var identity = Action.identity()
            identity.groups = groups
            self.provider.answer.withLock { $0 = .success(identity) }
            let started = try await self.actions.begin(next: "/m", redirectURI: Action.redirect)
            return try await self.actions.finish(
                .init(state: started.state, code: "c", error: nil, cookieState: started.state), redirectURI: Action.redirect
            ).loggedIn.account
        }

        /// Ana's membership in `team` as the team page lists it: role and whether it came from the provider.
        func membership(_ account: Account, in team: UUID) async throws -> String? {
            let members = try await self.teams.members(of: team, visibleTo: Viewer(accountID: account.id, role: .admin))
            return members.first { $0.accountID == account.id }.map { "\($0.role.rawValue)\($0.fromProvider ? " from provider" : "")" }
        }

        /// The read record's rows in `scope`, oldest first, as "kind team account: detail", read by the lead.
        func record(_ scope: AuditScope) async throws -> [String] {
            let reader = Viewer(accountID: self.lead.accountID, role: .admin)
            let page = try await self.audit.page(AuditFilter(), of: scope, after: nil, limit: 100, visibleTo: reader)
            return page.items.reversed().map { row in
                let team = row.teamId.map { self.name($0) } ?? "-"
                let account = row.accountId.map { $0.uuidString.lowercased() } ?? "-"
                return "\(row.kind) \(team) \(account): \(row.detail)"
            }
        }

        func name(_ team: UUID) -> String { team == self.a ? "A" : team == self.b ? "B" : team == self.c ? "C" : "?" }
    }

    static func run(_ body: (World) async throws -> Void) async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let accounts = CompanySignInAccounts(database: database)
            let lead = try await accounts.store.create(
                SignUp(email: try EmailAddress(parsing: "lead@example.com"), password: "correct horse battery", displayName: "Lead"))
            let teams = TeamStore(database: database)
            let leadViewer = Viewer(accountID: lead.id, role: lead.role)
            let a = try await teams.create(named: "A", by: leadViewer).id
            let b = try await teams.create(named: "B", by: leadViewer).id
            let c = try await teams.create(named: "C", by: leadViewer).id
            var settings = CompanySignInSettings(
                issuer: "https://id.example.com", clientID: "debrief", clientSecret: "s", displayName: "Acme",
                allowsAccountCreation: true, passwordsForAdminsOnly: false)
            settings.teams = ProviderTeams(
                claim: "groups",
                mappings: [
                    .init(value: "eng", team: a, role: .editor), .init(value: "eng-leads", team: a, role: .admin),
                    .init(value: "design", team: b, role: .viewer), .init(value: "ops", team: c, role: .editor),
                ])
            let provider = Action.FakeProvider(.success(Action.identity()))
            let audit = AuditRecord(store: AuditStore(database: database))
            let actions = CompanySignInActions(
                settings: settings, provider: provider, store: CompanySignInStore(database: database, hasher: accounts.hasher), accounts: accounts.actions,
                audit: audit, logger: Logger(label: "test"))
            try await body(World(actions: actions, provider: provider, teams: teams, audit: audit, lead: leadViewer, a: a, b: b, c: c))
            await accounts.hasher.shutdown()
        }
    }

    @Test func membershipFollowsTheProviderAndLeavesManualOnesAlone() async throws {
        try await Self.run { world in
            // Added: "eng" gives A as editor; an unmapped value is ignored.
            let ana = try await world.signIn(groups: ["eng", "sales"])
            #expect(try await world.membership(ana, in: world.a) == "editor from provider")
            #expect(try await world.membership(ana, in: world.b) == nil)
            #expect(try await world.membership(ana, in: world.c) == nil)

            // A team admin adds her to C by hand: the provider never moves that one.
            try await world.teams.add(to: world.c, by: world.lead, TeamMemberRequest(email: try EmailAddress(parsing: ana.email), role: .viewer))

            // Role changed (the strongest of two values naming A) and B added; C stays as the admin set it.
            _ = try await world.signIn(groups: ["eng", "eng-leads", "design"])
            #expect(try await world.membership(ana, in: world.a) == "admin from provider")
            #expect(try await world.membership(ana, in: world.b) == "viewer from provider")
            #expect(try await world.membership(ana, in: world.c) == "viewer")

            // "ops" maps to C, where she is a manual member: still the admin's viewer, not the provider's editor.
            _ = try await world.signIn(groups: ["ops"])
            #expect(try await world.membership(ana, in: world.a) == nil, "removed: the lead is still A's admin")
            #expect(try await world.membership(ana, in: world.b) == nil)
            #expect(try await world.membership(ana, in: world.c) == "viewer")

            // No claim at all is no groups: the provider memberships go, the manual one stays.
            _ = try await world.signIn(groups: ["design"])
            _ = try await world.signIn(groups: nil)
            #expect(try await world.membership(ana, in: world.b) == nil)
            #expect(try await world.membership(ana, in: world.c) == "viewer")
        }
    }

    @Test func eachChangeIsARowOfTheReadRecordNamingItsTeam() async throws {
        try await Self.run { world in
            let ana = try await world.signIn(groups: ["eng", "design"])
            let id = ana.id.uuidString.lowercased()
            func row(_ team: UUID, _ change: String) -> String {
                "role.changed \(world.name(team)) \(id): team \(team.uuidString.lowercased()): member \(id) \(change) by company sign-in"
            }
            // Within a sign-in the rows come in the sync's order (by team id): compared as sets.
            let first = [row(world.a, "added as editor"), row(world.b, "added as viewer")]
            #expect(try await world.record(.installation).sorted() == first.sorted())

            // One sign-in re-roles A, removes B and adds C: three rows, one per team.
            _ = try await world.signIn(groups: ["eng-leads", "ops"])
            let second = [row(world.a, "is admin"), row(world.b, "removed"), row(world.c, "added as editor")]
            let afterSecond = try await world.record(.installation)
            #expect(afterSecond.count == 5)
            #expect(afterSecond.prefix(2).sorted() == first.sorted())
            #expect(afterSecond.dropFirst(2).sorted() == second.sorted())

            // The same groups again change nothing, and record nothing.
            _ = try await world.signIn(groups: ["eng-leads", "ops"])
            #expect(try await world.record(.installation) == afterSecond)

            // Each team's record shows its own rows.
            #expect(try await world.record(.team(world.a)) == [row(world.a, "added as editor"), row(world.a, "is admin")])
            #expect(try await world.record(.team(world.b)) == [row(world.b, "added as viewer"), row(world.b, "removed")])
            #expect(try await world.record(.team(world.c)) == [row(world.c, "added as editor")])
        }
    }

    @Test func theProviderNeverTakesATeamsLastAdmin() async throws {
        try await Self.run { world in
            let ana = try await world.signIn(groups: ["eng-leads"])
            #expect(try await world.membership(ana, in: world.a) == "admin from provider")
            // The lead leaves A: Ana, from the provider, is its only admin.
            try await world.teams.remove(world.lead.accountID, from: world.a, by: world.lead)
            _ = try await world.signIn(groups: ["eng"])
            #expect(try await world.membership(ana, in: world.a) == "admin from provider", "not demoted")
            _ = try await world.signIn(groups: [])
            #expect(try await world.membership(ana, in: world.a) == "admin from provider", "not removed")
            // Once A has another admin, the next sign-in removes her.
            try await world.teams.add(
                to: world.a, by: Viewer(accountID: ana.id, role: ana.role),
                TeamMemberRequest(email: try EmailAddress(parsing: "lead@example.com"), role: .admin))
            _ = try await world.signIn(groups: [])
            #expect(try await world.membership(ana, in: world.a) == nil)
        }
    }

    @Test func theClaimIsAListOfBoundedStrings() throws {
        #expect(try ProviderTeams.values(ofClaim: "eng") == ["eng"])
        #expect(try ProviderTeams.values(ofClaim: ["eng", "ops"]) == ["eng", "ops"])
        #expect(try ProviderTeams.values(ofClaim: nil) == [])
        #expect(try ProviderTeams.values(ofClaim: NSNull()) == [])
        #expect(try ProviderTeams.values(ofClaim: Array(repeating: "g", count: 200)).count == 200)
        #expect(throws: CompanySignInRefusal.groupsClaimRefused("more than 200 values")) {
            try ProviderTeams.values(ofClaim: Array(repeating: "g", count: 201))
        }
        #expect(throws: CompanySignInRefusal.groupsClaimRefused("a value is longer than 256 characters")) {
            try ProviderTeams.values(ofClaim: [String(repeating: "g", count: 257)])
        }
        #expect(throws: CompanySignInRefusal.groupsClaimRefused("a value is not a string")) { try ProviderTeams.values(ofClaim: ["eng", 7]) }
        #expect(throws: CompanySignInRefusal.groupsClaimRefused("not a string or a list of strings")) {
            try ProviderTeams.values(ofClaim: ["eng": true])
        }
        let teams = ProviderTeams(claim: "roles", mappings: [])
        #expect(try teams.values(inJSONObject: Data(#"{"sub":"1","roles":["a"]}"#.utf8)) == ["a"])
        #expect(try teams.values(inJSONObject: Data(#"{"sub":"1","groups":["a"]}"#.utf8)) == nil, "another claim is not this one")
    }

    @Test func anOversizedClaimRefusesTheSignInAndChangesNothing() async throws {
        try await Self.run { world in
            let ana = try await world.signIn(groups: ["eng"])
            world.provider.answer.withLock { $0 = .failure(.groupsClaimRefused("more than 200 values")) }
            let started = try await world.actions.begin(next: "/m", redirectURI: Action.redirect)
            let refusal = await Action.refusal {
                _ = try await world.actions.finish(
                    .init(state: started.state, code: "c", error: nil, cookieState: started.state), redirectURI: Action.redirect)
            }
            #expect(refusal?.reason == "groups_claim_refused")
            #expect(try await world.membership(ana, in: world.a) == "editor from provider")
        }
    }
}
