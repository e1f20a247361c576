import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `GET/POST /signup`: a new host creates an account, as the installation's sign-up policy allows
/// (``SignUpGate``), or with an admin's one-time invitation link (`/signup?invite=…`). Success
/// signs the new host in. The form carries a CSRF token keyed by a nonce cookie, as sign-in does.
struct SignUpController {
    let accounts: AccountActions
    let gate: SignUpGate
    let securesCookies: Bool
    /// E-mail is configured: a new account is mailed the link that proves its address.
    let mailConfigured: Bool

    static let nonceCookie = "debrief_signup"

    struct SignUpPage {
        var csrf = ""
        var invitation: String
        var email = ""
        var displayName = ""
        var open: Bool
        var invited: Bool
        var firstAdmin: Bool
        var emailError: String?
        var displayNameError: String?
        var passwordError: String?
        var formError: String?
    }

    func addRoutes(to router: Router<AppRequestContext>, signedIn: RouterGroup<AppRequestContext>) {
        let group = router.group().add(middleware: PageErrorMiddleware(subject: .meeting))
        group.get("signup", use: self.show)
        group.post("signup", use: self.signUp)
        signedIn.get("signup/sent", use: self.sent)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let invitation = request.uri.queryParameters.get("invite") ?? ""
        let page = try await self.page(invitation: invitation)
        if !invitation.isEmpty, !page.open {
            var refused = page
            refused.formError = Localizer(Language(request.headers))(.invitationInvalid)
            return try self.form(request, refused, status: .ok)
        }
        return try self.form(request, page, status: .ok)
    }

    @Sendable func signUp(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        let t = Localizer(Language(request.headers))
        var page = try await self.page(invitation: fields["invitation"] ?? "")
        page.email = fields["email"] ?? ""
        page.displayName = fields["displayName"] ?? ""
        guard CSRFToken.isValid(fields["csrf"], secret: request.cookies[Self.nonceCookie]?.value, for: .signUp) else {
            page.formError = t(.formExpired)
            return try self.form(request, page, status: .forbidden)
        }
        do {
            let input = SignUpInput(email: fields["email"], password: fields["password"], displayName: fields["displayName"])
            let signedUp = try await self.accounts.signUpMailingProof(
                input, invitation: page.invitation.isEmpty ? nil : page.invitation, client: context.clientAddress,
                language: Language(request.headers))
            let account = signedUp.account
            try await self.accounts.adoptBrowserTimeZone(of: account, fields["timeZone"])
            let session = try await self.accounts.startSession(for: account)
            // A link was mailed: the next page says where it went (issue 68); otherwise the meetings.
            var response = Response.seeOther(signedUp.proofMailed ? Self.sentPath : "/m")
            response.setCookie(SessionCookie.session(session.token.token, expiresAt: session.token.expiresAt, secure: self.securesCookies))
            response.setCookie(SessionCookie.cleared(Self.nonceCookie, path: "/signup", secure: self.securesCookies))
            return response
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            page.emailError = errors["email"]
            page.displayNameError = errors["displayName"]
            page.passwordError = errors["password"]
            return try self.form(request, page, status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .conflict {
            page.emailError = t(.emailTaken)
            return try self.form(request, page, status: .conflict)
        } catch let error as DebriefError where error.code == .forbidden {
            page.formError = error.field == "invitation" ? t(.invitationInvalid) : t(.signUpClosed)
            page.open = false
            return try self.form(request, page, status: .forbidden)
        }
    }

    /// Where a sign-up that mailed the confirmation link lands.
    static let sentPath = "/signup/sent"

    /// After sign-up: the confirmation link went to the account's address, named; once the
    /// address is proven, the page says it is confirmed. Without e-mail nothing was sent: the
    /// account page says what to do instead.
    @Sendable func sent(_ request: Request, context: AppRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let proven = AddressProof.counts(account)
        guard proven || self.mailConfigured else { return Response.seeOther("/account") }
        struct Link { var href: String; var text: String }
        struct View { var heading: String; var message: String; var link: Link? }
        let writer = try PageWriter(request)
        let t = writer.localizer
        let heading = t(proven ? MailPhrase.proofConfirmedHeading : .proofSentHeading)
        let message = t(proven ? MailPhrase.proofConfirmedBody : .proofSentBody, ["email": account.email])
        return try writer.hostPage(
            "message", title: heading, view: View(heading: heading, message: message, link: Link(href: "/m", text: t(MailPhrase.proofGoToMeetings))),
            context: context)
    }

    /// What the page offers: a form when the policy or the invitation lets the visitor in.
    private func page(invitation: String) async throws -> SignUpPage {
        if !invitation.isEmpty {
            let usable = (try? await self.gate.admit(invitation: invitation)) != nil
            return SignUpPage(invitation: usable ? invitation : "", open: usable, invited: usable, firstAdmin: false)
        }
        let open = try await self.gate.isOpenWithoutInvitation()
        let firstAdmin = open ? try await self.gate.admitsFirstAdmin() : false
        return SignUpPage(invitation: "", open: open, invited: false, firstAdmin: firstAdmin)
    }

    /// The page with a fresh nonce cookie and the CSRF token made from it.
    private func form(_ request: Request, _ page: SignUpPage, status: HTTPResponse.Status) throws -> Response {
        let writer = try PageWriter(request)
        let nonce = SecretToken.newPageNonce()
        var page = page
        page.csrf = CSRFToken.make(secret: nonce, for: .signUp)
        var response = try writer.page(
            "signup", title: writer.localizer(.signUpHeading), view: page, status: status, policy: ContentSecurityPolicy.scripted,
            script: Assets.timeZoneScript.url)
        response.setCookie(
            Cookie(name: Self.nonceCookie, value: nonce, maxAge: 3600, path: "/signup", secure: self.securesCookies, httpOnly: true, sameSite: .lax))
        return response
    }
}
