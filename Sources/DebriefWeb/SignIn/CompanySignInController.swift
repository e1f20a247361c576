import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /signin/company` and `GET /signin/company/callback`: company sign-in with OpenID
/// Connect (docs/sign-in.md).
///
/// The start sends the browser to the provider and binds the sign-in to this browser with a
/// short-lived HttpOnly cookie holding its `state` (the server keeps the rest, consumed once);
/// the callback checks both, and ends in the same session cookie a password sign-in sets. Every
/// refusal is a page that says what happened and what to do, with the status it deserves.
struct CompanySignInController {
    /// Nil when the installation has no company sign-in: the routes then send the browser to
    /// the sign-in page (they are always routed, so the OpenAPI document describes one router).
    let companySignIn: CompanySignInActions?
    let publicBaseURL: String
    let securesCookies: Bool

    static let stateCookie = "debrief_oidc_state"
    static let stateCookiePath = "/signin/company"
    /// The ID token, sent back as `id_token_hint` at sign-out; only `/signout` ever receives it.
    static let idTokenCookie = "debrief_oidc_id"

    var redirectURI: String { self.publicBaseURL + "/signin/company/callback" }

    func addRoutes(to router: Router<AppRequestContext>) {
        let group = router.group().add(middleware: PageErrorMiddleware(subject: .meeting))
        group.get("signin/company", use: self.start)
        group.get("signin/company/callback", use: self.callback)
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let companySignIn = self.companySignIn else { return .seeOther("/signin") }
        let next = LocalPath.validated(request.uri.queryParameters.get("next")) ?? "/m"
        do {
            let started = try await companySignIn.begin(next: next, redirectURI: self.redirectURI)
            var response = Response(status: .seeOther, headers: [.location: started.authorizationURL, .cacheControl: "no-store"])
            response.setCookie(
                Cookie(
                    name: Self.stateCookie, value: started.state,
                    maxAge: Int(companySignIn.settings.attemptLifetime.components.seconds), path: Self.stateCookiePath,
                    secure: self.securesCookies, httpOnly: true, sameSite: .lax))
            return response
        } catch let refusal as CompanySignInRefusal {
            return try self.refusalPage(request, refusal, companySignIn)
        }
    }

    @Sendable func callback(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let companySignIn = self.companySignIn else { return .seeOther("/signin") }
        let query = request.uri.queryParameters
        let callback = CompanySignInActions.Callback(
            state: query.get("state"), code: query.get("code"), error: query.get("error"),
            cookieState: request.cookies[Self.stateCookie]?.value)
        do {
            let finished = try await companySignIn.finish(callback, redirectURI: self.redirectURI)
            let secure = self.securesCookies
            var response = Response(status: .seeOther, headers: [.location: finished.next, .cacheControl: "no-store"])
            response.setCookie(
                SessionCookie.session(finished.loggedIn.token.token, expiresAt: finished.loggedIn.token.expiresAt, secure: secure))
            // The state cookie stays until it runs out: its row is consumed, so a reload of this
            // callback is told "used already" rather than "not started in this browser".
            if finished.idToken.utf8.count <= 3500 {
                let maxAge = max(0, Int(finished.loggedIn.token.expiresAt.timeIntervalSinceNow.rounded(.down)))
                response.setCookie(
                    Cookie(
                        name: Self.idTokenCookie, value: finished.idToken, maxAge: maxAge, path: "/signout", secure: secure, httpOnly: true,
                        sameSite: .lax))
            }
            return response
        } catch let refusal as CompanySignInRefusal {
            var response = try self.refusalPage(request, refusal, companySignIn)
            response.setCookie(SessionCookie.cleared(Self.stateCookie, path: Self.stateCookiePath, secure: self.securesCookies))
            return response
        }
    }

    /// The page of a refusal: what happened, in the visitor's language, and the way back.
    private func refusalPage(_ request: Request, _ refusal: CompanySignInRefusal, _ companySignIn: CompanySignInActions) throws -> Response {
        struct Link { var href: String; var text: String }
        struct View { var heading: String; var message: String; var link: Link? }
        let writer = try PageWriter(request)
        let t = writer.localizer
        let (phrase, status) = Self.page(for: refusal)
        var values = ["name": companySignIn.settings.displayName]
        if case .providerError(let code) = refusal { values["error"] = code }
        let heading = t(.companyRefusedHeading)
        var response = try writer.page(
            "message", title: heading,
            view: View(heading: heading, message: t(phrase, values), link: Link(href: "/signin", text: t(.companyTryAgain))),
            status: status)
        response.headers[.cacheControl] = "no-store"
        if status == .serviceUnavailable { response.headers[.retryAfter] = "30" }
        return response
    }

    /// Each refusal's message and status: 503 when the provider is down (try later), 400 for a
    /// broken or replayed callback, 403 for an answer that did not verify or a person Debrief
    /// will not sign in (not 401: there is no `WWW-Authenticate` challenge a browser could answer).
    static func page(for refusal: CompanySignInRefusal) -> (SignInPhrase, HTTPResponse.Status) {
        switch refusal {
        case .providerUnavailable: return (.companyUnavailable, .serviceUnavailable)
        case .providerError: return (.companyProviderError, .forbidden)
        case .codeRefused: return (.companyCodeRefused, .badRequest)
        case .stateNotThisBrowser, .missingParameter: return (.companyStateNotThisBrowser, .badRequest)
        case .stateReplayed: return (.companyStateReplayed, .badRequest)
        case .stateExpired, .stateUnknown: return (.companyStateExpired, .badRequest)
        case .badSignature, .unsupportedAlgorithm, .malformedToken, .wrongIssuer, .wrongNonce, .issuedInFuture, .userInfoMismatch:
            return (.companyBadToken, .forbidden)
        case .unknownKey: return (.companyUnknownKey, .forbidden)
        case .wrongAudience: return (.companyWrongAudience, .forbidden)
        case .expired: return (.companyExpired, .forbidden)
        case .unverifiedEmail: return (.companyUnverifiedEmail, .forbidden)
        case .noAccount: return (.companyNoAccount, .forbidden)
        case .linkedToAnother: return (.companyLinkedToAnother, .forbidden)
        case .unprovenAccount: return (.companyUnprovenAccount, .forbidden)
        }
    }
}
