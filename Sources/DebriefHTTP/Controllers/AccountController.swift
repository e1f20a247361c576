import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// Sign-up, log-in and log-out, and the signed-in account's profile.
struct AccountController {
    let services: AppServices

    struct LoginInput: Decodable {
        var email: String?
        var password: String?
    }

    struct IssuedToken: ResponseEncodable {
        var token: String
        var tokenType = "Bearer"
        var expiresAt: Date
        var account: Account
    }

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("accounts") { request, context -> EditedResponse<Account> in
            let signUp = try await request.decodeJSON(as: SignUpInput.self, context: context).validate().get()
            let account = try await self.services.accounts.create(signUp)
            return EditedResponse(status: .created, response: account)
        }
        group.post("tokens", use: self.logIn)
    }

    func addAuthenticatedRoutes(to group: RouterGroup<AppRequestContext>) {
        group.delete("tokens/current") { _, context -> Response in
            if let token = context.bearerToken { try await self.services.tokens.revoke(token) }
            return Response(status: .noContent)
        }
        group.get("me") { _, context in
            try context.requireAccount()
        }
        group.patch("me") { request, context -> Account in
            let patch = try await request.decodeJSON(as: ProfilePatchInput.self, context: context).validate().get()
            return try await self.services.accounts.update(id: try context.requireAccount().id, patch)
        }
    }

    /// Wrong email and wrong password get the same answer in the same time; repeated failures
    /// for one email or one client address are refused with 429 before any password is checked.
    @Sendable func logIn(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<IssuedToken> {
        let input = try await request.decodeJSON(as: LoginInput.self, context: context)
        var problems = ProblemCollector()
        let email = try? EmailAddress.parse(input.email).get()
        if email == nil { problems.add("email", input.email == nil ? "is required" : "must be a valid email address") }
        if (input.password ?? "").isEmpty {
            problems.add("password", "is required")
        } else if let password = input.password, AccountRules.containsControlCharacter(password) {
            // No password was ever set with one (see AccountRules), and bcrypt would stop at a NUL.
            problems.add("password", "must not contain control characters")
        }
        guard let email, let password = input.password, problems.isEmpty else {
            throw ValidationFailure(problems: problems.problems)
        }
        let throttle = self.services.loginThrottle
        try await throttle.check(email: email, client: context.clientAddress)
        guard let account = try await self.services.accounts.authenticate(email: email, password: password) else {
            try await throttle.recordFailure(email: email, client: context.clientAddress)
            throw DebriefError(.unauthenticated, "the email or password is wrong")
        }
        try await throttle.recordSuccess(email: email)
        let issued = try await self.services.tokens.issue(for: account.id)
        return EditedResponse(
            status: .created, response: IssuedToken(token: issued.token, expiresAt: issued.expiresAt, account: account))
    }
}

extension Account: ResponseEncodable {}
