@testable import DebriefApp
@testable import DebriefHTTP
import DebriefActions
import DebriefTestSupport
import DebriefWeb
import Hummingbird
import Testing

/// Features come from one list (decision 88): each feature of `AppServices.features` is one
/// value, and every route it adds — JSON and pages — is a route of the router the application
/// builds, so a feature in the list cannot be left unregistered.
@Suite("Features: every feature of the one list is registered")
struct FeatureListTests {
    @Test func everyRouteOfEveryFeatureIsInTheApplicationsRouter() async throws {
        try await withTestApp { _, database in
            let services = AppServices(configuration: .forTests, database: database)
            let registered = Set(buildRouter(services).routes.map { "\($0.method) \($0.path)" })
            #expect(!services.features.isEmpty)
            for feature in services.features {
                let own = Self.routes(of: feature, settings: services.api.settings)
                #expect(!own.isEmpty, "\(type(of: feature)) adds no route")
                let missing = own.subtracting(registered).sorted()
                #expect(missing.isEmpty, "\(type(of: feature)): \(missing)")
            }
        }
    }

    @Test func theWebhooksFeatureBringsItsRoutesPagesAndDelivery() async throws {
        try await withTestApp { _, database in
            let services = AppServices(configuration: .forTests, database: database)
            let webhooks = try #require(services.features.first { $0 is WebhooksFeature })
            let own = Self.routes(of: webhooks, settings: services.api.settings)
            #expect(own.contains("GET /v1/webhooks"))
            #expect(own.contains("GET /account/webhooks"))
            #expect(webhooks.services.contains { $0 is WebhookDeliveryService })
        }
    }

    /// The routes `feature` adds, registered alone on a router of its own with the same groups.
    static func routes(of feature: any Feature, settings: HTTPSettings) -> Set<String> {
        let router = Router(context: AppRequestContext.self)
        let v1 = router.group("v1")
        let admission = Admission(settings: settings.admission)
        feature.addRoutes(
            to: APIRoutes(
                v1: v1, participant: v1.group("f"), authenticated: v1.group(), cookieReadable: v1.group(), admission: admission,
                settings: settings))
        feature.addPages(
            to: PageRoutes(router: router, signedIn: router.group(), participantRateLimit: RateLimitMiddleware(admission: admission), settings: settings))
        return Set(router.routes.map { "\($0.method) \($0.path)" })
    }
}
