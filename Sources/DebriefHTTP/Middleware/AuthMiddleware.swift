import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// Requires `Authorization: Bearer <token>` for the routes behind it and puts the account in the
/// context. Missing, malformed, unknown, expired and revoked tokens all get the same 401.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let tokens: TokenStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.count <= 200,
            header.lowercased().hasPrefix("bearer ")
        else { throw APIError.unauthorized }
        let token = String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        // Tokens are printable ASCII; anything else cannot be one (and must not reach SQL as-is).
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let account = try await self.tokens.account(for: token)
        else { throw APIError.unauthorized }
        var context = context
        context.account = account
        context.bearerToken = token
        return try await next(request, context)
    }
}
