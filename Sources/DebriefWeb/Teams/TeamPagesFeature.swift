import DebriefActions
import DebriefHTTP

/// The team pages as one feature (issue 70): `/teams`, `/teams/{teamId}` and
/// `/teams/{teamId}/overview`, server-rendered in the host's signed-in group.
public struct TeamPagesFeature: Feature {
    let teams: TeamActions
    let overviews: TeamOverviewActions

    public init(teams: TeamActions, overviews: TeamOverviewActions) {
        self.teams = teams
        self.overviews = overviews
    }

    public func addPages(to pages: PageRoutes) {
        TeamPagesController(teams: self.teams).addRoutes(to: pages.signedIn)
        TeamOverviewPageController(overviews: self.overviews).addRoutes(to: pages.signedIn)
    }
}
