import HTTPTypes
import Hummingbird
import Logging

/// Echoes the request id in `X-Request-Id` and logs one structured line per request.
///
/// Hummingbird already puts the id into `context.logger` metadata (`hb.request.id`), so every
/// log line of a request carries it.
struct RequestLoggingMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[.requestID] = context.id
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method)",
                "http.path": "\(request.uri.path)",
                "http.status": "\(response.status.code)",
                "duration_ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
            ])
        return response
    }
}

/// Applies the configured body limit to the context before any route reads the body, and
/// refuses a declared `Content-Length` over it at once.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > self.limit {
            throw HTTPError(.contentTooLarge)
        }
        var context = context
        context.bodyLimit = self.limit
        return try await next(request, context)
    }
}

extension HTTPField.Name {
    // Valid tokens by inspection, so the initializer cannot fail (the fallbacks are never used).
    static let requestID = HTTPField.Name("X-Request-Id") ?? .via
    /// Tells nginx-style proxies not to buffer an event stream.
    static let accelBuffering = HTTPField.Name("X-Accel-Buffering") ?? .via
}
