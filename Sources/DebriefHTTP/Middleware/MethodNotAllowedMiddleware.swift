import HTTPTypes
import Hummingbird

/// Answers 405 with `Allow` when a path exists but not with the request's method.
///
/// Hummingbird's router answers 404 for both a wrong path and a wrong method. RFC 9110 (§15.5.6)
/// wants 405 for the second, with the methods the resource does support, so a client can tell
/// "no such thing" from "not like that". Added to the router last, after every route: router
/// middleware added then only wraps the not-found responder, which is exactly where it acts.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// One route: its path segments (`nil` for a parameter) and its method.
    private let routes: [(segments: [Substring?], method: HTTPRequest.Method)]

    init(routes: [Router<AppRequestContext>.RouteDescription]) {
        self.routes = routes.map { route in
            // A parameter is spelled `:name` or `{name}` in a route's description.
            let segments = "\(route.path)".split(separator: "/").map { segment in
                segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}")) ? nil : segment
            }
            return (segments, route.method)
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = self.methods(for: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            throw APIError(
                .methodNotAllowed, code: "method_not_allowed",
                detail: "\(request.method) is not allowed here; allowed: \(allowed.joined(separator: ", "))",
                headers: [.allow: allowed.joined(separator: ", ")])
        }
    }

    /// The methods routed for `path`, sorted; HEAD wherever GET is (``HeadAsGetMiddleware``:
    /// the router generates those routes when it is built, so they are not in its list).
    ///
    /// Like the router, a literal segment wins over a parameter: `/v1/meetings/next` is the
    /// `next` route (GET), not `/v1/meetings/{id}` (GET, PATCH, DELETE).
    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/")
        let matching = self.routes.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { pattern, segment in pattern == nil || pattern == segment }
        }
        func literals(_ segments: [Substring?]) -> [Int] { segments.map { $0 == nil ? 0 : 1 } }
        guard let best = matching.map({ literals($0.segments) }).max(by: { $0.lexicographicallyPrecedes($1) }) else { return [] }
        var methods = Set(matching.filter { literals($0.segments) == best }.map(\.method))
        if methods.contains(.get) { methods.insert(.head) }
        return methods.map(\.rawValue).sorted()
    }
}
