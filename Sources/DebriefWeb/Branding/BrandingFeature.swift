import DebriefActions
import DebriefHTTP

/// The series' pictures (and the team's look) as one feature (decision 92): the JSON routes that
/// set and remove a picture (`/v1/series/{id}/picture`) and the route that serves it
/// (`/series-pictures/{id}`); a team's look (decision 95): its JSON routes
/// (`/v1/teams/{teamId}/look`, `/v1/teams/{teamId}/logo`), its logo's bytes (`/team-logos/{id}`)
/// and the accent's stylesheet (`/team-styles/{rrggbb}.css`).
public struct BrandingFeature: Feature {
    let pictures: SeriesPictureActions
    let looks: TeamLookActions
    let accounts: AccountActions

    public init(pictures: SeriesPictureActions, looks: TeamLookActions, accounts: AccountActions) {
        self.pictures = pictures
        self.looks = looks
        self.accounts = accounts
    }

    public func addRoutes(to api: APIRoutes) {
        SeriesPictureController(pictures: self.pictures).addRoutes(to: api.authenticated)
        TeamLookController(looks: self.looks).addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        SeriesPictureRoute(pictures: self.pictures, accounts: self.accounts).addRoutes(to: pages.router)
        TeamLogoRoute(looks: self.looks, accounts: self.accounts).addRoutes(to: pages.router)
        TeamStyleRoute().addRoutes(to: pages.router)
    }
}
