import DebriefActions
import Hummingbird
import ServiceLifecycle

/// One feature of the service as a single value: its JSON routes, its pages and its background
/// services, built once and registered from the application's one list (`AppServices.features`),
/// in the shape of Hummingbird's `RouteCollection`. Adding a feature is its own folder and one
/// line in that list (docs/decisions/0088); `scripts/check-layers` rule 30 refuses a feature, its
/// controllers or its services built anywhere else.
public protocol Feature: Sendable {
    /// Adds its `/v1` routes to the groups every JSON route goes under.
    func addRoutes(to api: APIRoutes)
    /// Adds its pages to the site's groups.
    func addPages(to pages: PageRoutes)
    /// Its background work, run and stopped with the application.
    var services: [any Service] { get }
}

extension Feature {
    public func addRoutes(to api: APIRoutes) {}
    public func addPages(to pages: PageRoutes) {}
    public var services: [any Service] { [] }
}

/// The JSON API's groups, built once by ``buildRouter(_:features:addPages:)`` with their
/// middleware, so a feature cannot forget the token check or the participant rate limit.
public struct APIRoutes {
    /// `/v1`, no token.
    public let v1: RouterGroup<AppRequestContext>
    /// `/v1/f`: the participant's routes, sharing the participant rate limit with the pages.
    public let participant: RouterGroup<AppRequestContext>
    /// `/v1`, behind a bearer token (``AuthMiddleware``).
    public let authenticated: RouterGroup<AppRequestContext>
    /// `/v1`, a bearer token or, on GET, the page session's cookie (downloads, live streams).
    public let cookieReadable: RouterGroup<AppRequestContext>
    /// The fair shares of exports, streams and endpoints (``Admission``).
    public let admission: Admission
    public let settings: HTTPSettings
}

/// The site's groups, built once by the pages, so a host page cannot forget the session check.
public struct PageRoutes {
    /// Public pages.
    public let router: Router<AppRequestContext>
    /// The one signed-in page group (``PageErrorMiddleware``, the host session; decision 67).
    public let signedIn: RouterGroup<AppRequestContext>
    /// The participant rate limit the pages share with the JSON API.
    public let participantRateLimit: RateLimitMiddleware
    public let settings: HTTPSettings

    public init(
        router: Router<AppRequestContext>, signedIn: RouterGroup<AppRequestContext>, participantRateLimit: RateLimitMiddleware,
        settings: HTTPSettings
    ) {
        self.router = router
        self.signedIn = signedIn
        self.participantRateLimit = participantRateLimit
        self.settings = settings
    }
}
