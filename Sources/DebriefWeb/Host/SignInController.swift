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
    /// Company sign-in (OpenID Connect), when the installation has it: its button, and the
    /// provider's logout at sign-out.
    var companySignIn: CompanySignInActions? = nil
    /// Where the provider sends the browser after its logout (`post_logout_redirect_uri`).
    var publicBaseURL: String = ""

    struct SignInPage {
        var csrf: String
        var next: String
        var email: String
        var emailError: String?
        var passwordError: String?
        var formError: String?
        /// "Sign in with Acme": the company sign-in link, when configured.
        var company: CompanyButton?
        /// Whether the password form shows (not with "company sign-in only", but for break-glass).
        var showsPasswordForm = true
        /// "Company sign-in only": the link to the administrators' password form.
        var breakGlassHref: String?
    }

    struct CompanyButton {
        var href: String
        var label: String
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

    /// The company sign-in parts of the page: the button, and with "company sign-in only" the
    /// password form hidden behind the administrators' break-glass link (`?password=1`).
    private func withCompanySignIn(_ page: SignInPage, _ request: Request, _ t: Localizer) -> SignInPage {
        guard let company = self.companySignIn else { return page }
        var page = page
        let nextQuery = "next=" + (page.next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "%2Fm")
        page.company = CompanyButton(
            href: "/signin/company?" + nextQuery, label: t(.companySignInButton, ["name": company.settings.displayName]))
        if company.settings.passwordsForAdminsOnly {
            let breakGlass = request.uri.queryParameters.get("password") == "1" || request.method == .post
            page.showsPasswordForm = breakGlass
            page.breakGlassHref = breakGlass ? nil : "/signin?password=1&" + nextQuery
        }
        return page
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
        } catch let error as DebriefError where error.code == .forbidden && self.companySignIn?.settings.passwordsForAdminsOnly == true {
            // "Company sign-in only", and the password was right but not an admin's.
            page.formError = t(.passwordsAdminsOnly)
            return try self.form(request, page, status: .forbidden)
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
        // RP-initiated logout: a session that began at the company provider ends there too,
        // when the provider offers it (its `end_session_endpoint`); else back to the sign-in page.
        // Not a redirect: the pages' CSP `form-action 'self'` makes a browser block a form post
        // whose redirect leaves the origin (docs/decisions/0046-company-sign-in.md, revision).
        var response = Response.seeOther("/signin")
        if let company = self.companySignIn, let idToken = request.cookies[CompanySignInController.idTokenCookie]?.value, !idToken.isEmpty,
            let endSession = await company.endSessionURL(idTokenHint: idToken, postLogoutRedirectURI: self.publicBaseURL + "/signin")
        {
            response = try self.signedOutPage(request, endSession: endSession, provider: company.settings.displayName)
        }
        response.setCookie(SessionCookie.cleared(SessionCookie.name, path: "/", secure: self.securesCookies))
        response.setCookie(SessionCookie.cleared(CompanySignInController.idTokenCookie, path: "/signout", secure: self.securesCookies))
        return response
    }

    /// "Signed out of Debrief": a page that goes on to the provider's end-session URL with a GET
    /// of its own (the `Refresh` header, which no CSP directive governs), and links it for a
    /// browser that does not follow `Refresh`. Never cached: the URL carries the ID token hint.
    private func signedOutPage(_ request: Request, endSession: String, provider: String) throws -> Response {
        struct View {
            var heading: String
            var message: String
            var link: Link
        }
        struct Link {
            var href: String
            var text: String
        }
        let writer = try PageWriter(request)
        let t = writer.localizer
        let heading = t(.signedOutHeading)
        var response = try writer.page(
            "message", title: heading,
            view: View(
                heading: heading, message: t(.signedOutMessage, ["name": provider]),
                link: Link(href: endSession, text: t(.signedOutContinue, ["name": provider]))))
        response.headers[.cacheControl] = "no-store"
        response.headers[.refresh] = "0; url=" + endSession
        return response
    }

    /// The form with a fresh nonce cookie and the CSRF token made from it.
    private func form(_ request: Request, _ page: SignInPage, status: HTTPResponse.Status) throws -> Response {
        let writer = try PageWriter(request)
        let nonce = SecretToken.newPageNonce()
        var page = self.withCompanySignIn(page, request, writer.localizer)
        page.csrf = CSRFToken.make(secret: nonce, for: .signIn)
        var response = try writer.page(
            "signin", title: writer.localizer(.signInHeading), view: page, status: status, policy: ContentSecurityPolicy.scripted,
            script: Assets.timeZoneScript.url)
        response.setCookie(SessionCookie.signInNonce(nonce, secure: self.securesCookies))
        return response
    }
}

extension HTTPField.Name {
    /// `Refresh` (HTML §7.11.1 "shared declarative refresh steps"): the sign-out page's onward GET.
    fileprivate static let refresh = HTTPField.Name("Refresh") ?? .via
}
