import DebriefActions

/// Teams that own series as one feature (docs/decisions/0090-teams-own-series.md): the
/// `/v1/teams…` routes and the offer of a series to a team.
public struct TeamsFeature: Feature {
    let teams: TeamActions

    public init(teams: TeamActions) {
        self.teams = teams
    }

    public func addRoutes(to api: APIRoutes) {
        TeamController(teams: self.teams).addRoutes(to: api.authenticated)
    }
}
