import Debrief
import DebriefStore
import Foundation

/// Logging in, with every rule applied once: the token route of the JSON API
/// (``AccountController``) and the sign-in page both call it.
struct AccountActions {
    let services: AppServices

    struct LoggedIn {
        var token: TokenStore.IssuedToken
        var account: Account
    }

    /// Wrong email and wrong password get the same answer in the same time; repeated failures
    /// for one email or one client address are refused (`rateLimited`) before any password is
    /// checked. Throws a ``ValidationFailure`` naming `email` and `password` when they are
    /// missing or malformed, and `unauthenticated` when they do not match an account.
    func logIn(email rawEmail: String?, password: String?, client: String) async throws -> LoggedIn {
        var problems = ProblemCollector()
        let email = try? EmailAddress.parse(rawEmail).get()
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
        let throttle = self.services.loginThrottle
        try await throttle.check(email: email, client: client)
        guard let account = try await self.services.accounts.authenticate(email: email, password: password) else {
            try await throttle.recordFailure(email: email, client: client)
            throw DebriefError(.unauthenticated, "the email or password is wrong")
        }
        try await throttle.recordSuccess(email: email)
        return LoggedIn(token: try await self.services.tokens.issue(for: account.id), account: account)
    }
}
