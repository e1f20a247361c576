import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/teams/{teamId}/look` (decision 95): a team's admins see its logo and accent and change them
/// with forms without script — the logo as a `multipart/form-data` upload, its removal, the accent
/// from a colour picker or typed. Every change goes through ``TeamLookActions`` (the API's checks:
/// PNG or JPEG, 256 KB, the sides, WCAG AA), so a refusal is the page again with a 422 naming the
/// field and nothing stored; a change is a 303 back here. Who may is ``TeamRole/may(_:)``'s: a
/// member below admin gets the 403 page, anyone outside the team the 404 page.
struct TeamLookPageController {
    let teams: TeamActions
    let looks: TeamLookActions

    struct LookPage {
        var heading: String
        var teamHref: String
        var logo: TeamLogoPart?
        var logoAction: String
        var removeAction: String
        var logoError: String?
        var accentAction: String
        /// What the picker shows: the team's accent, else Debrief's own.
        var pickerValue: String
        /// What was typed, shown again after a refusal.
        var accentText: String
        var accentError: String?
        /// "The team's colour: #1a5e20", or that it uses Debrief's.
        var accentNow: String
        var hasAccent: Bool
        var errors: [String]
        var csrf: String
    }

    /// Debrief's own accent (`--accent` in debrief.css): the picker's value without a team's.
    static let defaultAccent = "#0b57d0"
    /// The largest post: an image at the reader's limit and then some, so a file a little too large
    /// reaches the reader and is refused by it (422, naming `logo`); past this, 413 naming it. The
    /// server's body limit (`--max-body-bytes`, 256 KB by default) is lower still unless raised:
    /// above it every request is a 413 before any route reads it, as the API's upload is.
    static let maxPostBytes = ImageUpload.maxBytes * 2 + 16 * 1024

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        signedIn.get("teams/:teamId/look", use: self.show)
        signedIn.post("teams/:teamId/look/logo", use: self.upload)
        signedIn.post("teams/:teamId/look/logo/remove", use: self.remove)
        signedIn.post("teams/:teamId/look/accent", use: self.accent)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context)
    }

    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let posted: (fields: FormFields, files: [String: MultipartFormData.Part])
        do {
            posted = try await FormFields.readUploadParts(request, limit: context.bodyLimit(atMost: Self.maxPostBytes))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            // Refused before anything was read, so the CSRF token is unread too: nothing changes.
            let t = Localizer(Language(request.headers))
            return try await self.render(
                request, context, status: .contentTooLarge,
                logoError: t(TeamPhrase.teamLookFileTooLarge, ["kib": String(context.bodyLimit(atMost: Self.maxPostBytes) / 1024)]))
        }
        try context.requireSessionCSRF(posted.fields)
        let team = try self.teamID(context)
        let viewer = try context.requireViewer()
        // No file chosen: the reader's own refusal (it is empty), naming the field.
        let part = posted.files[TeamLookActions.logoField]
        do {
            _ = try await self.looks.putLogo(
                team: team, bytes: Data(part?.bytes ?? []), declaredType: part?.contentType, by: viewer)
            return .seeOther(Self.path(team))
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, Localizer(Language(request.headers)))
            return try await self.render(
                request, context, status: .unprocessableContent, logoError: errors[TeamLookActions.logoField] ?? Self.message(failure))
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        let team = try self.teamID(context)
        let viewer = try context.requireViewer()
        // The team and the admin first, so that "no logo" below is only ever the logo's.
        try await self.requireAdmin(team, viewer)
        do {
            try await self.looks.deleteLogo(team: team, by: viewer)
        } catch let error as DebriefError where error.code == .notFound {
            // Already gone (a second click): the page shows it so.
        }
        return .seeOther(Self.path(team))
    }

    @Sendable func accent(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let team = try self.teamID(context)
        // A typed colour wins over the picker (which always sends one); both blank clears it.
        let typed = fields["accentText"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let chosen = typed.isEmpty ? fields[TeamLookActions.accentField] : typed
        do {
            _ = try await self.looks.setAccent(team: team, chosen, by: try context.requireViewer())
            return .seeOther(Self.path(team))
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, Localizer(Language(request.headers)))
            return try await self.render(
                request, context, status: .unprocessableContent, accentText: chosen ?? "",
                accentError: errors[TeamLookActions.accentField] ?? Self.message(failure))
        }
    }

    // MARK: - Helpers

    static func path(_ team: UUID) -> String {
        "/teams/\(team.lowercasedText)/look"
    }

    /// The first problem's own words, when the page has no sentence for it.
    static func message(_ failure: ValidationFailure) -> String {
        failure.problems.first?.message ?? ""
    }

    private func teamID(_ context: AppRequestContext) throws -> UUID {
        try context.requireID("teamId", "team")
    }

    /// The team, when the viewer may change its look: the 404 page outside it, the 403 page below admin.
    @discardableResult
    private func requireAdmin(_ id: UUID, _ viewer: Viewer) async throws -> Team {
        let team = try await self.teams.team(id, visibleTo: viewer)
        guard team.viewerRole.may(.manage) else { throw TeamAction.manage.refusal }
        return team
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, status: HTTPResponse.Status = .ok,
        logoError: String? = nil, accentText: String = "", accentError: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        let id = try self.teamID(context)
        let team = try await self.requireAdmin(id, viewer)
        let look = try await self.looks.look(team: id, by: viewer)
        let path = Self.path(id)
        // Each refusal named by its field, as the API's problem names it.
        let errors = [
            logoError.map { TeamLookActions.logoField + ": " + $0 }, accentError.map { TeamLookActions.accentField + ": " + $0 },
        ].compactMap { $0 }
        let page = LookPage(
            heading: t(TeamPhrase.teamLookHeading, ["team": team.name]), teamHref: "/teams/\(id.lowercasedText)",
            logo: TeamLogoPart(look), logoAction: path + "/logo", removeAction: path + "/logo/remove", logoError: logoError,
            accentAction: path + "/accent", pickerValue: look.accent?.description ?? Self.defaultAccent, accentText: accentText,
            accentError: accentError,
            accentNow: look.accent.map { t(TeamPhrase.teamLookAccentCurrent, ["accent": $0.description]) } ?? t(TeamPhrase.teamLookAccentNone),
            hasAccent: look.accent != nil, errors: errors, csrf: context.sessionCSRFToken ?? "")
        // The team's stylesheet after the pages' own: the preview (and this page) in its colour.
        return try writer.page(
            "team-look", title: page.heading, view: page, status: status, signOutToken: context.sessionCSRFToken,
            showsAdmin: context.account?.role == .admin, alsoStyles: [look.stylesheetPath].compactMap { $0 })
    }
}
