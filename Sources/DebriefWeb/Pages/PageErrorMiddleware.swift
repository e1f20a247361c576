import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// The page routes' errors as HTML pages in the visitor's language, with the status the API
/// would give (404, 410, 429 with `Retry-After`, …), instead of problem documents.
///
/// The mapping from error to status is ``ProblemMiddleware``'s, so the pages and the API agree.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// What a 404 is about on these routes: a participant's form, or a host's meeting.
    enum Subject: Sendable {
        case form
        case meeting
    }

    let subject: Subject

    struct View {
        var heading: String
        var message: String
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = ProblemMiddleware.apiError(for: error, context: context)
            if apiError.status.code >= 500 {
                context.logger.error("page request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            guard let writer = try? PageWriter(request) else { throw error }
            let view = self.view(for: apiError, localizer: writer.localizer)
            var response = try writer.page("message", title: view.heading, view: view, status: apiError.status)
            if let retryAfter = apiError.headers[.retryAfter] { response.headers[.retryAfter] = retryAfter }
            if let allow = apiError.headers[.allow] { response.headers[.allow] = allow }
            return response
        }
    }

    func view(for error: APIError, localizer t: Localizer) -> View {
        switch error.status.code {
        case 404 where self.subject == .form: return View(heading: t(.notFoundHeading), message: t(.notFoundBody))
        case 404: return View(heading: t(.meetingNotFoundHeading), message: t(.meetingNotFoundBody))
        case 410: return View(heading: t(.closedHeading), message: t(.closedBody))
        case 429:
            return View(heading: t(.tooManyHeading), message: t(.tooManyBody, ["n": error.headers[.retryAfter] ?? "60"]))
        case 403 where error.code == "forbidden": return View(heading: t(.forbiddenHeading), message: t(.forbiddenBody))
        case 403: return View(heading: t(.badRequestHeading), message: t(.formExpired))
        case 400..<500: return View(heading: t(.badRequestHeading), message: t(.badRequestBody))
        default: return View(heading: t(.errorHeading), message: t(.errorBody))
        }
    }
}
