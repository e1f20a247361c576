import HTTPTypes
import Hummingbird

/// Lets a participant web app on an allowed origin call the participant routes (`/v1/f/…`).
///
/// Only added when ``AppConfiguration/corsOrigins`` names an origin; otherwise no response carries
/// any CORS header and browsers keep other origins out. With origins configured:
/// - a preflight (`OPTIONS` with `Access-Control-Request-Method`) to a participant route from an
///   allowed origin is answered here with 204, before routing (there are no `OPTIONS` routes);
///   from any other origin it is left to the router, which answers as it would without CORS;
/// - a participant route's response (other than to `OPTIONS`) names the allowed origin in
///   `Access-Control-Allow-Origin`;
/// - every participant route's response says `Vary: Origin`, so caches keep the variants apart.
/// Credentials are never allowed: participants have no cookies, and tokens travel in bodies.
struct CORSMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let allowList: CORSAllowList

    static let participantPrefix = "/v1/f/"
    static let allowedMethods = "GET, POST"
    static let allowedHeaders = "Content-Type, Idempotency-Key, Debrief-Voter"
    /// What a participant app may read besides the simple headers: when to retry, which request.
    static let exposedHeaders = "Retry-After, X-Request-Id, Debrief-Voter"
    /// Browsers cache a preflight this many seconds (Chromium caps it at 7,200).
    static let maxAgeSeconds = "600"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix(Self.participantPrefix) else {
            return try await next(request, context)
        }
        let origin = request.headers[.origin].flatMap { self.allowList.allows($0) ? $0 : nil }
        if let origin, request.method == .options, let method = request.headers[.accessControlRequestMethod],
            ["GET", "POST"].contains(method.uppercased())
        {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: origin,
                    .accessControlAllowMethods: Self.allowedMethods,
                    .accessControlAllowHeaders: Self.allowedHeaders,
                    .accessControlMaxAge: Self.maxAgeSeconds,
                    .vary: "Origin",
                ])
        }
        var response = try await next(request, context)
        // Added to what the route varies on (a participant form varies on Accept-Language too).
        response.headers[.vary] = [response.headers[.vary], "Origin"].compactMap { $0 }.joined(separator: ", ")
        // A preflight not answered above (a method the routes do not have) gets no permission.
        if let origin, request.method != .options {
            response.headers[.accessControlAllowOrigin] = origin
            response.headers[.accessControlExposeHeaders] = Self.exposedHeaders
        }
        return response
    }
}
