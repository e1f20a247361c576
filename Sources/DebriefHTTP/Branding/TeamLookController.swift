import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// A team's look over the JSON API (decision 95): `GET`/`PUT /v1/teams/{teamId}/look` reads it
/// and sets or clears the accent (`{"accent": "#rrggbb"}`, `null` or `""` clears it);
/// `GET`/`PUT`/`DELETE /v1/teams/{teamId}/logo` reads, sets (the image itself as the body, as a
/// series' picture is sent) and removes the logo. Members read; admins change (``TeamRole/may(_:)``
/// through ``TeamAccess``): a member below admin gets 403, anyone outside the team 404.
public struct TeamLookController: Sendable {
    let looks: TeamLookActions

    public init(looks: TeamLookActions) {
        self.looks = looks
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("teams/:teamId/look") { _, context -> TeamLookResponse in
            TeamLookResponse(try await self.looks.look(team: try context.requireID("teamId", "team"), by: try context.requireViewer()))
        }
        group.put("teams/:teamId/look") { request, context -> TeamLookResponse in
            let team = try context.requireID("teamId", "team")
            let viewer = try context.requireViewer()
            let input = try await request.decodeJSON(as: TeamLookInput.self, context: context)
            return TeamLookResponse(try await self.looks.setAccent(team: team, input.accent, by: viewer))
        }
        group.get("teams/:teamId/logo") { _, context -> TeamLogoResponse in
            let team = try context.requireID("teamId", "team")
            guard let logo = try await self.looks.look(team: team, by: try context.requireViewer()).logo else {
                throw APIError.notFound("logo")
            }
            return TeamLogoResponse(logo, team: team)
        }
        group.put("teams/:teamId/logo") { request, context -> TeamLogoResponse in
            let team = try context.requireID("teamId", "team")
            let viewer = try context.requireViewer()
            let bytes = try await SeriesPictureController.readImage(request, field: TeamLookActions.logoField)
            let logo = try await self.looks.putLogo(team: team, bytes: bytes, declaredType: request.headers[.contentType], by: viewer)
            return TeamLogoResponse(logo, team: team)
        }
        group.delete("teams/:teamId/logo") { _, context -> Response in
            let team = try context.requireID("teamId", "team")
            try await self.looks.deleteLogo(team: team, by: try context.requireViewer())
            return Response(status: .noContent)
        }
    }
}

/// The body of `PUT /v1/teams/{teamId}/look`.
struct TeamLookInput: Codable, Sendable {
    /// `#rrggbb`; null, absent or blank clears the accent.
    var accent: String?
}

/// `GET|PUT /v1/teams/{teamId}/look`.
struct TeamLookResponse: ResponseEncodable {
    var teamID: UUID
    var accent: String?
    /// The stylesheet that sets the accent (`/team-styles/{rrggbb}.css`), null without one.
    var stylesheetURL: String?
    var logo: TeamLogoResponse?

    enum CodingKeys: String, CodingKey {
        case teamID = "teamId", accent, stylesheetURL = "stylesheetUrl", logo
    }

    init(_ look: TeamLook) {
        self.teamID = look.teamID
        self.accent = look.accent?.description
        self.stylesheetURL = look.stylesheetPath
        self.logo = look.logo.map { TeamLogoResponse($0, team: look.teamID) }
    }

    /// The accent's nulls written out, so a client sees it is absent, not forgotten; the logo is left
    /// out without one (a generated client has no nullable reference).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.teamID, forKey: .teamID)
        try container.encode(self.accent, forKey: .accent)
        try container.encode(self.stylesheetURL, forKey: .stylesheetURL)
        try container.encodeIfPresent(self.logo, forKey: .logo)
    }
}

/// `GET|PUT /v1/teams/{teamId}/logo`: what the logo is and where it is served.
struct TeamLogoResponse: ResponseEncodable {
    var id: UUID
    var teamID: UUID
    /// Where the bytes are (`/team-logos/{id}`), new at every upload.
    var url: String
    var contentType: String
    var width: Int
    var height: Int
    var etag: String
    var updatedAt: Date

    enum CodingKeys: String, CodingKey {
        case id, teamID = "teamId", url, contentType, width, height, etag, updatedAt
    }

    init(_ logo: TeamLogo, team: UUID) {
        self.id = logo.id
        self.teamID = team
        self.url = logo.path
        self.contentType = logo.format.mediaType
        self.width = logo.width
        self.height = logo.height
        self.etag = "\"\(logo.sha256)\""
        self.updatedAt = logo.updatedAt
    }
}
