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
/// refusal is thrown into the pages' error path (``PageErrorMiddleware``), which gives it the
/// status the problem middleware decides (``APIError``'s refusal table) and a page that says what
/// happened and what to do.
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

    /// The error pages of these routes: a refusal names the provider.
    var errorPages: PageErrorMiddleware {
        PageErrorMiddleware(subject: .companySignIn(provider: self.companySignIn?.settings.displayName ?? ""))
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        let group = router.group().add(middleware: self.errorPages)
        group.get("signin/company", use: self.start)
        group.get("signin/company/callback", use: self.callback)
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let companySignIn = self.companySignIn else { return .seeOther("/signin") }
        let next = LocalPath.validated(request.uri.queryParameters.get("next")) ?? "/m"
        let started = try await companySignIn.begin(next: next, redirectURI: self.redirectURI)
        var response = Response(status: .seeOther, headers: [.location: started.authorizationURL, .cacheControl: "no-store"])
        response.setCookie(
            Cookie(
                name: Self.stateCookie, value: started.state,
                maxAge: Int(companySignIn.settings.attemptLifetime.components.seconds), path: Self.stateCookiePath,
                secure: self.securesCookies, httpOnly: true, sameSite: .lax))
        return response
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
        } catch {
            // The error page, as the middleware would answer it, without the spent state cookie.
            var response = try self.errorPages.response(for: error, request, context: context)
            response.setCookie(SessionCookie.cleared(Self.stateCookie, path: Self.stateCookiePath, secure: self.securesCookies))
            return response
        }
    }

    /// Each refusal's words on its page (its status is ``APIError``'s, as for every error).
    static func phrase(for refusal: CompanySignInRefusal) -> SignInPhrase {
        switch refusal {
        case .providerUnavailable: return .companyUnavailable
        case .providerError: return .companyProviderError
        case .codeRefused: return .companyCodeRefused
        case .stateNotThisBrowser, .missingParameter: return .companyStateNotThisBrowser
        case .stateReplayed: return .companyStateReplayed
        case .stateExpired, .stateUnknown: return .companyStateExpired
        case .badSignature, .unsupportedAlgorithm, .malformedToken, .wrongIssuer, .wrongNonce, .issuedInFuture, .userInfoMismatch,
            .groupsClaimRefused:
            return .companyBadToken
        case .unknownKey: return .companyUnknownKey
        case .wrongAudience: return .companyWrongAudience
        case .expired: return .companyExpired
        case .unverifiedEmail: return .companyUnverifiedEmail
        case .noAccount: return .companyNoAccount
        case .linkedToAnother: return .companyLinkedToAnother
        case .unprovenAccount: return .companyUnprovenAccount
        }
    }
}
