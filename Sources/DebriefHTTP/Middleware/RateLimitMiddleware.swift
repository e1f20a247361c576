import Debrief
import Hummingbird

/// Limits the public participant routes per client address and per form (the `:code` path
/// parameter, normalized so spelling variants share one bucket) with a 429 and `Retry-After`.
///
/// Added to a router group, so it runs after routing: the path parameters are known.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    /// Also handed to the pages, so a page and its API route share one allowance.
    public let admission: Admission

    /// The limits and this instance's share of them are ``Admission``'s.
    public init(admission: Admission) {
        self.admission = admission
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A code that cannot be normalized names no form (404 follows); the address limit covers it.
        let code = context.parameters.get("code").flatMap(FormCode.normalize)
        try self.admission.participantRequest(address: context.clientAddress, code: code)
        return try await next(request, context)
    }
}
