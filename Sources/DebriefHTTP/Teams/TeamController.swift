import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// Teams (docs/decisions/0090-teams-own-series.md): `GET`/`POST /v1/teams`,
/// `GET`/`PATCH /v1/teams/{teamId}`, `GET`/`POST /v1/teams/{teamId}/members`,
/// `PATCH`/`DELETE /v1/teams/{teamId}/members/{accountId}`, `GET /v1/teams/{teamId}/series`, and
/// `POST /v1/series/{id}/transfer-to-team` (its admins accept among `GET /v1/transfers`). A team
/// is a 404 to anyone outside it but installation admins; changing it is its admins'.
public struct TeamController: Sendable {
    let teams: TeamActions

    public init(teams: TeamActions) {
        self.teams = teams
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("teams") { _, context -> TeamList in
            TeamList(items: try await self.teams.teams(of: try context.requireViewer()).map(TeamResponse.init))
        }
        group.post("teams") { request, context -> EditedResponse<TeamResponse> in
            let team = try await self.teams.create(by: try context.requireViewer()) {
                try await request.decodeJSON(as: TeamInput.self, context: context)
            }
            return EditedResponse(status: .created, response: TeamResponse(team))
        }
        group.get("teams/:teamId") { _, context -> TeamResponse in
            TeamResponse(try await self.teams.team(try context.requireID("teamId", "team"), visibleTo: try context.requireViewer()))
        }
        group.patch("teams/:teamId") { request, context -> TeamResponse in
            let id = try context.requireID("teamId", "team")
            return TeamResponse(try await self.teams.rename(id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: TeamInput.self, context: context)
            })
        }
        group.get("teams/:teamId/members") { _, context -> TeamMemberList in
            let id = try context.requireID("teamId", "team")
            return TeamMemberList(items: try await self.teams.members(of: id, visibleTo: try context.requireViewer()).map(TeamMemberResponse.init))
        }
        group.post("teams/:teamId/members") { request, context -> EditedResponse<OfferedResponse> in
            let id = try context.requireID("teamId", "team")
            let added = try await self.teams.add(to: id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: TeamMemberInput.self, context: context)
            }
            let detail = "if \(added.email.normalized) is the proven address of a Debrief account, it is a member as \(added.role.rawValue)"
            return EditedResponse(status: .accepted, response: OfferedResponse(email: added.email.normalized, detail: detail))
        }
        group.patch("teams/:teamId/members/:accountId") { request, context -> TeamMemberList in
            let id = try context.requireID("teamId", "team")
            let account = try context.requireID("accountId", "member")
            let viewer = try context.requireViewer()
            try await self.teams.change(account, in: id, by: viewer) {
                try await request.decodeJSON(as: TeamRoleInput.self, context: context)
            }
            return TeamMemberList(items: try await self.teams.members(of: id, visibleTo: viewer).map(TeamMemberResponse.init))
        }
        group.delete("teams/:teamId/members/:accountId") { _, context -> Response in
            let id = try context.requireID("teamId", "team")
            try await self.teams.remove(try context.requireID("accountId", "member"), from: id, by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.get("teams/:teamId/series") { _, context -> TeamSeriesList in
            let id = try context.requireID("teamId", "team")
            return TeamSeriesList(items: try await self.teams.series(of: id, visibleTo: try context.requireViewer()).map(TeamSeriesResponse.init))
        }
        group.post("series/:id/transfer-to-team") { request, context -> EditedResponse<TeamOfferedResponse> in
            let id = try context.requireID("id", "series")
            let team = try await self.teams.offer(series: id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: SeriesTeamTransferInput.self, context: context)
            }
            return EditedResponse(status: .accepted, response: TeamOfferedResponse(teamID: team, detail: "an admin of the team can accept the transfer"))
        }
    }
}
