import DebriefActions
import DebriefHTTP
import Debrief
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `GET/POST /signin` and `POST /signout`: the host's browser session.
///
/// Signing in goes through ``AccountActions/logIn(email:password:client:)`` (the token route's
/// rules and login throttle) and keeps the issued token in the session cookie. The sign-in form
/// carries a CSRF token keyed by a nonce cookie, so another site cannot sign a visitor into an
/// account of its choosing; signing out needs the session's CSRF token.
struct SignInController {
    let accounts: AccountActions
    /// Whether cookies get `Secure` (people reach the service over https).
    let securesCookies: Bool

    struct SignInPage {
        var csrf: String
        var next: String
        var email: String
        var emailError: String?
        var passwordError: String?
        var formError: String?
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        let group = router.group().add(middleware: PageErrorMiddleware(subject: .meeting))
        group.get("signin", use: self.show)
        group.post("signin", use: self.signIn)
        group.post("signout", use: self.signOut)
    }

    /// The form; a visitor whose session is still valid goes straight on.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let next = LocalPath.validated(request.uri.queryParameters.get("next")) ?? "/m"
        if let token = SessionCookie.token(in: request), try await self.accounts.account(forToken: token, presentedAs: .sessionCookie) != nil {
            return .seeOther(next)
        }
        return try self.form(request, SignInPage(csrf: "", next: next, email: ""), status: .ok)
    }

    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        let next = LocalPath.validated(fields["next"]) ?? "/m"
        let t = Localizer(Language(request.headers))
        var page = SignInPage(csrf: "", next: next, email: fields["email"] ?? "")
        let nonce = request.cookies[SessionCookie.signInNonceName]?.value
        guard CSRFToken.isValid(fields["csrf"], secret: nonce, for: .signIn) else {
            page.formError = t(.formExpired)
            return try self.form(request, page, status: .forbidden)
        }
        do {
            let loggedIn = try await self.accounts.logIn(
                email: fields["email"], password: fields["password"], client: context.clientAddress, kind: .page)
            try await self.accounts.adoptBrowserTimeZone(of: loggedIn.account, fields["timeZone"])
            let secure = self.securesCookies
            var response = Response.seeOther(next)
            response.setCookie(SessionCookie.session(loggedIn.token.token, expiresAt: loggedIn.token.expiresAt, secure: secure))
            response.setCookie(SessionCookie.cleared(SessionCookie.signInNonceName, path: "/signin", secure: secure))
            return response
        } catch let failure as ValidationFailure {
            page.emailError = failure.messages(at: "email").first.map { $0 == "is required" ? t(.fieldRequired) : t(.emailInvalid) }
            page.passwordError = failure.messages(at: "password").first.map { _ in t(.fieldRequired) }
            return try self.form(request, page, status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .unauthenticated {
            page.formError = t(.signInFailed)
            return try self.form(request, page, status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .rateLimited {
            let seconds = error.retryAfterSeconds ?? 60
            page.formError = t(.signInThrottled, ["n": String(seconds)])
            var response = try self.form(request, page, status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
    }

    /// Revokes the session's token and deletes the cookie. Without a valid session there is
    /// nothing to end; a wrong CSRF token is refused (403), so no other site can sign a host out.
    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        if let token = SessionCookie.token(in: request), try await self.accounts.account(forToken: token, presentedAs: .sessionCookie) != nil {
            guard CSRFToken.isValid(fields["csrf"], secret: token, for: .session) else {
                throw APIError(.forbidden, code: "csrf_failed", detail: "the form's CSRF token is missing or wrong; reload the page")
            }
            try await self.accounts.logOut(token: token)
        }
        var response = Response.seeOther("/signin")
        response.setCookie(SessionCookie.cleared(SessionCookie.name, path: "/", secure: self.securesCookies))
        return response
    }

    /// The form with a fresh nonce cookie and the CSRF token made from it.
    private func form(_ request: Request, _ page: SignInPage, status: HTTPResponse.Status) throws -> Response {
        let writer = try PageWriter(request)
        let nonce = SecretToken.newPageNonce()
        var page = page
        page.csrf = CSRFToken.make(secret: nonce, for: .signIn)
        var response = try writer.page(
            "signin", title: writer.localizer(.signInHeading), view: page, status: status, policy: ContentSecurityPolicy.scripted,
            script: Assets.timeZoneScript.url)
        response.setCookie(SessionCookie.signInNonce(nonce, secure: self.securesCookies))
        return response
    }
}
