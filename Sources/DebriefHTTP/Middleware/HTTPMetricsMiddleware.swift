import DebriefStore
import HTTPTypes
import Hummingbird
import Metrics

/// Counts every request and records its latency (to the response head), by route template,
/// method and status class: `debrief_http_requests_total` and
/// `debrief_http_request_duration_seconds`.
///
/// Hummingbird's own `MetricsMiddleware` labels by the full status code and the raw method (any
/// token a client sends becomes a new series) and records through the process-wide factory; this
/// one keeps every label bounded — the route is the matched template (`/v1/meetings/{id}`, or
/// `unmatched`), the method one of the eight standard ones or `other`, the status `2xx`…`5xx` —
/// and records on the factory it is given, so tests read their own application's values.
///
/// It also counts the refusals of the two submission routes (API and page) that the HTTP layer
/// answers — bad bodies, conflicts, closed forms, rate limits — on ``SubmissionMetrics``; the
/// store counts the accepted ones and the replays.
struct HTTPMetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let factory: any MetricsFactory
    let submissions: SubmissionMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let status: HTTPResponse.Status
        do {
            let response = try await next(request, context)
            status = response.status
            self.record(request, context: context, status: status, since: start)
            return response
        } catch {
            status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            self.record(request, context: context, status: status, since: start)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: HTTPResponse.Status, since start: ContinuousClock.Instant) {
        let route = context.endpointPath ?? "unmatched"
        let dimensions = [
            ("route", route), ("method", Self.method(request.method)), ("status_class", "\(status.code / 100)xx"),
        ]
        Counter(label: "debrief_http_requests_total", dimensions: dimensions, factory: self.factory).increment()
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        Timer(label: "debrief_http_request_duration_seconds", dimensions: dimensions, factory: self.factory)
            .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if request.method == .post, Self.isSubmission(route: route), let reason = Self.refusal(status) {
            self.submissions.refused(reason)
        }
    }

    /// The method as a label: a standard method's name, anything else `other`.
    static func method(_ method: HTTPRequest.Method) -> String {
        switch method {
        case .get, .head, .post, .put, .patch, .delete, .options, .trace: return method.rawValue
        default: return "other"
        }
    }

    /// The API's `POST /v1/f/{code}/responses` and the participant page's `POST /f/{code}`.
    static func isSubmission(route: String) -> Bool {
        (route.hasPrefix("/v1/f/") && route.hasSuffix("/responses")) || route == "/f/{code}" || route == "/f/:code"
    }

    /// The refusal a submission's status stands for; nil for stored (2xx, 303), unknown (404) or
    /// failed (5xx) ones.
    static func refusal(_ status: HTTPResponse.Status) -> SubmissionMetrics.Refusal? {
        switch status.code {
        case 400, 413, 415, 422: return .validation
        case 409: return .conflict
        case 410: return .closed
        case 429: return .rateLimited
        default: return nil
        }
    }
}
