import DebriefActions
import DebriefHTTP

/// The series' pictures (and the team's look) as one feature (decision 92): the JSON routes that
/// set and remove a picture (`/v1/series/{id}/picture`) and the route that serves it
/// (`/series-pictures/{id}`).
public struct BrandingFeature: Feature {
    let pictures: SeriesPictureActions
    let accounts: AccountActions

    public init(pictures: SeriesPictureActions, accounts: AccountActions) {
        self.pictures = pictures
        self.accounts = accounts
    }

    public func addRoutes(to api: APIRoutes) {
        SeriesPictureController(pictures: self.pictures).addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        SeriesPictureRoute(pictures: self.pictures, accounts: self.accounts).addRoutes(to: pages.router)
    }
}
