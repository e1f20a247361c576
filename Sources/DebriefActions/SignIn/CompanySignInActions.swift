import Debrief
import DebriefStore
import Foundation
import Logging

/// Company sign-in with OpenID Connect (authorization code flow with PKCE): starting it, and
/// finishing it into the same kind of page session a password sign-in makes.
///
/// Every refusal is a ``CompanySignInRefusal`` and creates nothing: the provider is asked
/// before anything is stored, the `state` is consumed once, and an account is linked or created
/// only after the ID token verified (docs/decisions/0046-company-sign-in.md). Each refusal is
/// logged with its reason, never with a token, code or `state`.
public struct CompanySignInActions: Sendable {
    public let settings: CompanySignInSettings
    let provider: any CompanyIdentityProvider
    let store: CompanySignInStore
    let accounts: AccountActions
    /// Records the team memberships a sign-in changed.
    let audit: AuditRecord
    let logger: Logger

    public init(
        settings: CompanySignInSettings, provider: any CompanyIdentityProvider, store: CompanySignInStore, accounts: AccountActions,
        audit: AuditRecord, logger: Logger
    ) {
        self.settings = settings
        self.provider = provider
        self.store = store
        self.accounts = accounts
        self.audit = audit
        self.logger = logger
    }

    /// A started sign-in: where to send the browser, and the `state` its cookie binds it to.
    public struct Started: Sendable {
        public var authorizationURL: String
        public var state: String
    }

    /// Starts a sign-in that returns to `redirectURI` and then goes on to `next` (a local path).
    /// The provider's discovery is asked first, so a provider that is down stores nothing.
    public func begin(next: String, redirectURI: String) async throws -> Started {
        let request = AuthorizationRequest(
            state: Self.newSecret(), nonce: Self.newSecret(), codeVerifier: Self.newSecret(), redirectURI: redirectURI)
        let url: String
        do throws(CompanySignInRefusal) {
            url = try await self.provider.authorizationURL(for: request)
        } catch {
            self.log(error)
            throw error
        }
        try await self.store.saveAttempt(
            state: request.state, .init(nonce: request.nonce, codeVerifier: request.codeVerifier, next: next),
            lifetime: self.settings.attemptLifetime)
        return Started(authorizationURL: url, state: request.state)
    }

    /// What the callback brought: the query's `state`, `code` and `error`, and the `state` the
    /// browser's cookie holds.
    public struct Callback: Sendable {
        public var state: String?
        public var code: String?
        public var error: String?
        public var cookieState: String?

        public init(state: String?, code: String?, error: String?, cookieState: String?) {
            self.state = state
            self.code = code
            self.error = error
            self.cookieState = cookieState
        }
    }

    /// A finished sign-in: the page session, where to go next, and the ID token for sign-out.
    public struct Finished: Sendable {
        public var loggedIn: AccountActions.LoggedIn
        public var next: String
        public var idToken: String
        /// Whether the account was created by this sign-in.
        public var created: Bool
    }

    /// Finishes a sign-in: the `state` must be this browser's and unused; the code is redeemed
    /// and its ID token verified; the account is found, linked or created by the linking rule.
    public func finish(_ callback: Callback, redirectURI: String) async throws -> Finished {
        do {
            return try await self.finishOrRefuse(callback, redirectURI: redirectURI)
        } catch let refusal as CompanySignInRefusal {
            self.log(refusal)
            throw refusal
        }
    }

    private func finishOrRefuse(_ callback: Callback, redirectURI: String) async throws -> Finished {
        guard let state = callback.state, !state.isEmpty else { throw CompanySignInRefusal.missingParameter("state") }
        // Compared before the row is consumed: another site cannot burn a victim's sign-in.
        guard let cookieState = callback.cookieState, ConstantTime.equals(cookieState, state) else {
            throw CompanySignInRefusal.stateNotThisBrowser
        }
        let attempt: CompanySignInStore.Attempt
        switch try await self.store.consumeAttempt(state: state) {
        case .consumed(let found): attempt = found
        case .replayed: throw CompanySignInRefusal.stateReplayed
        case .expired: throw CompanySignInRefusal.stateExpired
        case .unknown: throw CompanySignInRefusal.stateUnknown
        }
        if let error = callback.error { throw CompanySignInRefusal.providerError(Self.printable(error)) }
        guard let code = callback.code, !code.isEmpty else { throw CompanySignInRefusal.missingParameter("code") }
        let identity = try await self.provider.redeem(
            code: code, codeVerifier: attempt.codeVerifier, redirectURI: redirectURI, nonce: attempt.nonce)
        let person = CompanySignInStore.ProviderAccount(
            issuer: identity.issuer, subject: identity.subject, email: identity.email.flatMap { try? EmailAddress.parse($0).get() },
            emailVerified: identity.emailVerified, name: identity.name)
        let account: Account
        var created = false
        switch try await self.store.resolve(person, allowCreation: self.settings.allowsAccountCreation) {
        case .linked(let found): account = found
        case .linkedByEmail(let found):
            account = found
            self.logger.info("company sign-in linked an account by its verified e-mail", metadata: ["account": "\(found.id)"])
        case .created(let new):
            account = new
            created = true
            self.logger.info("company sign-in created an account", metadata: ["account": "\(new.id)"])
        case .unverifiedEmail: throw CompanySignInRefusal.unverifiedEmail
        case .noAccount: throw CompanySignInRefusal.noAccount
        case .linkedToAnother: throw CompanySignInRefusal.linkedToAnother
        case .unprovenAccount: throw CompanySignInRefusal.unprovenAccount
        }
        if let teams = self.settings.teams { try await self.syncTeams(of: account, teams, values: identity.groups ?? []) }
        let loggedIn = try await self.accounts.startSession(for: account)
        return Finished(loggedIn: loggedIn, next: attempt.next, idToken: identity.idToken, created: created)
    }

    /// Where to send a signing-out browser to end the provider's session too, if it offers that.
    public func endSessionURL(idTokenHint: String, postLogoutRedirectURI: String) async -> String? {
        await self.provider.endSessionURL(idTokenHint: idTokenHint, postLogoutRedirectURI: postLogoutRedirectURI)
    }

    private func log(_ refusal: CompanySignInRefusal) {
        var metadata: Logger.Metadata = ["reason": "\(refusal.reason)"]
        if let detail = refusal.detail { metadata["detail"] = "\(detail)" }
        self.logger.warning("company sign-in refused", metadata: metadata)
    }

    /// 256 random bits, base64url (44 characters): a valid PKCE verifier, `state` and `nonce`.
    static func newSecret() -> String {
        SecretToken.newPageNonce() + SecretToken.newPageNonce()
    }

    /// A provider's error code for a log line: short, printable ASCII only.
    public static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F }.prefix(64).map(Character.init))
    }
}
