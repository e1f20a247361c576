import DebriefActions
import DebriefHTTP
import DebriefStore
import Hummingbird
import Logging
import PQ

/// Builds the Debrief HTTP application around an open database: the JSON API, the pages, and
/// the background services, each stopped gracefully with the application.
///
/// `debrief serve` and the tests call the same function, so tests exercise the real wiring.
///
/// `replica`, a hot standby of `database`, takes the reads that tolerate a bounded lag.
public func buildApplication(
    configuration: AppConfiguration, database: Database, replica: Database? = nil, logger: Logger
) -> some ApplicationProtocol {
    let services = AppServices(configuration: configuration, database: database, replica: replica)
    var app = Application(
        router: buildRouter(services),
        server: httpServer(
            idleTimeout: configuration.idleTimeout, bodyTimeout: configuration.bodyTimeout,
            writeStallTimeout: configuration.writeStallTimeout, logger: logger),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Debrief"),
        logger: logger)
    app.addServices(
        ResourceService(database: database, hasher: services.hasher),
        // Stopped after every service that calls out (a group stops its services in reverse).
        services.outbound,
        services.notifier,
        services.liveResults,
        ChangeListener(
            database: database, hub: services.liveResults, shared: services.sharedResults, tokens: services.tokenCache,
            rooms: services.roomLists, logger: logger),
        TallyFoldService(
            tallies: ResultTallies(database: database), interval: configuration.tallyFoldInterval, logger: logger,
            metrics: configuration.metrics),
        PeriodicPurge.idempotency(
            keys: IdempotencyKeys(database: database), retention: configuration.idempotencyRetention, logger: logger,
            metrics: configuration.metrics),
        PeriodicPurge.trash(meetings: services.meetingStore, logger: logger, metrics: configuration.metrics),
        PeriodicPurge.responses(retention: RetentionStore(database: database), logger: logger, metrics: configuration.metrics),
        ReplicaMonitorService(replica: services.readReplica),
        InstanceHeartbeatService(
            heartbeats: InstanceHeartbeats(database: database), peers: services.api.settings.clusterPeers, logger: logger))
    // Each feature's background work, from the one list (webhook and chat delivery, mail).
    app.addServices(services.features.flatMap(\.services))
    return app
}

/// The whole application's router: the JSON API and the pages around the same use cases.
func buildRouter(_ services: AppServices) -> Router<AppRequestContext> {
    buildRouter(services.api, features: services.features) { router, participantLimits in
        services.pages.addRoutes(to: router, participantRateLimit: participantLimits, features: services.features)
    }
}
