import DebriefActions
import DebriefHTTP

/// The team pages as one feature (issue 70): `/teams`, `/teams/{teamId}`,
/// `/teams/{teamId}/overview` and `/teams/{teamId}/look` (decision 95), server-rendered in the
/// host's signed-in group.
public struct TeamPagesFeature: Feature {
    let teams: TeamActions
    let overviews: TeamOverviewActions
    let looks: TeamLookActions

    public init(teams: TeamActions, overviews: TeamOverviewActions, looks: TeamLookActions) {
        self.teams = teams
        self.overviews = overviews
        self.looks = looks
    }

    public func addPages(to pages: PageRoutes) {
        TeamPagesController(teams: self.teams).addRoutes(to: pages.signedIn)
        TeamOverviewPageController(overviews: self.overviews).addRoutes(to: pages.signedIn)
        TeamLookPageController(teams: self.teams, looks: self.looks).addRoutes(to: pages.signedIn)
    }
}
