import HTTPTypes
import Hummingbird

/// `HEAD` answers wherever `GET` does, with GET's status and headers and no body (RFC 9110
/// §9.3.2): the JSON API, the pages, the assets and the document alike.
///
/// Two parts, one rule. The router is built with `.autoGenerateHeadEndpoints`, so every GET route
/// also routes HEAD, and Hummingbird writes what that route answers without its body
/// (`createHeadResponse`, which keeps `Content-Length`). This middleware, added to the router
/// before any route (after the request's log line and metrics, which still say HEAD), runs the
/// rest of the chain as the GET it stands for: a rule that asks
/// "is this a GET?" (the sign-in redirect's `next`, cookies accepted on reads) answers the same
/// for both, so the headers cannot drift apart. The body a GET route builds is dropped unwritten:
/// a live stream or an export never starts, and the slots they hold are freed with them.
struct HeadAsGetMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .head else { return try await next(request, context) }
        var head = request.head
        head.method = .get
        return try await next(Request(head: head, body: request.body), context).createHeadResponse()
    }
}
