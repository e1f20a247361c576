import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/admin`: an admin creates host accounts and hands out one-time invitation links (shown once),
/// mailed to an address when one is given and e-mail is configured (issue 34).
/// To anyone who is not an admin the page does not exist (404).
struct AdminPageController {
    let settings: AccountSettingsActions
    /// Nil when the server has no mail outbox; a given address then gets a link to copy.
    let mail: MailActions?
    let publicBaseURL: String

    struct AdminPage {
        struct InvitationRow {
            var createdAt: String
            var expiresAt: String
            var state: String
        }

        var csrf: String
        var notice: String?
        var invitationURL: String?
        var invitations: [InvitationRow] = []
        var inviteEmail = ""
        var inviteEmailError: String?
        var email = ""
        var displayName = ""
        var emailError: String?
        var displayNameError: String?
        var passwordError: String?
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("admin")
        group.get(use: self.show)
        group.post("invitations", use: self.invite)
        group.post("hosts", use: self.createHost)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context, AdminPage(csrf: context.sessionCSRFToken ?? ""))
    }

    @Sendable func invite(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        try context.requireSessionCSRF(fields)
        let language = Language(request.headers)
        let t = Localizer(language)
        var page = AdminPage(csrf: context.sessionCSRFToken ?? "")
        let rawEmail = (fields["email"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        var recipient: EmailAddress?
        if !rawEmail.isEmpty {
            // Checked before a link is made, so a mistyped address spends no invitation.
            switch EmailAddress.parse(rawEmail) {
            case .success(let address): recipient = address
            case .failure(let problem):
                page.inviteEmail = rawEmail
                page.inviteEmailError = FieldErrors(ValidationFailure(problem), t)["email"]
                return try await self.render(request, context, page, status: .unprocessableContent)
            }
        }
        let admin = try context.requireAccount()
        let issued = try await self.settings.invite(by: admin)
        page.invitationURL = self.publicBaseURL + "/signup?invite=" + issued.token
        if let recipient, let link = page.invitationURL {
            let enqueued = try await self.mail?.mailInvitation(
                link: link, to: recipient, by: admin, expiresAt: issued.expiresAt, language: language)
            switch enqueued {
            case .written, .duplicate: page.notice = t(.invitationMailed, ["email": recipient.normalized])
            case .overCap: page.notice = t(.invitationNotMailedCap, ["email": recipient.normalized])
            case nil: page.notice = t(.invitationNotMailedNoMail, ["email": recipient.normalized])
            }
        }
        var response = try await self.render(request, context, page)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func createHost(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        try context.requireSessionCSRF(fields)
        let t = Localizer(Language(request.headers))
        var page = AdminPage(csrf: context.sessionCSRFToken ?? "")
        page.email = fields["email"] ?? ""
        page.displayName = fields["displayName"] ?? ""
        do {
            let input = SignUpInput(email: fields["email"], password: fields["password"], displayName: fields["displayName"])
            let account = try await self.settings.createHost(by: try context.requireAccount(), input)
            page = AdminPage(csrf: page.csrf, notice: t(.hostCreated, ["email": account.email]))
            return try await self.render(request, context, page)
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            page.emailError = errors["email"]
            page.displayNameError = errors["displayName"]
            page.passwordError = errors["password"]
            return try await self.render(request, context, page, status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .conflict {
            page.emailError = t(.emailTaken)
            return try await self.render(request, context, page, status: .conflict)
        }
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ page: AdminPage, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        var page = page
        let now = Date()
        page.invitations = try await self.settings.invitations(by: try context.requireAccount()).map { invitation in
            let state: String
            if let email = invitation.usedByEmail {
                state = t(.invitationUsed, ["email": email])
            } else if invitation.usedAt != nil || invitation.expiresAt <= now {
                state = t(.invitationExpired)
            } else {
                state = t(.invitationOpen)
            }
            return AdminPage.InvitationRow(
                createdAt: DateText.dateTime(invitation.createdAt, writer.language),
                expiresAt: DateText.dateTime(invitation.expiresAt, writer.language), state: state)
        }
        return try writer.hostPage("admin", title: t(.adminHeading), view: page, context: context, status: status)
    }
}
