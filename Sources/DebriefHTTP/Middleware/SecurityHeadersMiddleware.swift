import HTTPTypes
import Hummingbird

/// Headers every response carries, errors included (this middleware is the outermost).
///
/// The API answers JSON, CSV and event streams, never pages to frame or scripts to run, so the
/// browser is told exactly that: no MIME sniffing, no referrer, nothing to load
/// (``ContentSecurityPolicy/api``). A route that serves HTML sets its own, still strict, policy
/// (``ContentSecurityPolicy/page``), and a header a route set is never replaced — except framing,
/// which ``FramePolicy`` alone decides for every response (docs/decisions/0068).
/// Responses are private by default (`no-store`) unless a route chose its own caching. CORS
/// headers come only from ``CORSMiddleware``, only for configured origins and participant routes,
/// so by default browsers on other origins cannot read answers.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Who may frame which response.
    var framing = FramePolicy(embedOrigins: .none)

    static let headers: [(HTTPField.Name, String)] = [
        (.xContentTypeOptions, "nosniff"),
        (.referrerPolicy, "no-referrer"),
        (.contentSecurityPolicy, ContentSecurityPolicy.api),
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in Self.headers where response.headers[name] == nil {
            response.headers[name] = value
        }
        // After the route's own policy is in place: the one decision about framing goes into it.
        self.framing.apply(to: &response.headers, endpoint: context.endpointPath)
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}

extension HTTPField.Name {
    // Valid tokens by inspection, so the initializer cannot fail (the fallbacks are never used).
    static let xFrameOptions = HTTPField.Name("X-Frame-Options") ?? .via
    static let referrerPolicy = HTTPField.Name("Referrer-Policy") ?? .via
}
