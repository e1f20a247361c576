import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/account`: the signed-in host's display name, password, personal API tokens, and signing out
/// everywhere. Every post needs the session's CSRF token; each re-renders the page with what
/// happened (a new token is shown once, in that answer only).
struct AccountPageController {
    let accounts: AccountActions
    let settings: AccountSettingsActions
    /// Whether this installation sends e-mail (the page then points to the confirmation link).
    var mailConfigured = false
    /// Sends the address-proof link again (decision 54); nil in tests that need no mail.
    var mail: MailActions?

    struct AccountPage {
        struct TokenRow {
            var name: String
            var createdAt: String
            var expiresAt: String
            var revokeAction: String
            var revokeLabel: String
            var csrf: String
        }

        struct Lifetime {
            var days: Int
            var label: String
            var selected: Bool
        }

        var csrf: String
        var email: String
        /// Whether the address counts (``AddressProof``), and what that means for this account.
        var addressProven = false
        var addressStatus = ""
        var addressHelp: String?
        /// Offers "send the confirmation link again" (unproven, and this server sends mail).
        var canResendProof = false
        var displayName: String
        /// Months after which responses are purged (0: kept), as typed.
        var retentionMonths: String
        var retentionError: String?
        var notice: String?
        var newToken: String?
        var tokens: [TokenRow] = []
        var lifetimes: [Lifetime] = []
        var tokenName = ""
        var displayNameError: String?
        var currentPasswordError: String?
        var newPasswordError: String?
        var tokenNameError: String?
        /// The current password asked before a personal token is made.
        var tokenPasswordError: String?
        /// The account's zone (UTC until chosen), or what was typed when it was refused.
        var timeZone = "UTC"
        /// The names the picker suggests (`<datalist>`); any IANA name may be typed.
        var zoneNames: [String] = HostTimeZone.identifiers
        /// Set until the host chose a zone: the time zone script then selects the browser's.
        var zoneUnset = false
        var timeZoneError: String?
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("account")
        group.get(use: self.show)
        group.post("profile", use: self.saveProfile)
        group.post("time-zone", use: self.saveTimeZone)
        group.post("password", use: self.changePassword)
        group.post("tokens", use: self.createToken)
        group.post("tokens/:tokenId/revoke", use: self.revokeToken)
        group.post("sign-out-everywhere", use: self.signOutEverywhere)
        group.post("address-proof", use: self.resendAddressProof)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        var page = try self.page(context)
        if request.uri.queryParameters.get("zone") != nil { page.notice = Localizer(Language(request.headers))(.timeZoneSaved) }
        return try await self.render(request, context, page)
    }

    /// Saves the zone the pages show times in; the page then reloads in it (this request's page
    /// was bound to the old one).
    @Sendable func saveTimeZone(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        do {
            _ = try await self.accounts.updateProfile(
                of: try context.requireAccount(), ProfilePatchInput(timeZone: fields["timeZone"] ?? ""))
            return .seeOther("/account?zone=saved")
        } catch let failure as ValidationFailure {
            var page = try self.page(context)
            page.timeZoneError = FieldErrors(failure, Localizer(Language(request.headers)))["timeZone"]
            page.timeZone = String((fields["timeZone"] ?? "").prefix(64))
            return try await self.render(request, context, page, status: .unprocessableContent)
        }
    }

    @Sendable func saveProfile(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        do {
            // A blank or non-number retention is reported at its field, like a number out of range.
            let months = (fields["responseRetentionMonths"] ?? "0").trimmingCharacters(in: .whitespaces)
            let account = try await self.accounts.updateProfile(
                of: try context.requireAccount(),
                ProfilePatchInput(displayName: fields["displayName"] ?? "", responseRetentionMonths: Int(months.isEmpty ? "0" : months) ?? -1))
            var context = context
            context.account = account
            var page = try self.page(context)
            page.notice = t(.profileSaved)
            return try await self.render(request, context, page)
        } catch let failure as ValidationFailure {
            var page = try self.page(context)
            page.displayName = fields["displayName"] ?? ""
            page.retentionMonths = fields["responseRetentionMonths"] ?? ""
            page.displayNameError = FieldErrors(failure, t)["displayName"]
            page.retentionError = FieldErrors(failure, t)["responseRetentionMonths"]
            return try await self.render(request, context, page, status: .unprocessableContent)
        }
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        var page = try self.page(context)
        do {
            try await self.settings.changePassword(
                of: try context.requireAccount(), current: fields["currentPassword"], new: fields["newPassword"],
                keeping: context.bearerToken, client: context.clientAddress)
            page.notice = t(.passwordChanged)
            return try await self.render(request, context, page)
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            page.currentPasswordError = errors["currentPassword"]
            page.newPasswordError = errors["newPassword"]
            return try await self.render(request, context, page, status: .unprocessableContent)
        } catch let error as DebriefError {
            guard let refusal = Self.passwordRefusal(error, t) else { throw error }
            page.currentPasswordError = refusal.message
            return try await self.render(request, context, page, status: refusal.status, retryAfter: error.retryAfterSeconds)
        }
    }

    /// Makes a personal token once the current password is given (throttled like a sign-in).
    @Sendable func createToken(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        var page = try self.page(context)
        page.tokenName = fields["name"] ?? ""
        do {
            let issued = try await self.settings.createToken(
                for: try context.requireAccount(), currentPassword: fields["currentPassword"], name: fields["name"],
                days: fields["expiresInDays"], client: context.clientAddress)
            page.tokenName = ""
            page.newToken = issued.token
            var response = try await self.render(request, context, page)
            // The secret is in this answer only: never kept by a cache.
            response.headers[.cacheControl] = "no-store"
            return response
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            page.tokenNameError = errors["name"] ?? errors["expiresInDays"]
            page.tokenPasswordError = errors["currentPassword"]
            return try await self.render(request, context, page, status: .unprocessableContent)
        } catch let error as DebriefError {
            guard let refusal = Self.passwordRefusal(error, t) else { throw error }
            page.tokenPasswordError = refusal.message
            return try await self.render(request, context, page, status: refusal.status, retryAfter: error.retryAfterSeconds)
        }
    }

    /// "Send the confirmation link again": a new link, the older ones end; at most as many an
    /// hour as password reset links (429 with the seconds to wait past that).
    @Sendable func resendAddressProof(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        let writer = try PageWriter(request)
        var page = try self.page(context)
        do {
            if try await self.mail?.sendAddressProof(to: try context.requireAccount(), language: writer.language) == true {
                page.notice = writer.localizer(.proofResent)
            }
            return try await self.render(request, context, page)
        } catch let error as DebriefError where error.code == .rateLimited {
            page.notice = error.message
            return try await self.render(request, context, page, status: .tooManyRequests, retryAfter: error.retryAfterSeconds)
        }
    }

    /// What a refused current password says at its field: wrong (422), or too many wrong ones
    /// (429, with the seconds to wait); nil for any other error.
    static func passwordRefusal(_ error: DebriefError, _ t: Localizer) -> (message: String, status: HTTPResponse.Status)? {
        switch error.code {
        case .unauthenticated: return (t(.currentPasswordWrong), .unprocessableContent)
        case .rateLimited: return (t(.signInThrottled, ["n": String(error.retryAfterSeconds ?? 60)]), .tooManyRequests)
        default: return nil
        }
    }

    @Sendable func revokeToken(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        let id = try context.requireID("tokenId", "token")
        try await self.settings.revokeToken(id, of: try context.requireAccount())
        var page = try self.page(context)
        page.notice = Localizer(Language(request.headers))(.tokenRevoked)
        return try await self.render(request, context, page)
    }

    @Sendable func signOutEverywhere(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        try await self.settings.signOutEverywhere(try context.requireAccount())
        return .seeOther("/signin")
    }

    // MARK: - Helpers

    private func page(_ context: AppRequestContext) throws -> AccountPage {
        let account = try context.requireAccount()
        var page = AccountPage(
            csrf: context.sessionCSRFToken ?? "", email: account.email, displayName: account.displayName,
            retentionMonths: String(account.responseRetentionMonths))
        page.timeZone = account.timeZone.flatMap { HostTimeZone.zone($0) == nil ? nil : $0 } ?? "UTC"
        page.zoneUnset = account.timeZone == nil
        page.addressProven = AddressProof.counts(account)
        return page
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ page: AccountPage, status: HTTPResponse.Status = .ok,
        retryAfter: Int? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let account = try context.requireAccount()
        var page = page
        page.addressStatus = t(page.addressProven ? .addressProven : .addressUnproven)
        if !page.addressProven { page.addressHelp = t(self.mailConfigured ? .addressUnprovenMail : .addressUnprovenNoMail) }
        page.canResendProof = !page.addressProven && self.mailConfigured && self.mail != nil
        page.tokens = try await self.settings.tokens(of: account).map { token in
            AccountPage.TokenRow(
                name: token.name, createdAt: DateText.dateTime(token.createdAt, writer.language),
                expiresAt: DateText.dateTime(token.expiresAt, writer.language),
                revokeAction: "/account/tokens/\(token.id.lowercasedText)/revoke",
                revokeLabel: t(.revokeButton) + ": " + token.name, csrf: page.csrf)
        }
        page.lifetimes = AccountSettingsActions.tokenLifetimeDays.map { days in
            AccountPage.Lifetime(days: days, label: t(.tokenDays, ["n": String(days)]), selected: days == 90)
        }
        var response = try writer.hostPage(
            "account", title: t(.accountHeading), view: page, context: context, status: status,
            policy: ContentSecurityPolicy.scripted, script: Assets.timeZoneScript.url)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
