@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Logging
import PQ
import Synchronization
import Testing

/// The use case of company sign-in over a real database, with a provider that answers as each
/// test says: the `state` is single-use and bound to the browser, the linking rule (issuer and
/// subject first, else a verified e-mail, else a new account when allowed), and every refusal
/// leaves no account, link or session behind.
@Suite("Company sign-in: state, linking and refusals")
struct CompanySignInActionTests {
    static let redirect = "http://127.0.0.1:8080/signin/company/callback"

    /// A provider whose next `redeem` answers `answer` (the identity, or a refusal).
    final class FakeProvider: CompanyIdentityProvider {
        let answer: Mutex<Result<CompanyIdentity, CompanySignInRefusal>>
        let down = Mutex(false)
        init(_ answer: Result<CompanyIdentity, CompanySignInRefusal>) { self.answer = Mutex(answer) }

        func authorizationURL(for request: AuthorizationRequest) async throws(CompanySignInRefusal) -> String {
            if self.down.withLock({ $0 }) { throw .providerUnavailable("discovery could not be reached") }
            return "https://id.example.com/authorize?state=\(request.state)"
        }

        func redeem(code: String, codeVerifier: String, redirectURI: String, nonce: String) async throws(CompanySignInRefusal)
            -> CompanyIdentity
        {
            try self.answer.withLock { $0 }.get()
        }

        func endSessionURL(idTokenHint: String, postLogoutRedirectURI: String) async -> String? { nil }
    }

    static func identity(subject: String = "sub-1", email: String? = "ana@example.com", verified: Bool = true) -> CompanyIdentity {
        CompanyIdentity(issuer: "https://id.example.com", subject: subject, email: email, emailVerified: verified, name: "Ana", idToken: "t")
    }

    struct World {
        let actions: CompanySignInActions
        let provider: FakeProvider
        let database: Database
        let accounts: AccountStore

        func counts() async throws -> (accounts: Int, links: Int, sessions: Int) {
            let row = try await self.database.query(
                """
                SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM oidc_identities) AS links,
                       (SELECT count(*) FROM access_tokens) AS sessions
                """
            ).single()
            return (try row.decode("accounts"), try row.decode("links"), try row.decode("sessions"))
        }

        /// Starts a sign-in and comes back with its `state` in the same browser.
        func signIn(code: String = "code") async throws -> CompanySignInActions.Finished {
            let started = try await self.actions.begin(next: "/m", redirectURI: CompanySignInActionTests.redirect)
            return try await self.actions.finish(
                .init(state: started.state, code: code, error: nil, cookieState: started.state), redirectURI: CompanySignInActionTests.redirect)
        }
    }

    static func run(
        allowCreation: Bool = false, answer: Result<CompanyIdentity, CompanySignInRefusal> = .success(identity()),
        _ body: (World) async throws -> Void
    ) async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let accounts = CompanySignInAccounts(database: database)
            let provider = FakeProvider(answer)
            let settings = CompanySignInSettings(
                issuer: "https://id.example.com", clientID: "debrief", clientSecret: "s", displayName: "Acme",
                allowsAccountCreation: allowCreation, passwordsForAdminsOnly: false)
            let actions = CompanySignInActions(
                settings: settings, provider: provider, store: CompanySignInStore(database: database, hasher: accounts.hasher), accounts: accounts.actions,
                audit: AuditRecord(store: AuditStore(database: database)), logger: Logger(label: "test"))
            try await body(World(actions: actions, provider: provider, database: database, accounts: accounts.store))
            await accounts.hasher.shutdown()
        }
    }

    static func refusal(_ work: () async throws -> Void) async -> CompanySignInRefusal? {
        do {
            try await work()
            return nil
        } catch let refusal as CompanySignInRefusal {
            return refusal
        } catch {
            return .providerError("unexpected \(error)")
        }
    }

    @Test func aVerifiedEmailLinksTheExistingAccountAndTheLinkOutlivesAnEmailChange() async throws {
        try await Self.run { world in
            let ana = try await world.accounts.create(
                SignUp(email: try EmailAddress(parsing: "Ana@Example.com"), password: "correct horse battery", displayName: "Ana"))
            let first = try await world.signIn()
            #expect(first.loggedIn.account.id == ana.id)
            #expect(first.next == "/m")
            #expect(!first.created)
            // The provider changes her e-mail (even to an unverified one): the link still finds her.
            world.provider.answer.withLock { $0 = .success(Self.identity(email: "ana.new@example.com", verified: false)) }
            let second = try await world.signIn()
            #expect(second.loggedIn.account.id == ana.id)
            #expect(try await world.counts().links == 1)
        }
    }

    @Test func accountsAreCreatedOnFirstSignInOnlyWhenAllowed() async throws {
        try await Self.run(allowCreation: false) { world in
            #expect(await Self.refusal { _ = try await world.signIn() } == .noAccount)
            let counts = try await world.counts()
            #expect(counts.accounts == 0 && counts.links == 0 && counts.sessions == 0)
        }
        try await Self.run(allowCreation: true) { world in
            let finished = try await world.signIn()
            #expect(finished.created)
            #expect(finished.loggedIn.account.email == "ana@example.com")
            #expect(finished.loggedIn.account.role == .host)
            let counts = try await world.counts()
            #expect(counts.accounts == 1 && counts.links == 1 && counts.sessions == 1)
        }
    }

    @Test func anUnverifiedEmailCreatesAndLinksNothing() async throws {
        try await Self.run(allowCreation: true, answer: .success(Self.identity(verified: false))) { world in
            _ = try await world.accounts.create(
                SignUp(email: try EmailAddress(parsing: "ana@example.com"), password: "correct horse battery", displayName: "Ana"))
            #expect(await Self.refusal { _ = try await world.signIn() } == .unverifiedEmail)
            let counts = try await world.counts()
            #expect(counts.accounts == 1 && counts.links == 0 && counts.sessions == 0)
        }
    }

    @Test func aStateIsSingleUseAndBoundToTheBrowserThatStartedIt() async throws {
        try await Self.run(allowCreation: true) { world in
            let started = try await world.actions.begin(next: "/m/x", redirectURI: Self.redirect)
            // Another browser (no cookie, or another sign-in's) cannot use it, and does not burn it.
            #expect(
                await Self.refusal {
                    _ = try await world.actions.finish(.init(state: started.state, code: "c", error: nil, cookieState: nil), redirectURI: Self.redirect)
                } == .stateNotThisBrowser)
            #expect(
                await Self.refusal {
                    _ = try await world.actions.finish(.init(state: started.state, code: "c", error: nil, cookieState: "other"), redirectURI: Self.redirect)
                } == .stateNotThisBrowser)
            let callback = CompanySignInActions.Callback(state: started.state, code: "c", error: nil, cookieState: started.state)
            let finished = try await world.actions.finish(callback, redirectURI: Self.redirect)
            #expect(finished.next == "/m/x")
            #expect(await Self.refusal { _ = try await world.actions.finish(callback, redirectURI: Self.redirect) } == .stateReplayed)
            let unknown = CompanySignInActions.Callback(state: "made-up", code: "c", error: nil, cookieState: "made-up")
            #expect(await Self.refusal { _ = try await world.actions.finish(unknown, redirectURI: Self.redirect) } == .stateUnknown)
            #expect(try await world.counts().sessions == 1)
        }
    }

    @Test func aProviderThatIsDownOrRefusesTheCodeLeavesNothingBehind() async throws {
        try await Self.run(allowCreation: true) { world in
            world.provider.down.withLock { $0 = true }
            #expect(await Self.refusal { _ = try await world.signIn() } == .providerUnavailable("discovery could not be reached"))
            #expect(try await world.database.query("SELECT 1 AS found FROM oidc_sign_in_attempts").isEmpty)
            world.provider.down.withLock { $0 = false }
            for refusal in [CompanySignInRefusal.providerUnavailable("the token endpoint could not be reached"), .codeRefused("invalid_grant"), .wrongAudience, .badSignature, .expired, .unknownKey] {
                world.provider.answer.withLock { $0 = .failure(refusal) }
                #expect(await Self.refusal { _ = try await world.signIn() } == refusal)
            }
            let counts = try await world.counts()
            #expect(counts.accounts == 0 && counts.links == 0 && counts.sessions == 0)
        }
    }

    @Test func anAccountLinkedToAnotherSubjectIsNotTakenOver() async throws {
        try await Self.run(allowCreation: false) { world in
            _ = try await world.accounts.create(
                SignUp(email: try EmailAddress(parsing: "ana@example.com"), password: "correct horse battery", displayName: "Ana"))
            _ = try await world.signIn()
            world.provider.answer.withLock { $0 = .success(Self.identity(subject: "sub-2")) }
            #expect(await Self.refusal { _ = try await world.signIn() } == .linkedToAnother)
            #expect(try await world.counts().links == 1)
        }
    }

    /// Issue 47 (HIGH): someone signs up with a password as the victim's address first; the
    /// victim's first company sign-in must not link to (nor sign in to) that account, and must
    /// not create a second one beside it. Failed before migration 0054 (`linkedByEmail`).
    @Test func anOpenSignUpThatNeverProvedTheAddressIsNotHandedThePerson() async throws {
        for allowCreation in [false, true] {
            try await Self.run(allowCreation: allowCreation, answer: .success(Self.identity(email: "victim@acme.test"))) { world in
                let squatter = try await world.accounts.create(
                    SignUp(email: try EmailAddress(parsing: "victim@acme.test"), password: "correct horse battery", displayName: "Mallory"),
                    admission: .host)
                #expect(!AddressProof.counts(squatter))
                #expect(await Self.refusal { _ = try await world.signIn() } == .unprovenAccount)
                let counts = try await world.counts()
                #expect(counts.accounts == 1 && counts.links == 0 && counts.sessions == 0, "\(counts)")
                #expect(try await world.database.query("SELECT 1 AS found FROM oidc_identities").isEmpty)
            }
        }
    }

    /// An account the provider's sign-in created has a proven address (the provider vouched).
    @Test func anAccountCreatedByTheProviderHasAProvenAddress() async throws {
        try await Self.run(allowCreation: true) { world in
            let finished = try await world.signIn()
            #expect(AddressProof.counts(finished.loggedIn.account))
            let stored = try #require(try await world.accounts.find(id: finished.loggedIn.account.id))
            #expect(AddressProof.counts(stored))
        }
    }
}
