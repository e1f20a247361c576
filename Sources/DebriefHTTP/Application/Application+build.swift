import Hummingbird
import DebriefStore
import Logging
import PQ

/// Builds the Debrief HTTP application around an open database.
///
/// `debrief serve` and the tests call the same function, so tests exercise the real wiring.
public func buildApplication(
    configuration: AppConfiguration, database: Database, logger: Logger
) -> some ApplicationProtocol {
    let services = AppServices(configuration: configuration, database: database)
    var app = Application(
        router: buildRouter(services),
        server: .http1(
            configuration: .init(
                additionalChannelHandlers: [
                    RequestDeadlineHandler(
                        headTimeout: .init(configuration.idleTimeout), bodyTimeout: .init(configuration.bodyTimeout),
                        logger: logger)
                ],
                idleTimeout: .init(configuration.idleTimeout))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Debrief"),
        logger: logger)
    app.addServices(ResourceService(database: database, hasher: services.hasher))
    app.addServices(
        LiveResultsService(database: database, hub: services.liveResults, heartbeatInterval: .seconds(15), logger: logger))
    app.addServices(
        TallyFoldService(tallies: ResultTallies(database: database), interval: configuration.tallyFoldInterval, logger: logger))
    app.addServices(
        IdempotencyPurgeService(
            keys: IdempotencyKeys(database: database), retention: configuration.idempotencyRetention, logger: logger))
    return app
}

/// All routes and middleware of the service.
func buildRouter(_ services: AppServices) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.middlewares.add(SecurityHeadersMiddleware())
    if !services.configuration.corsOrigins.isEmpty {
        router.middlewares.add(CORSMiddleware(allowList: services.configuration.corsOrigins))
    }
    router.middlewares.add(RequestLoggingMiddleware())
    router.middlewares.add(ProblemMiddleware())
    router.middlewares.add(BodyLimitMiddleware(limit: services.configuration.maxBodyBytes))
    HealthController(database: services.database).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    // One set of buckets for the participant API and pages: alternating does not double the rate.
    let participantLimits = RateLimitMiddleware(settings: services.configuration.participantRateLimits)

    let v1 = router.group("v1")
    AccountController(services: services).addPublicRoutes(to: v1)
    // Every public route that takes a form code shares the participant rate limit, so codes
    // cannot be guessed faster through any of them (the pages below share the same buckets).
    let participant = v1.group("f").add(middleware: participantLimits)
    ParticipantController(services: services).addRoutes(to: participant)
    ResultsController(services: services).addPublicRoutes(to: participant)
    let authenticated = v1.group().add(middleware: AuthMiddleware(tokens: services.tokens))
    AccountController(services: services).addAuthenticatedRoutes(to: authenticated)
    MeetingController(services: services).addRoutes(to: authenticated)
    FormController(services: services).addRoutes(to: authenticated)
    ResultsController(services: services).addRoutes(to: authenticated)
    ChartController(services: services).addRoutes(to: authenticated)
    QRCodeController(services: services).addRoutes(to: authenticated)
    ExportController(services: services).addRoutes(to: authenticated)
    // The live stream also takes the session cookie (GET only), for the dashboard's script.
    let cookieReadable = v1.group().add(middleware: AuthMiddleware(tokens: services.tokens, acceptsSessionCookieOnGET: true))
    LiveResultsController(services: services).addRoutes(to: cookieReadable)
    AttendanceController(services: services).addRoutes(to: authenticated)

    // The HTML pages.
    Assets.addRoutes(to: router)
    ParticipantPageController(services: services).addRoutes(to: router, rateLimit: participantLimits)
    SignInController(services: services).addRoutes(to: router)
    HostPagesController(services: services).addRoutes(to: router)
    // Last: router middleware added after the routes wraps only the not-found responder.
    router.middlewares.add(MethodNotAllowedMiddleware(routes: router.routes))
    return router
}
