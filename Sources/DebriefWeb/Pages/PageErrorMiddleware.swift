import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// The page routes' errors as HTML pages in the visitor's language, with the status the API
/// would give (404, 410, 429 with `Retry-After`, …), instead of problem documents.
///
/// The language is the one the page would have spoken (issue 67: a participant who chose Korean
/// read "Something went wrong" when the database was down): on a participant's page the one its
/// address chose (`?lang=`, which a translated form's links and posts carry), when the pages
/// speak it; else the browser's `Accept-Language`.
///
/// The mapping from error to status is ``ProblemMiddleware``'s, so the pages and the API agree.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// What the routes are about: a participant's form, a host's meeting, or the company
    /// sign-in of the provider named (its refusals say what happened and how to try again).
    enum Subject: Sendable {
        case form
        case meeting
        case companySignIn(provider: String)
    }

    let subject: Subject

    struct Link {
        var href: String
        var text: String
    }

    /// A field the request got wrong, as the API's problem names it (`status`, `up`, `pinned`).
    struct Field {
        var name: String
        var message: String
    }

    struct View {
        var heading: String
        var message: String
        var link: Link? = nil
        /// The refused fields: a post whose field no block shows beside it (a button's value)
        /// still gets a page that says which field was wrong, as the API's 4xx does.
        var fields: [Field] = [] {
            didSet { self.hasFields = !self.fields.isEmpty }
        }
        /// Stored, not computed: templates read by reflection.
        var hasFields = false
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return try self.response(for: error, request, context: context)
        }
    }

    /// The page of `error` (what ``handle(_:context:next:)`` answers), for a route that adds to it
    /// (a cookie to clear) before answering.
    func response(for error: any Error, _ request: Request, context: Context) throws -> Response {
        let apiError = ProblemMiddleware.apiError(for: error, context: context)
        if apiError.status.code >= 500 {
            context.logger.error("page request failed", metadata: ["error": "\(String(reflecting: error))"])
        }
        guard let writer = try? PageWriter(language: self.chosenLanguage(request) ?? Language(request.headers)) else { throw error }
        var view = self.view(for: apiError, error: error, localizer: writer.localizer)
        if (400..<500).contains(apiError.status.code) {
            view.fields = apiError.fieldProblems.map {
                Field(name: $0.path, message: ProblemMessages.sentence(for: $0.message, in: writer.localizer.language))
            }
        }
        var response = try writer.page("message", title: view.heading, view: view, status: apiError.status)
        if let retryAfter = apiError.headers[.retryAfter] { response.headers[.retryAfter] = retryAfter }
        if let allow = apiError.headers[.allow] { response.headers[.allow] = allow }
        if case .companySignIn = self.subject { response.headers[.cacheControl] = "no-store" }
        return response
    }

    func view(for error: APIError, error original: any Error, localizer t: Localizer) -> View {
        if case .companySignIn(let provider) = self.subject, let refusal = original as? CompanySignInRefusal {
            var values = ["name": provider]
            if case .providerError(let code) = refusal { values["error"] = code }
            let heading = t(.companyRefusedHeading)
            return View(
                heading: heading, message: t(CompanySignInController.phrase(for: refusal), values),
                link: Link(href: "/signin", text: t(.companyTryAgain)))
        }
        switch error.status.code {
        case 404 where self.isAboutForms: return View(heading: t(.notFoundHeading), message: t(.notFoundBody))
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

    /// The language a participant's link chose (`/f/{code}?lang=ko`), when the pages speak it: the
    /// form's pages speak it too (``ParticipantPageController/pageLanguage(_:_:_:)``).
    private func chosenLanguage(_ request: Request) -> Language? {
        guard self.isAboutForms, let picked = request.uri.queryParameters.get("lang") else { return nil }
        return LanguageTag(rawValue: String(picked)).flatMap(Language.init)
    }

    private var isAboutForms: Bool {
        if case .form = self.subject { return true }
        return false
    }
}
