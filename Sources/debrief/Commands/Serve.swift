import ArgumentParser
import Configuration
import Debrief
import DebriefApp
import DebriefHTTP
import DebriefStore
import Foundation
import Hummingbird
import Logging
import PQ
import Metrics
import Prometheus
import ServiceLifecycle

/// `debrief serve`: the HTTP API, on a configured database or a private local cluster.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the HTTP API (the default command).")
    /// Names the file of a debug build's test clock (ISO 8601 instant; decision 83). Not a
    /// setting: read here, once, and passed to ``TestClock``.
    static let testClockVariable = "DEBRIEF_TEST_CLOCK_FILE"

    @Option(name: SettingTable.configFile.longName, help: SettingTable.configFile.argumentHelp)
    var configFile: String?

    @OptionGroup var database: DatabaseOptions

    @Option(name: SettingTable.host.longName, help: SettingTable.host.argumentHelp)
    var host: String?

    @Option(name: SettingTable.port.longName, help: SettingTable.port.argumentHelp)
    var port: Int?

    @Option(name: SettingTable.publicURL.longName, help: SettingTable.publicURL.argumentHelp)
    var publicURL: String?

    @Option(name: SettingTable.maxBodyBytes.longName, help: SettingTable.maxBodyBytes.argumentHelp)
    var maxBodyBytes: Int?

    @Option(name: SettingTable.idleTimeout.longName, help: SettingTable.idleTimeout.argumentHelp)
    var idleTimeout: Int?

    @Option(name: SettingTable.bodyTimeout.longName, help: SettingTable.bodyTimeout.argumentHelp)
    var bodyTimeout: Int?

    @Option(name: SettingTable.writeStallTimeout.longName, help: SettingTable.writeStallTimeout.argumentHelp)
    var writeStallTimeout: Int?

    @Option(name: SettingTable.exportLimitPerAccount.longName, help: SettingTable.exportLimitPerAccount.argumentHelp)
    var exportLimitPerAccount: Int?

    @Option(name: SettingTable.exportLimit.longName, help: SettingTable.exportLimit.argumentHelp)
    var exportLimit: Int?

    @Option(name: SettingTable.exportSpoolMaxBytes.longName, help: SettingTable.exportSpoolMaxBytes.argumentHelp)
    var exportSpoolMaxBytes: Int?

    @Option(name: SettingTable.shutdownTimeout.longName, help: SettingTable.shutdownTimeout.argumentHelp)
    var shutdownTimeout: Int?

    @Option(name: SettingTable.replicaURL.longName, help: SettingTable.replicaURL.argumentHelp)
    var replicaURL: String?

    @Option(name: SettingTable.replicaMaxLag.longName, help: SettingTable.replicaMaxLag.argumentHelp)
    var replicaMaxLag: Int?

    @Option(name: SettingTable.resultsStaleness.longName, help: SettingTable.resultsStaleness.argumentHelp)
    var resultsStaleness: Int?

    @Option(name: SettingTable.tokenCache.longName, help: SettingTable.tokenCache.argumentHelp)
    var tokenCache: Int?

    @Option(name: SettingTable.trustedProxies.longName, help: SettingTable.trustedProxies.argumentHelp)
    var trustedProxies: String?

    @Option(name: SettingTable.dataDir.longName, help: SettingTable.dataDir.argumentHelp)
    var dataDir: String?

    @Option(name: SettingTable.bcryptCost.longName, help: SettingTable.bcryptCost.argumentHelp)
    var bcryptCost: Int?

    @Option(name: SettingTable.corsOrigins.longName, help: SettingTable.corsOrigins.argumentHelp)
    var corsOrigins: String?

    @Option(name: SettingTable.embedOrigins.longName, help: SettingTable.embedOrigins.argumentHelp)
    var embedOrigins: String?

    @Option(name: SettingTable.signup.longName, help: SettingTable.signup.argumentHelp)
    var signup: String?

    @Option(name: SettingTable.metricsPort.longName, help: SettingTable.metricsPort.argumentHelp)
    var metricsPort: Int?

    @Option(name: SettingTable.metricsHost.longName, help: SettingTable.metricsHost.argumentHelp)
    var metricsHost: String?

    @Option(name: SettingTable.webhookAllowInsecureHosts.longName, help: SettingTable.webhookAllowInsecureHosts.argumentHelp)
    var webhookAllowInsecureHosts: String?

    @OptionGroup var mail: MailOptions

    @OptionGroup var companySignIn: CompanySignInOptions

    @Flag(help: "Do not apply pending migrations on start.")
    var noMigrate = false

    /// Prints docs/configuration.md's table of settings and exits (how the page is regenerated).
    @Flag(help: .hidden)
    var printConfigDocs = false

    /// The flags given, by setting key: the top of ``SettingsSource``'s providers.
    var flagValues: [String: ConfigContent?] {
        var flags: [String: ConfigContent?] = [
            SettingTable.host.key: self.host.configContent,
            SettingTable.port.key: self.port.configContent,
            SettingTable.publicURL.key: self.publicURL.configContent,
            SettingTable.maxBodyBytes.key: self.maxBodyBytes.configContent,
            SettingTable.idleTimeout.key: self.idleTimeout.configContent,
            SettingTable.bodyTimeout.key: self.bodyTimeout.configContent,
            SettingTable.writeStallTimeout.key: self.writeStallTimeout.configContent,
            SettingTable.exportLimitPerAccount.key: self.exportLimitPerAccount.configContent,
            SettingTable.exportLimit.key: self.exportLimit.configContent,
            SettingTable.exportSpoolMaxBytes.key: self.exportSpoolMaxBytes.configContent,
            SettingTable.shutdownTimeout.key: self.shutdownTimeout.configContent,
            SettingTable.replicaURL.key: self.replicaURL.configContent,
            SettingTable.replicaMaxLag.key: self.replicaMaxLag.configContent,
            SettingTable.resultsStaleness.key: self.resultsStaleness.configContent,
            SettingTable.tokenCache.key: self.tokenCache.configContent,
            SettingTable.trustedProxies.key: self.trustedProxies.configContent,
            SettingTable.dataDir.key: self.dataDir.configContent,
            SettingTable.bcryptCost.key: self.bcryptCost.configContent,
            SettingTable.corsOrigins.key: self.corsOrigins.configContent,
            SettingTable.embedOrigins.key: self.embedOrigins.configContent,
            SettingTable.signup.key: self.signup.configContent,
            SettingTable.metricsPort.key: self.metricsPort.configContent,
            SettingTable.metricsHost.key: self.metricsHost.configContent,
            SettingTable.webhookAllowInsecureHosts.key: self.webhookAllowInsecureHosts.configContent,
        ]
        flags.merge(self.database.flagValues) { given, _ in given }
        flags.merge(self.mail.flagValues) { given, _ in given }
        flags.merge(self.companySignIn.flagValues) { given, _ in given }
        return flags
    }

    /// The one read of every setting: flags over the environment over `--config-file` over the
    /// table's defaults. A refused value is a ``SettingError`` (one line, exit 2).
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) async throws(SettingError) -> ServeSettings {
        let file = try await SettingsSource.file(flag: self.configFile, environment: environment)
        return try ServeSettings(reading: SettingsSource(flags: self.flagValues, environment: environment, file: file))
    }

    func run() async throws {
        if self.printConfigDocs {
            print(ConfigurationDocs.markdown)
            return
        }
        let settings = try await self.settings()
        let logger = settings.database.bootstrapLogging(label: "debrief")
        var configuration = settings.app
        // Not a setting (decision 83): a debug build's test command may move the server's clock.
        configuration.clock = TestClock.wallClock(path: ProcessInfo.processInfo.environment[Self.testClockVariable], logger: logger)
        if LANAddress.isLoopback(url: configuration.publicBaseURL) {
            let hint = "http://\(LANAddress.first() ?? "<LAN address>"):\(configuration.port)"
            configuration.publicURLHint = hint
            logger.warning(
                "the public URL is a loopback address: phones cannot open participant links or QR codes",
                metadata: ["publicUrl": "\(configuration.publicBaseURL)", "fix": "--host 0.0.0.0 --public-url \(hint)"])
        }
        if configuration.smtp != nil, !configuration.publicBaseURL.lowercased().hasPrefix("https://") {
            // RFC 8058: mail clients offer one-click unsubscribe only for an https URL (docs/email.md).
            logger.warning(
                "the public URL is not https while SMTP is on: mail clients will not offer one-click unsubscribe",
                metadata: ["publicUrl": "\(configuration.publicBaseURL)", "fix": "--public-url https://…"])
        }
        let metricsRegistry = settings.metrics.map { _ in Self.bootstrapMetrics() }
        if metricsRegistry != nil { configuration.metrics = MetricsSystem.factory }
        let tracing = try await CommandRunner.run(logger: logger) { try TracingBootstrap.bootstrap(logger: logger) }
        // Before the database: a port in use (a second `serve` on the same folder and port) is
        // refused while nothing has been started or stopped (decision 82).
        try await CommandRunner.run(logger: logger) {
            try ListeningAddressCheck.check(host: configuration.host, port: configuration.port, setting: SettingTable.port)
            if let metrics = settings.metrics {
                try ListeningAddressCheck.check(host: metrics.host, port: metrics.port, setting: SettingTable.metricsPort)
            }
        }

        let session = try await CommandRunner.run(logger: logger) {
            try await DatabaseSession.open(settings.database, allowLocalCluster: true, logger: logger)
        }
        // The standby's pool opens no connection until a read goes there.
        let replica = settings.replicaURL.map {
            Database(configuration: settings.database.databaseConfiguration(url: $0), logger: logger)
        }
        do {
            if !self.noMigrate {
                let applied = try await session.migrate(logger: logger)
                logger.info("database ready", metadata: ["migrations_applied": "\(applied.count)"])
            }
            let app = buildApplication(configuration: configuration, database: session.database, replica: replica, logger: logger)
            if let metricsRegistry, let metrics = settings.metrics {
                logger.info("serving metrics", metadata: ["address": "http://\(metrics.host):\(metrics.port)/metrics"])
                let metricsApp = buildMetricsApplication(registry: metricsRegistry, host: metrics.host, port: metrics.port, logger: logger)
                let services: [(any Service)?] = [tracing, app, metricsApp]
                try await self.run(services.compactMap { $0 }, shutdownTimeout: settings.shutdownTimeout, logger: logger)
            } else {
                let services: [(any Service)?] = [tracing, app]
                try await self.run(services.compactMap { $0 }, shutdownTimeout: settings.shutdownTimeout, logger: logger)
            }
        } catch {
            await replica?.shutdown()
            await session.close(logger: logger)
            throw CommandRunner.exit(for: error, logger: logger)
        }
        await replica?.shutdown()
        await session.close(logger: logger)
    }

    /// Runs until SIGTERM or SIGINT, then stops gracefully: the listener closes, in-flight requests
    /// finish and live streams end. Past the shutdown timeout what is left is cancelled, so an
    /// orchestrator's kill deadline (Kubernetes: 30 s) is never the thing that ends the process.
    private func run(_ services: [any Service], shutdownTimeout: Duration, logger: Logger) async throws {
        var group = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = shutdownTimeout
        group.maximumCancellationDuration = .seconds(5)
        try await ServiceGroup(configuration: group).run()
    }
}

extension Serve {
    /// With a metrics port: a Prometheus registry, made the process-wide metrics backend before
    /// the database pool and the application are built, so everything they record lands in it.
    /// Without one this is never called, and metrics cost nothing.
    static func bootstrapMetrics() -> PrometheusCollectorRegistry {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(DescribedMetricsFactory(registry: registry))
        return registry
    }
}
