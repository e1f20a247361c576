import DebriefActions
import DebriefStore
import HTTPTypes
import Hummingbird

/// Behind a trusted proxy, the client address (for rate limits and the login throttle) is the
/// one the proxy wrote into `X-Forwarded-For`, not the proxy's own. Added first, before anything
/// reads ``AppRequestContext/clientAddress``.
struct ForwardedClientMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let trusted: TrustedProxies
    private static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    init(trusted: TrustedProxies) {
        self.trusted = trusted
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let forwarded = request.headers[values: Self.forwardedFor].joined(separator: ",")
        context.clientAddress = self.trusted.client(peer: context.clientAddress, forwardedFor: forwarded.isEmpty ? nil : forwarded)
        // The read record's "from where" is this address, named once here (decision 91).
        let origin = AuditOrigin(address: context.clientAddress, userAgent: request.headers[.userAgent])
        return try await AuditRecord.$origin.withValue(origin) { try await next(request, context) }
    }
}
