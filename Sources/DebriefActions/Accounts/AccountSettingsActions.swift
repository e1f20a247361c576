import Debrief
import DebriefStore
import Foundation

/// What a signed-in host does on the account page, and an admin on the admin page: password,
/// sessions, personal API tokens, invitations and accounts made for others.
public struct AccountSettingsActions: Sendable {
    let accounts: AccountStore
    let tokens: TokenStore
    let invitations: InvitationStore
    /// Guesses at the current password count as failed sign-ins of the account's email and the
    /// client's address, so the account page is no way around the sign-in throttle.
    let throttle: LoginThrottle

    /// How long an invitation link works.
    public static let invitationLifetime: Duration = .seconds(7 * 24 * 3600)
    /// The lifetimes a personal token may have, in days.
    public static let tokenLifetimeDays = [7, 30, 90, 365]

    public init(accounts: AccountStore, tokens: TokenStore, invitations: InvitationStore, throttle: LoginThrottle) {
        self.accounts = accounts
        self.tokens = tokens
        self.invitations = invitations
        self.throttle = throttle
    }

    /// Changes the password. The current one is required (`unauthenticated` at `currentPassword`
    /// when wrong, `rateLimited` after repeated wrong ones from `client` or for the account);
    /// every other session and token of the account is revoked, `keeping` stays.
    public func changePassword(of account: Account, current: String?, new: String?, keeping token: String?, client: String) async throws {
        var problems = ProblemCollector()
        if (current ?? "").isEmpty { problems.add("currentPassword", "is required") }
        let password = AccountRules.checkPassword(new, at: "newPassword", into: &problems)
        guard let current, let password, problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let checked = try await self.checkCurrentPassword(of: account, current, client: client)
        // False only when another change of the credentials committed since the check.
        guard try await self.accounts.changePassword(checked, to: password, keeping: token) else {
            throw Self.currentPasswordWrong
        }
    }

    /// Signs the account out of every browser and revokes its personal tokens; a sign-in in
    /// progress is issued nothing.
    public func signOutEverywhere(_ account: Account) async throws {
        try await self.accounts.signOutEverywhere(id: account.id)
    }

    /// Creates a personal token named `rawName`, valid for `days` (one of ``tokenLifetimeDays``),
    /// once the current password is given (as for ``changePassword(of:current:new:keeping:client:)``):
    /// a session left open, or a token that reached the pages, cannot mint a long-lived one.
    public func createToken(
        for account: Account, currentPassword: String?, name rawName: String?, days rawDays: String?, client: String
    ) async throws -> TokenStore.IssuedToken {
        var problems = ProblemCollector()
        if (currentPassword ?? "").isEmpty { problems.add("currentPassword", "is required") }
        let name = (rawName ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if TextRules.isBlank(name) {
            problems.add("name", "is required")
        } else if name.count > 80 || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.add("name", "must be at most 80 characters, without control characters")
        }
        let days = rawDays.flatMap { Int($0) }
        if days.map({ !Self.tokenLifetimeDays.contains($0) }) ?? true {
            problems.add("expiresInDays", "must be one of \(Self.tokenLifetimeDays.map(String.init).joined(separator: ", "))")
        }
        guard let currentPassword, let days, problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let checked = try await self.checkCurrentPassword(of: account, currentPassword, client: client)
        guard let issued = try await self.tokens.issuePersonal(for: checked, name: name, lifetime: .seconds(days * 86_400)) else {
            throw Self.currentPasswordWrong
        }
        return issued
    }

    static let currentPasswordWrong = DebriefError(.unauthenticated, "the current password is wrong", field: "currentPassword")

    /// The account as read when `password` was checked against it, under the login throttle: the
    /// attempt is reserved against the account's email and `client` before bcrypt runs, and
    /// taken back when it was right.
    private func checkCurrentPassword(of account: Account, _ password: String, client: String) async throws -> Account {
        guard let email = EmailAddress.lookingUp(account.email) else { throw Self.currentPasswordWrong }
        let reservation = try await self.throttle.reserve(email: email, client: client)
        guard let checked = try await self.accounts.verify(id: account.id, password: password) else { throw Self.currentPasswordWrong }
        try await self.throttle.recordSuccess(reservation)
        return checked
    }

    public func tokens(of account: Account) async throws -> [TokenStore.PersonalToken] {
        try await self.tokens.personalTokens(of: account.id)
    }

    public func revokeToken(_ id: UUID, of account: Account) async throws {
        try await self.tokens.revokePersonal(id: id, of: account.id)
    }

    // MARK: - Admin

    /// A one-time sign-up link's token, for an admin to hand out.
    public func invite(by admin: Account) async throws -> InvitationStore.IssuedInvitation {
        try Self.requireAdmin(admin)
        return try await self.invitations.issue(by: admin.id, lifetime: Self.invitationLifetime)
    }

    public func invitations(by admin: Account) async throws -> [InvitationStore.Invitation] {
        try Self.requireAdmin(admin)
        return try await self.invitations.list(by: admin.id)
    }

    /// An admin creates a host account (422 naming each bad field, 409 for a taken email).
    public func createHost(by admin: Account, _ input: SignUpInput) async throws -> Account {
        try Self.requireAdmin(admin)
        return try await self.accounts.create(try input.validate().get(), role: .host)
    }

    /// Only admins: to anyone else the admin's pages do not exist.
    static func requireAdmin(_ account: Account) throws {
        guard account.role == .admin else { throw DebriefError.notFound("page") }
    }
}
