import Debrief
import DebriefStore
import Foundation

/// Accounts and their tokens: signing up, logging in and out, the profile, and finding the
/// account behind a bearer token. The JSON API and the sign-in page both call these, so every
/// rule is applied once.
public struct AccountActions: Sendable {
    let accounts: AccountStore
    let tokens: TokenStore
    let throttle: LoginThrottle
    let signUpGate: SignUpGate
    /// Records hosts' writes, so their lag-tolerant reads wait for the standby (``ReadReplica``);
    /// nil in tests that have no standby to wait for.
    let readReplica: ReadReplica?
    /// "Company sign-in only" (docs/sign-in.md): a password signs in an admin only (break-glass),
    /// and signs up only the first account of an empty installation, its admin.
    let passwordsForAdminsOnly: Bool
    /// Mails a new account's address its confirmation link when SMTP is configured (decision 54);
    /// nil in tests that build accounts without mail.
    let mail: MailActions?
    /// Records every sign-in of an installation admin (decision 91). Not optional: no way of
    /// building the actions leaves an admin's sign-in out of the record.
    let audit: AuditRecord

    /// Everything is given here, once: nothing is assigned into the actions after they are built.
    public init(
        accounts: AccountStore, tokens: TokenStore, throttle: LoginThrottle, signUpGate: SignUpGate, readReplica: ReadReplica? = nil,
        passwordsForAdminsOnly: Bool = false, mail: MailActions? = nil, audit: AuditRecord
    ) {
        self.accounts = accounts
        self.tokens = tokens
        self.throttle = throttle
        self.signUpGate = signUpGate
        self.readReplica = readReplica
        self.passwordsForAdminsOnly = passwordsForAdminsOnly
        self.mail = mail
        self.audit = audit
    }

    public struct LoggedIn: Sendable {
        public var token: TokenStore.IssuedToken
        public var account: Account
    }

    /// Creates an account from a sign-up body, as the sign-up policy or an invitation link
    /// allows (403 `forbidden` otherwise, decided before the password is hashed; see
    /// ``SignUpGate``); 422 naming each bad field, 409 for a taken email. From a `client`
    /// address, sign-ups are rate-limited (`rateLimited`), also before any hashing.
    public func signUp(_ input: SignUpInput, invitation: String? = nil, client: String? = nil, language: Language = .en) async throws -> Account {
        try await self.signUpMailingProof(input, invitation: invitation, client: client, language: language).account
    }

    /// What a sign-up did: the new account, and whether the link that proves its address was
    /// mailed now (false without e-mail, or when the mail cap held it back), so the sign-up page
    /// can say where the link went (issue 68).
    public struct SignedUp: Sendable {
        public var account: Account
        public var proofMailed: Bool
    }

    /// ``signUp(_:invitation:client:language:)``, telling whether the confirmation link was mailed.
    public func signUpMailingProof(
        _ input: SignUpInput, invitation: String? = nil, client: String? = nil, language: Language = .en
    ) async throws -> SignedUp {
        let valid = try input.validate().get()
        let admission = try await self.signUpGate.admit(invitation: invitation)
        if self.passwordsForAdminsOnly, admission != .firstAdmin { throw Self.companySignInOnly }
        if let client { try await self.throttle.reserveSignUp(client: client) }
        let account = try await self.accounts.create(valid, admission: admission)
        // Every sign-up path (page, JSON, invitation) comes through here, so every unproven
        // account gets its link. The account exists either way: a message that could not be
        // written (the mail cap) is sent again from the account page.
        var mailed = false
        do {
            mailed = try await self.mail?.sendAddressProof(to: account, language: language) ?? false
        } catch let error as DebriefError where error.code == .rateLimited {}
        return SignedUp(account: account, proofMailed: mailed)
    }

    /// A page session for an account that just proved itself another way (signed up this moment).
    public func startSession(for account: Account) async throws -> LoggedIn {
        guard let token = try await self.tokens.issueSession(.page, for: account) else { throw Self.credentialsChanged }
        try await self.recordSignIn(of: account, detail: "session")
        return LoggedIn(token: token, account: account)
    }

    /// Wrong email and wrong password get the same answer in the same time; repeated failures
    /// for one email or one client address are refused (`rateLimited`) before any password is
    /// checked. Each attempt is reserved against both limits before bcrypt runs, so parallel
    /// guesses cannot all slip past the limit while the first ones are being checked. Throws a
    /// ``ValidationFailure`` naming `email` and `password` when they are missing or malformed,
    /// and `unauthenticated` when they do not match an account — also when the password checked
    /// stopped being the account's (or it signed out everywhere) before the token was issued.
    /// `kind` is `.signIn` for `POST /v1/tokens`, `.page` for the sign-in page.
    public func logIn(email rawEmail: String?, password: String?, client: String, kind: TokenKind) async throws -> LoggedIn {
        var problems = ProblemCollector()
        // Looked up, not re-checked: an address stored under earlier rules still signs in.
        let email = EmailAddress.lookingUp(rawEmail)
        if email == nil { problems.add("email", rawEmail == nil ? "is required" : "must be a valid email address") }
        if (password ?? "").isEmpty {
            problems.add("password", "is required")
        } else if let password, AccountRules.containsControlCharacter(password) {
            // No password was ever set with one (see AccountRules), and bcrypt would stop at a NUL.
            problems.add("password", "must not contain control characters")
        }
        guard let email, let password, problems.isEmpty else {
            throw ValidationFailure(problems: problems.problems)
        }
        let reservation = try await self.throttle.reserve(email: email, client: client)
        // The reservation stays when nothing is issued: it is this failure.
        guard let account = try await self.accounts.authenticate(email: email, password: password) else { throw Self.wrongCredentials }
        // Only after the password matched, so the answer tells nothing to someone without it.
        if self.passwordsForAdminsOnly, account.role != .admin { throw Self.companySignInOnly }
        guard let token = try await self.tokens.issueSession(kind, for: account) else { throw Self.wrongCredentials }
        try await self.throttle.recordSuccess(reservation)
        try await self.recordSignIn(of: account, detail: "password")
        return LoggedIn(token: token, account: account)
    }

    /// An admin's sign-in is in the read record; a failure to record fails the sign-in.
    private func recordSignIn(of account: Account, detail: String) async throws {
        guard account.role == .admin else { return }
        try await self.audit.record(AuditEvent(.adminSignIn, detail: detail), by: account.viewer)
    }

    static let wrongCredentials = DebriefError(.unauthenticated, "the email or password is wrong")
    static let companySignInOnly = DebriefError(
        .forbidden, "this installation signs in with the company account; passwords sign in admins only")
    static let credentialsChanged = DebriefError(.unauthenticated, "the account's password changed; sign in again")

    /// The account a token presented `as` (the bearer header or the page cookie) belongs to, if
    /// it is valid there (``TokenPresentation``).
    public func account(forToken token: String, presentedAs presentation: TokenPresentation) async throws -> Account? {
        try await self.tokens.account(for: token, presentedAs: presentation)
    }

    /// Whether a token is still valid, revoked or expired (live streams check it as they go).
    public func tokenStatus(_ token: String) async throws -> TokenStore.Status {
        try await self.tokens.status(of: token)
    }

    /// Revokes a token: logging out, on the API or the pages.
    public func logOut(token: String) async throws {
        try await self.tokens.revoke(token)
    }

    /// Takes the zone a browser reported at sign-up or sign-in (`Intl`, a hidden field the host
    /// never typed) when the account has none yet; a missing or invalid one changes nothing.
    public func adoptBrowserTimeZone(of account: Account, _ raw: String?) async throws {
        guard account.timeZone == nil, let raw, HostTimeZone.zone(raw) != nil else { return }
        _ = try await self.accounts.update(id: account.id, ProfilePatch(timeZone: raw))
    }

    /// Changes the signed-in account's profile (422 naming each bad field).
    public func updateProfile(of account: Account, _ input: ProfilePatchInput) async throws -> Account {
        try await self.accounts.update(id: account.id, try input.validate().get())
    }
}

extension AccountActions {
    /// Runs `body` (the rest of a signed-in request) so that reads which may go to a standby go
    /// there only once it has replayed `account`'s last write; afterwards, when the request
    /// changed something (`wrote` says so from its outcome), records where that write ended.
    public func readingYourWrites<Value>(
        as account: Account, _ body: () async throws -> Value, wrote: (Value) -> Bool
    ) async throws -> Value {
        guard let replica = self.readReplica, replica.hasReplica else { return try await body() }
        let lastWrite = try await replica.lastWrite(of: account.id)
        let value = try await ReadReplica.$readerLastWrite.withValue(lastWrite) { try await body() }
        if wrote(value) { try await replica.recordWrite(account: account.id) }
        return value
    }
}
