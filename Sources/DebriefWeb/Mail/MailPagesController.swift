import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The e-mail pages (docs/email.md):
/// - `/password-reset` (ask for a link; the same answer whether or not the address has an
///   account) and `/password-reset/{token}` (choose a new password; single use, one hour);
/// - `/unsubscribe/{token}`: a confirmation page, and the one-click POST of RFC 8058 that mail
///   clients send without a session (the token is the only credential, so no CSRF token);
/// - `/m/{id}/roster/mail`: the roster's addresses, one form and one Save (those who may edit the
///   series only); sending is its own page (``RosterSendPageController``);
/// - `/account/mail`: the host's delivery log.
struct MailPagesController {
    let meetings: MeetingActions
    let mail: MailActions
    /// Counts the roster's address changes, with the JSON API's (one allowance per account).
    let admission: Admission

    struct RequestPage {
        var email = ""
        var emailError: String?
        var notice: String?
        var mailConfigured: Bool
    }

    struct ResetPage {
        var action: String
        var passwordError: String?
    }

    struct UnsubscribePage {
        var action: String
        var body: String
    }

    /// One form for every member's address, one Save (issue 48): nothing typed is lost — a bad
    /// address is named in the error summary and beside its field, and every typed value comes back.
    struct RosterPage {
        struct Row {
            var name: String
            var email: String
            var unsubscribed: Bool
            var fieldID: String
            var error: String?
        }

        struct ErrorLink {
            var href: String
            var text: String
        }

        var csrf: String
        var action: String
        var notice: String?
        var mailConfigured: Bool
        var rosterLink: String
        var sendLink: String
        var rows: [Row]
        var generalErrors: [String]
        var errorLinks: [ErrorLink]
        /// Stored: templates read values by reflection, which sees no computed property.
        var hasErrors: Bool
        var hasRows: Bool
    }

    struct LogPage {
        struct Entry {
            var kind: String
            var to: String
            var subject: String
            var createdAt: String
            var state: String
            var attempts: Int
            var result: String
        }

        var mailConfigured: Bool
        var entries: [Entry]
        /// Stored: templates read values by reflection, which sees no computed property.
        var hasEntries: Bool
    }

    func addRoutes(to router: Router<AppRequestContext>, signedIn: RouterGroup<AppRequestContext>) {
        let open = router.group().add(middleware: PageErrorMiddleware(subject: .meeting))
        open.get("password-reset", use: self.showRequest)
        open.post("password-reset", use: self.request)
        open.get("password-reset/:token", use: self.showReset)
        open.post("password-reset/:token", use: self.reset)
        open.get("confirm-address/:token", use: self.showAddressProof)
        open.post("confirm-address/:token", use: self.confirmAddress)
        open.get("unsubscribe/:token", use: self.showUnsubscribe)
        open.post("unsubscribe/:token", use: self.unsubscribe)
        let host = signedIn
        host.get("m/:id/roster/mail", use: self.showRoster)
        host.post("m/:id/roster/mail", use: self.saveEmails)
        host.get("account/mail", use: self.log)
    }

    // MARK: - Password reset

    @Sendable func showRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        try self.requestForm(request, RequestPage(mailConfigured: self.mail.isConfigured), status: .ok)
    }

    /// No CSRF token: a forged post can only make us send the address's owner a link (throttled
    /// per client), and the answer tells nothing.
    @Sendable func request(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        let writer = try PageWriter(request)
        var page = RequestPage(email: fields["email"] ?? "", mailConfigured: self.mail.isConfigured)
        do {
            try await self.mail.requestPasswordReset(email: fields["email"], client: context.clientAddress, language: writer.language)
            page.notice = writer.localizer(self.mail.isConfigured ? .resetRequestSent : .resetNoMail)
            page.email = ""
            return try self.requestForm(request, page, status: .ok)
        } catch let failure as ValidationFailure {
            page.emailError = FieldErrors(failure, writer.localizer)["email"]
            return try self.requestForm(request, page, status: .unprocessableContent)
        }
    }

    @Sendable func showReset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard try await self.mail.isResetLinkUsable(token) else { return try self.gone(request) }
        return try self.resetForm(request, ResetPage(action: "/password-reset/\(token)"), status: .ok)
    }

    @Sendable func reset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let fields = try await FormFields.read(request, limit: 16 * 1024)
        let writer = try PageWriter(request)
        do {
            try await self.mail.completePasswordReset(token: token, password: fields["password"])
        } catch let failure as ValidationFailure {
            var page = ResetPage(action: "/password-reset/\(token)")
            page.passwordError = FieldErrors(failure, writer.localizer)["password"]
            return try self.resetForm(request, page, status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .gone {
            return try self.gone(request)
        }
        return try self.message(
            request, heading: writer.localizer(.resetHeading), message: writer.localizer(.resetDone),
            link: ("/signin", writer.localizer(.signInHeading)), status: .ok)
    }

    // MARK: - Address proof (decision 54)

    struct ProofPage {
        var action: String
    }

    /// Shows the button only: a GET changes nothing, because mail scanners fetch links.
    @Sendable func showAddressProof(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard try await self.mail.isAddressProofLinkUsable(token) else { return try self.proofGone(request) }
        let writer = try PageWriter(request)
        var response = try writer.page("confirm-address", title: writer.localizer(.proofHeading), view: ProofPage(action: "/confirm-address/\(token)"))
        response.headers[.cacheControl] = "no-store"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        return response
    }

    /// No CSRF token: the link's token is the only credential, and a forged post can only prove
    /// the address of the one who holds the link.
    @Sendable func confirmAddress(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        do {
            try await self.mail.confirmAddress(token: context.parameters.get("token") ?? "")
        } catch let error as DebriefError where error.code == .gone {
            return try self.proofGone(request)
        }
        // Done: the page says so, not "Confirm your address" again (issue 68).
        return try self.message(
            request, heading: writer.localizer(.proofConfirmedHeading), message: writer.localizer(.proofDone),
            link: ("/account", writer.localizer(HostPhrase.accountHeading)), status: .ok)
    }

    private func proofGone(_ request: Request) throws -> Response {
        let writer = try PageWriter(request)
        return try self.message(
            request, heading: writer.localizer(.proofHeading), message: writer.localizer(.proofLinkGone), link: ("/account", writer.localizer(.proofResend)),
            status: .gone)
    }

    // MARK: - Unsubscribe

    @Sendable func showUnsubscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let writer = try PageWriter(request)
        guard let name = try await self.mail.unsubscribeName(token: token) else { return try self.unsubscribeGone(request) }
        let page = UnsubscribePage(action: "/unsubscribe/\(token)", body: writer.localizer(.unsubscribeBody, ["name": name]))
        return try writer.page("unsubscribe", title: writer.localizer(.unsubscribeHeading), view: page)
    }

    /// The confirmation page's button and a mail client's one-click post
    /// (`List-Unsubscribe=One-Click`) both land here.
    @Sendable func unsubscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        // RFC 8058 clients post `List-Unsubscribe=One-Click` as multipart/form-data or urlencoded
        // (this series); the page's second button posts `everywhere=yes` (all mail from here).
        // Read bounded; only that one field is looked for.
        let body = try await request.body.collect(upTo: 16 * 1024)
        let everywhere = String(buffer: body).split(separator: "&").contains("everywhere=yes")
        do {
            try await self.mail.unsubscribe(token: context.parameters.get("token") ?? "", everywhere: everywhere)
        } catch let error as DebriefError where error.code == .notFound {
            return try self.unsubscribeGone(request)
        }
        let writer = try PageWriter(request)
        return try self.message(
            request, heading: writer.localizer(.unsubscribeHeading),
            message: writer.localizer(everywhere ? .unsubscribeEverywhereDone : .unsubscribeDone), link: nil, status: .ok)
    }

    // MARK: - Roster addresses

    @Sendable func showRoster(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        return try await self.renderRoster(request, context, meeting, status: .ok)
    }

    /// The one Save: every member's field (`email-{memberId}`) at once. All are checked before any
    /// is stored; changes count against the account's allowance of address changes together.
    /// Storing an address sends nothing (sending is `/m/{id}/roster/send`).
    @Sendable func saveEmails(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        // A field per member, so the body grows with the roster: 16 KiB is about 150 members.
        let fields = try await context.postedFields(request, limit: 256 * 1024)
        let viewer = try context.requireViewer()
        let t = Localizer(Language(request.headers))
        var typed: [(member: UUID, email: String)] = []
        var seen: Set<UUID> = []
        for pair in fields.pairs where pair.name.hasPrefix(Self.emailField) {
            guard let member = UUID(uuidString: String(pair.name.dropFirst(Self.emailField.count))), seen.insert(member).inserted else { continue }
            typed.append((member, pair.value))
        }
        let typedByMember = Dictionary(typed.map { ($0.member, $0.email) }, uniquingKeysWith: { first, _ in first })
        do {
            let changes = try await self.mail.rosterEmailChanges(series: meeting.seriesID, by: viewer, typed: typed)
            try self.admission.rosterAddressChanges(account: viewer.accountID, count: changes.count)
            let changed = try await self.mail.setRosterEmails(series: meeting.seriesID, by: viewer, changes)
            let notice = changed == 0 ? t(.rosterMailNothingChanged) : t(.rosterMailSaved, ["n": String(changed)])
            return try await self.renderRoster(request, context, meeting, notice: notice, status: .ok)
        } catch let failure as ValidationFailure {
            var errors: [UUID: String] = [:]
            let sentences = FieldErrors(failure, t)
            for problem in failure.problems {
                guard let member = UUID(uuidString: String(problem.path.dropFirst("emails.".count))), errors[member] == nil else { continue }
                errors[member] = sentences[problem.path]
            }
            return try await self.renderRoster(
                request, context, meeting, typed: typedByMember, errors: errors, status: .unprocessableContent)
        } catch let refusal as APIError where refusal.status == .tooManyRequests {
            var response = try await self.renderRoster(
                request, context, meeting, typed: typedByMember, generalError: refusal.detail, status: .tooManyRequests)
            response.headers.append(contentsOf: refusal.headers)
            return response
        }
    }

    /// The prefix of a member's address field; the rest is the member's id.
    static let emailField = "email-"

    // MARK: - Delivery log

    @Sendable func log(_ request: Request, context: AppRequestContext) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let entries = try await self.mail.deliveryLog(of: try context.requireViewer()).map { entry in
            LogPage.Entry(
                kind: entry.kind.label(writer.language), to: entry.recipient, subject: entry.subject,
                createdAt: DateText.dateTime(entry.createdAt, writer.language),
                state: entry.state == .sent ? t(.mailStateSent) : entry.state == .gaveUp ? t(.mailStateGaveUp) : t(.mailStateWaiting),
                attempts: entry.attempts,
                result: [entry.lastCode.map(String.init), entry.lastError].compactMap { $0 }.joined(separator: " "))
        }
        return try writer.hostPage(
            "mail-log", title: t(.mailLogHeading), view: LogPage(mailConfigured: self.mail.isConfigured, entries: entries, hasEntries: !entries.isEmpty), context: context)
    }

    // MARK: - Helpers

    private func renderRoster(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, notice: String? = nil, typed: [UUID: String] = [:],
        errors: [UUID: String] = [:], generalError: String? = nil, status: HTTPResponse.Status
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let id = meeting.id.lowercasedText
        let entries = try await self.mail.rosterAddresses(series: meeting.seriesID, by: try context.requireViewer())
        let rows = entries.map { entry in
            let fieldID = Self.emailField + entry.memberID.lowercasedText
            return RosterPage.Row(
                name: entry.name, email: typed[entry.memberID] ?? entry.email ?? "", unsubscribed: entry.unsubscribed, fieldID: fieldID,
                error: errors[entry.memberID])
        }
        let errorLinks = rows.compactMap { row in row.error.map { RosterPage.ErrorLink(href: "#\(row.fieldID)", text: "\(row.name): \($0)") } }
        let generalErrors = generalError.map { [$0] } ?? []
        let page = RosterPage(
            csrf: context.sessionCSRFToken ?? "", action: "/m/\(id)/roster/mail", notice: notice, mailConfigured: self.mail.isConfigured,
            rosterLink: "/m/\(id)/roster", sendLink: "/m/\(id)/roster/send", rows: rows, generalErrors: generalErrors, errorLinks: errorLinks,
            hasErrors: !errorLinks.isEmpty || !generalErrors.isEmpty, hasRows: !rows.isEmpty)
        return try writer.hostPage("roster-mail", title: writer.localizer(.rosterMailHeading), view: page, context: context, status: status)
    }

    private func requestForm(_ request: Request, _ page: RequestPage, status: HTTPResponse.Status) throws -> Response {
        let writer = try PageWriter(request)
        return try writer.page("password-reset-request", title: writer.localizer(.resetRequestHeading), view: page, status: status)
    }

    private func resetForm(_ request: Request, _ page: ResetPage, status: HTTPResponse.Status) throws -> Response {
        let writer = try PageWriter(request)
        var response = try writer.page("password-reset", title: writer.localizer(.resetHeading), view: page, status: status)
        // The link is a credential: never kept by a cache, never sent on as a referrer.
        response.headers[.cacheControl] = "no-store"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        return response
    }

    /// An unknown unsubscribe link (its member was removed from the roster): 410, a page.
    private func unsubscribeGone(_ request: Request) throws -> Response {
        let writer = try PageWriter(request)
        return try self.message(
            request, heading: writer.localizer(.unsubscribeHeading), message: writer.localizer(.unsubscribeLinkGone), link: nil,
            status: .gone)
    }

    private func gone(_ request: Request) throws -> Response {
        let writer = try PageWriter(request)
        return try self.message(
            request, heading: writer.localizer(.resetHeading), message: writer.localizer(.resetLinkGone),
            link: ("/password-reset", writer.localizer(.resetRequestHeading)), status: .gone)
    }

    private func message(
        _ request: Request, heading: String, message: String, link: (href: String, text: String)?, status: HTTPResponse.Status
    ) throws -> Response {
        struct Link { var href: String; var text: String }
        struct View { var heading: String; var message: String; var link: Link? }
        let writer = try PageWriter(request)
        return try writer.page(
            "message", title: heading, view: View(heading: heading, message: message, link: link.map { Link(href: $0.href, text: $0.text) }),
            status: status)
    }
}
