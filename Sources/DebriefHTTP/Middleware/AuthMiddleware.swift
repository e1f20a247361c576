import DebriefActions
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// Requires `Authorization: Bearer <token>` for the routes behind it and puts the account in the
/// context. Missing, malformed, unknown, expired and revoked tokens, and page sessions sent as a
/// bearer token, all get the same 401.
///
/// Routes a signed-in host's page reads from script (the live stream) may also accept the
/// session cookie (``SessionCookie``, a page session only), on GET only: a GET changes nothing, so another site that
/// makes the browser send the cookie gains nothing it could read (there are no CORS headers).
/// Every route that changes something keeps requiring the header, which no other site can set.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let accounts: AccountActions
    var acceptsSessionCookieOnGET = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let (token, presentation) = try self.token(in: request),
            // Tokens are printable ASCII; anything else cannot be one (and must not reach SQL as-is).
            !token.isEmpty, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let account = try await self.accounts.account(forToken: token, presentedAs: presentation)
        else { throw APIError.unauthorized }
        var context = context
        context.account = account
        context.bearerToken = token
        return try await self.accounts.readingYourWrites(as: account, { try await next(request, context) }) { response in
            request.method.changesState && response.status.code < 400
        }
    }

    /// The bearer token of the `Authorization` header; else, where allowed, the session cookie's;
    /// with where it was found, which decides the kinds of token accepted (``TokenPresentation``).
    private func token(in request: Request) throws -> (String, TokenPresentation)? {
        if let header = request.headers[.authorization] {
            guard header.count <= 200, header.lowercased().hasPrefix("bearer ") else { throw APIError.unauthorized }
            return (String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces), .bearerHeader)
        }
        guard self.acceptsSessionCookieOnGET, request.method == .get || request.method == .head,
            let token = SessionCookie.token(in: request)
        else { return nil }
        return (token, .sessionCookie)
    }
}

extension HTTPRequest.Method {
    /// Whether a request with this method may change something (not GET, HEAD or OPTIONS).
    public var changesState: Bool {
        self != .get && self != .head && self != .options
    }
}
