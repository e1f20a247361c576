import Debrief
import Hummingbird

/// Limits the public participant routes per client address and per form (the `:code` path
/// parameter, normalized so spelling variants share one bucket) with a 429 and `Retry-After`.
///
/// Added to a router group, so it runs after routing: the path parameters are known.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = AppRequestContext

    let perAddress: RateLimiter
    let perForm: RateLimiter

    /// `share` is this instance's fraction of the documented rates (``ClusterPeers/shareOfLoad``).
    public init(settings: RateLimitSettings, share: @escaping @Sendable () -> Double = { 1 }) {
        self.perAddress = RateLimiter(rate: settings.perAddress, share: share)
        self.perForm = RateLimiter(rate: settings.perForm, share: share)
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let byAddress = self.perAddress.take(context.clientAddress)
        guard byAddress.allowed else { throw APIError.tooManyRequests(retryAfterSeconds: byAddress.retryAfterSeconds) }
        // A code that cannot be normalized names no form (404 follows); the address limit covers it.
        if let raw = context.parameters.get("code"), let code = FormCode.normalize(raw) {
            let byForm = self.perForm.take(code)
            guard byForm.allowed else { throw APIError.tooManyRequests(retryAfterSeconds: byForm.retryAfterSeconds) }
        }
        return try await next(request, context)
    }
}
