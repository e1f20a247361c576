@testable import DebriefApp
@testable import DebriefHTTP
import DebriefActions
import DebriefTestSupport
import DebriefWeb
import Hummingbird
import Mail
import ServiceLifecycle
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

    /// A feature's routes come from the list alone: the router and the pages built with an empty
    /// list have none of them, so no feature is registered twice or from anywhere else.
    @Test func noFeaturesRouteIsRegisteredOutsideTheList() async throws {
        try await withTestApp { _, database in
            let services = AppServices(configuration: .forTests, database: database)
            let core = buildRouter(services.api, features: []) { router, participantLimits in
                services.pages.addRoutes(to: router, participantRateLimit: participantLimits, features: [])
            }
            let registered = Set(core.routes.map { "\($0.method) \($0.path)" })
            for feature in services.features {
                let twice = Self.routes(of: feature, settings: services.api.settings).intersection(registered).sorted()
                #expect(twice.isEmpty, "\(type(of: feature)) is also registered outside the list: \(twice)")
            }
        }
    }

    /// The features moved into the list (issue 69, goal 1): each brings its JSON routes, its pages
    /// and its services, and none of them is left in JSONAPI, Pages or buildApplication.
    @Test func eachFeatureOfTheListBringsItsOwnRoutesAndServices() async throws {
        try await withTestApp { _, database in
            let services = AppServices(configuration: .forTests, database: database)
            let settings = services.api.settings
            func own(_ type: any Feature.Type) throws -> (routes: Set<String>, services: [any Service]) {
                let feature = try #require(services.features.first { Swift.type(of: $0) == type }, "\(type) is not in the list")
                return (Self.routes(of: feature, settings: settings), feature.services)
            }
            func has(_ routes: Set<String>, _ method: String, _ suffix: String) -> Bool {
                routes.contains { $0.hasPrefix(method + " ") && $0.hasSuffix(suffix) }
            }
            let exports = try own(ExportsFeature.self)
            #expect(has(exports.routes, "GET", "/export.csv") && has(exports.routes, "GET", "/export.xlsx"))
            let live = try own(LiveFeature.self)
            #expect(has(live.routes, "GET", "/results/live") && has(live.routes, "GET", "/room-questions/live"))
            let calendar = try own(CalendarFeature.self)
            #expect(has(calendar.routes, "GET", "/calendar.ics") && has(calendar.routes, "GET", "/m/from-calendar"))
            let moderation = try own(ModerationFeature.self)
            #expect(moderation.routes.contains { $0.hasPrefix("DELETE /v1/meetings/") && $0.contains("/responses/") })
            #expect(has(moderation.routes, "GET", "/responses"))
            let chat = try own(ChatFeature.self)
            #expect(chat.routes.contains { $0.hasPrefix("GET /v1/series/") && $0.contains("chat-channel") })
            #expect(chat.services.contains { $0 is ChatDigestService })
            let mail = try own(MailFeature.self)
            #expect(has(mail.routes, "GET", "/password-reset") && mail.routes.contains { $0.contains("/roster/send") })
            // No SMTP server in the tests' configuration: nothing to send, so no mail service.
            #expect(mail.services.isEmpty)
        }
    }

    @Test func theMailFeatureSendsAndWritesRosterMailOnlyWithAnSMTPServer() async throws {
        try await withTestApp { _, database in
            var configuration = AppConfiguration.forTests
            configuration.smtp = try SMTPSettings(url: "smtp://127.0.0.1:9", from: "debrief@example.org", startTLS: .none)
            let services = AppServices(configuration: configuration, database: database)
            let mail = try #require(services.features.first { $0 is MailFeature })
            #expect(mail.services.contains { $0 is MailDeliveryService })
            #expect(mail.services.contains { $0 is RosterMailScheduler })
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
