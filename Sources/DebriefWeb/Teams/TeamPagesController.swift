import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/teams` (the host's teams, make a team) and `/teams/{teamId}` (its members with their roles
/// and where they came from, the admins' controls, the series it owns; docs/decisions/0090).
/// Forms without script; who may do what is ``TeamActions``' (a member's post of an admin's form
/// is the 403 page, a team outside the host's is the 404 page).
struct TeamPagesController {
    let teams: TeamActions

    struct TeamsPage {
        struct Row {
            var name: String
            var href: String
            var role: String
            var members: Int
            var series: Int
        }

        var rows: [Row]
        var name: String
        var nameError: String?
        var csrf: String
    }

    struct TeamPage {
        struct Member {
            var name: String
            var email: String
            var role: String
            var fromProvider: Bool
            var changeAction: String
            var removeAction: String
            var roleLabel: String
            var removeLabel: String
            var options: [Option]
        }

        struct Option {
            var value: String
            var label: String
            var selected: Bool
        }

        struct Series {
            var title: String
            var sessions: String
            var latest: String?
        }

        var heading: String
        var yourRole: String
        var members: [Member]
        var series: [Series]
        var overviewHref: String
        /// The admins' controls and links, nil for editors and viewers.
        var manage: Manage?
        var notice: String?
        var csrf: String

        struct Manage {
            var addAction: String
            /// The team's logo and colour (``TeamLookPageController``).
            var lookHref: String
            /// The team's read record (``AuditPagesController``).
            var auditHref: String
            var email: String
            var emailError: String?
            var options: [Option]
        }
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("teams")
        group.get(use: self.list)
        group.post(use: self.create)
        group.get(":teamId", use: self.show)
        group.post(":teamId/members", use: self.add)
        group.post(":teamId/members/:accountId/role", use: self.change)
        group.post(":teamId/members/:accountId/remove", use: self.remove)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.renderList(request, context)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        do {
            let team = try await self.teams.create(by: try context.requireViewer()) { TeamInput(name: fields["name"]) }
            return .seeOther("/teams/\(team.id.lowercasedText)")
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, Localizer(Language(request.headers)))
            return try await self.renderList(
                request, context, status: .unprocessableContent, name: fields["name"] ?? "", nameError: errors["name"])
        }
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context)
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        do {
            let added = try await self.teams.add(to: try self.teamID(context), by: try context.requireViewer()) {
                TeamMemberInput(email: fields["email"], role: fields["role"])
            }
            // The same words whether the address has an account or not.
            let notice = t(TeamPhrase.teamAdded, ["email": added.email.normalized, "role": Self.name(added.role, t)])
            return try await self.render(request, context, notice: notice)
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            return try await self.render(
                request, context, status: .unprocessableContent, email: fields["email"] ?? "", emailError: errors["email"] ?? errors["role"])
        }
    }

    @Sendable func change(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        do {
            try await self.teams.change(
                try context.requireID("accountId", "member"), in: try self.teamID(context), by: try context.requireViewer()
            ) { TeamRoleInput(role: fields["role"]) }
            return try await self.render(request, context, notice: t(TeamPhrase.teamChanged))
        } catch let failure as ValidationFailure {
            return try await self.render(
                request, context, status: .unprocessableContent, notice: FieldErrors(failure, t)["role"] ?? t(TeamPhrase.teamChanged))
        }
    }

    @Sendable func remove(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        let viewer = try context.requireViewer()
        let account = try context.requireID("accountId", "member")
        try await self.teams.remove(account, from: try self.teamID(context), by: viewer)
        // Leaving the team: its page is no longer the host's.
        if account == viewer.accountID { return .seeOther("/teams") }
        return try await self.render(request, context, notice: Localizer(Language(request.headers))(TeamPhrase.teamRemoved))
    }

    // MARK: - Helpers

    private func teamID(_ context: AppRequestContext) throws -> UUID {
        try context.requireID("teamId", "team")
    }

    /// A role's name in the page's language.
    static func name(_ role: TeamRole, _ t: Localizer) -> String {
        switch role {
        case .admin: return t(TeamPhrase.teamRoleAdmin)
        case .editor: return t(TeamPhrase.teamRoleEditor)
        case .viewer: return t(TeamPhrase.teamRoleViewer)
        }
    }

    private func renderList(
        _ request: Request, _ context: AppRequestContext, status: HTTPResponse.Status = .ok, name: String = "", nameError: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let rows = try await self.teams.teams(of: try context.requireViewer()).map { team in
            TeamsPage.Row(
                name: team.name, href: "/teams/\(team.id.lowercasedText)", role: Self.name(team.viewerRole, t),
                members: team.memberCount, series: team.seriesCount)
        }
        let page = TeamsPage(rows: rows, name: name, nameError: nameError, csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("teams", title: t(TeamPhrase.teamsHeading), view: page, context: context, status: status)
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, status: HTTPResponse.Status = .ok, notice: String? = nil,
        email: String = "", emailError: String? = nil
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        let id = try self.teamID(context)
        let team = try await self.teams.team(id, visibleTo: viewer)
        let path = "/teams/\(id.lowercasedText)"
        let manages = team.viewerRole.may(.manage)
        func options(_ selected: TeamRole) -> [TeamPage.Option] {
            TeamRole.allCases.map { TeamPage.Option(value: $0.rawValue, label: Self.name($0, t), selected: $0 == selected) }
        }
        let members = try await self.teams.members(of: id, visibleTo: viewer).map { member in
            let account = member.accountID.lowercasedText
            return TeamPage.Member(
                name: member.displayName, email: member.email, role: Self.name(member.role, t), fromProvider: member.fromProvider,
                changeAction: "\(path)/members/\(account)/role", removeAction: "\(path)/members/\(account)/remove",
                roleLabel: t(TeamPhrase.teamColumnRole) + ": " + member.email, removeLabel: t(TeamPhrase.teamRemoveButton) + ": " + member.email,
                options: options(member.role))
        }
        let series = try await self.teams.series(of: id, visibleTo: viewer).map { series in
            TeamPage.Series(
                title: series.title, sessions: t(TeamPhrase.teamSeriesSessions, ["count": String(series.sessionCount)]),
                latest: series.latestStartsAt.map { DateText.dateTime($0, writer.language) })
        }
        let manage = manages
            ? TeamPage.Manage(
                addAction: "\(path)/members", lookHref: "\(path)/look", auditHref: "\(path)/audit", email: email, emailError: emailError,
                options: options(.editor))
            : nil
        let page = TeamPage(
            heading: team.name, yourRole: t(TeamPhrase.teamYourRole, ["role": Self.name(team.viewerRole, t)]),
            members: manages ? members : members.map { var member = $0; member.options = []; return member },
            series: series, overviewHref: "\(path)/overview", manage: manage, notice: notice, csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("team", title: team.name, view: page, context: context, status: status)
    }
}
