import Debrief
import DebriefActions
import DebriefStore
import Foundation
import Hummingbird

/// Sign-up, log-in and log-out, and the signed-in account's profile.
struct AccountController {
    let accounts: AccountActions

    struct LoginInput: Decodable {
        var email: String?
        var password: String?
    }

    struct IssuedToken: ResponseEncodable {
        var token: String
        var tokenType = "Bearer"
        var expiresAt: Date
        var account: AccountResponse
    }

    func addPublicRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("accounts") { request, context -> EditedResponse<AccountResponse> in
            let account = try await self.accounts.signUp(
                try await request.decodeJSON(as: SignUpInput.self, context: context), client: context.clientAddress)
            return EditedResponse(status: .created, response: AccountResponse(account))
        }
        group.post("tokens", use: self.logIn)
    }

    func addAuthenticatedRoutes(to group: RouterGroup<AppRequestContext>) {
        group.delete("tokens/current") { _, context -> Response in
            if let token = context.bearerToken { try await self.accounts.logOut(token: token) }
            return Response(status: .noContent)
        }
        group.get("me") { _, context in
            AccountResponse(try context.requireAccount())
        }
        group.patch("me") { request, context -> AccountResponse in
            let patch = try await request.decodeJSON(as: ProfilePatchInput.self, context: context)
            return AccountResponse(try await self.accounts.updateProfile(of: try context.requireAccount(), patch))
        }
    }

    /// See ``AccountActions/logIn(email:password:client:)``: 201 with a new token, 422 for missing
    /// fields, 401 for a wrong email or password, 429 after repeated failures.
    @Sendable func logIn(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<IssuedToken> {
        let input = try await request.decodeJSON(as: LoginInput.self, context: context)
        let loggedIn = try await self.accounts.logIn(
            email: input.email, password: input.password, client: context.clientAddress, kind: .signIn)
        return EditedResponse(
            status: .created,
            response: IssuedToken(token: loggedIn.token.token, expiresAt: loggedIn.token.expiresAt, account: AccountResponse(loggedIn.account)))
    }
}
