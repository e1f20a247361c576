import ArgumentParser
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

    @OptionGroup var database: DatabaseOptions

    @Option(help: "Address to listen on. Env: DEBRIEF_HOST. Default: 127.0.0.1.")
    var host: String?

    @Option(help: "Port to listen on. Env: PORT. Default: 8080.")
    var port: Int?

    @Option(help: "Base URL participants reach the service at, for form links. Env: DEBRIEF_PUBLIC_URL. Default: http://HOST:PORT.")
    var publicURL: String?

    @Option(help: "Largest request body in bytes. Env: DEBRIEF_MAX_BODY_BYTES. Default: 262144.")
    var maxBodyBytes: Int?

    @Option(help: "Seconds an idle connection stays open, and the most a request's head may take to arrive. Env: DEBRIEF_IDLE_TIMEOUT. Default: 30.")
    var idleTimeout: Int?

    @Option(help: "Seconds a request's body may take to arrive once its head is in. Env: DEBRIEF_BODY_TIMEOUT. Default: 30.")
    var bodyTimeout: Int?

    @Option(help: "Seconds a response may be unable to write (its client stopped reading) before the connection is cut. Env: DEBRIEF_WRITE_STALL_TIMEOUT. Default: 30.")
    var writeStallTimeout: Int?

    @Option(help: "HTTP exports in progress at once per account; more get 429. Env: DEBRIEF_EXPORT_LIMIT_PER_ACCOUNT. Default: 2.")
    var exportLimitPerAccount: Int?

    @Option(help: "HTTP exports in progress at once on this instance (keep it well below the pool size); more get 429. Env: DEBRIEF_EXPORT_LIMIT. Default: 4.")
    var exportLimit: Int?

    @Option(help: "Largest CSV an HTTP export spools to a temporary file (TMPDIR) before sending it; larger ones get 507. Env: DEBRIEF_EXPORT_SPOOL_MAX_BYTES. Default: 1073741824.")
    var exportSpoolMaxBytes: Int?

    @Option(help: "Seconds a stop (SIGTERM, SIGINT) waits for in-flight requests before cancelling them. Env: DEBRIEF_SHUTDOWN_TIMEOUT. Default: 25.")
    var shutdownTimeout: Int?

    @Option(name: .customLong("replica-url"), help: "A hot standby of the database, for results with filters, trends and exports (reads wait for it to replay the host's own last write). Env: DEBRIEF_REPLICA_URL. Default: none.")
    var replicaURL: String?

    @Option(help: "Seconds a standby may lag before reads skip it. Env: DEBRIEF_REPLICA_MAX_LAG. Default: 5.")
    var replicaMaxLag: Int?

    @Option(help: "Milliseconds a participant's submission may be missing from a host's results read, which is then served from memory while the next report is computed (a host's own changes are never missing; 0: no submission may be). Env: DEBRIEF_RESULTS_STALENESS_MS. Default: 100.")
    var resultsStaleness: Int?

    @Option(help: "Milliseconds a bearer token found valid is trusted without asking the database again (changes to the account or its tokens, on any instance, end that at once; 0: every request asks). Env: DEBRIEF_TOKEN_CACHE_MS. Default: 2000.")
    var tokenCache: Int?

    @Option(help: "Comma-separated addresses or CIDR ranges of proxies (the load balancer) whose X-Forwarded-For names the client, for rate limits. Env: DEBRIEF_TRUSTED_PROXIES. Default: none.")
    var trustedProxies: String?

    @Option(help: "Folder of the private PostgreSQL cluster used when no database URL is given. Env: DEBRIEF_DATA_DIR. Default: $XDG_DATA_HOME/debrief/postgres or ./.debrief/postgres.")
    var dataDir: String?

    @Option(help: "bcrypt work factor for passwords (4–15). Env: DEBRIEF_BCRYPT_COST. Default: 12.")
    var bcryptCost: Int?

    @Option(
        name: .customLong("cors-origin"),
        help: "Comma-separated web origins (https://app.example.com) whose pages may call the participant routes /v1/f/…. Env: DEBRIEF_CORS_ORIGINS. Default: none.")
    var corsOrigins: String?

    @Option(help: "Who may sign up: open (anyone, as a host) or closed (only with an admin's invitation link). Env: DEBRIEF_SIGNUP. Default: the first account of an empty installation becomes its admin, then closed.")
    var signup: SignUpPolicyOption?

    @Option(help: "Port of the operators' listener serving GET /metrics (Prometheus text format); off unless given. Env: DEBRIEF_METRICS_PORT.")
    var metricsPort: Int?

    @Option(help: "Address of the metrics listener. Env: DEBRIEF_METRICS_HOST. Default: 127.0.0.1.")
    var metricsHost: String?

    @Option(help: "Comma-separated hosts (names or addresses, e.g. 127.0.0.1) webhooks may reach over plain http and at private or loopback addresses. Env: DEBRIEF_WEBHOOK_ALLOW_INSECURE_HOSTS. Default: none (https to public addresses only).")
    var webhookAllowInsecureHosts: String?

    @OptionGroup var mail: MailOptions

    @OptionGroup var companySignIn: CompanySignInOptions

    @Flag(help: "Do not apply pending migrations on start.")
    var noMigrate = false

    /// `--cors-origin`, else `DEBRIEF_CORS_ORIGINS`, else nobody.
    private func corsAllowList() throws(CORSOriginError) -> CORSAllowList {
        try CORSAllowList.parse(self.corsOrigins ?? Env.string("DEBRIEF_CORS_ORIGINS") ?? "")
    }

    private func trustedProxyList() throws(TrustedProxiesError) -> TrustedProxies {
        try TrustedProxies(parsing: self.trustedProxies ?? Env.string("DEBRIEF_TRUSTED_PROXIES") ?? "")
    }

    func validate() throws {
        _ = try self.mail.settings()
        if let port = self.port ?? Env.int("PORT"), !(0...65535).contains(port) {
            throw ValidationError("--port must be between 0 and 65535")
        }
        if let port = self.metricsPort ?? Env.int("DEBRIEF_METRICS_PORT"), !(1...65535).contains(port) {
            throw ValidationError("--metrics-port must be between 1 and 65535")
        }
        if let port = self.metricsPort ?? Env.int("DEBRIEF_METRICS_PORT"), port == (self.port ?? Env.int("PORT") ?? 8080) {
            throw ValidationError("--metrics-port must differ from --port: metrics are never served on the public port")
        }
        if let bytes = self.maxBodyBytes ?? Env.int("DEBRIEF_MAX_BODY_BYTES"), !(1024...(64 << 20)).contains(bytes) {
            throw ValidationError("--max-body-bytes must be between 1024 and 67108864")
        }
        if let cost = self.bcryptCost ?? Env.int("DEBRIEF_BCRYPT_COST"), !(4...15).contains(cost) {
            throw ValidationError("--bcrypt-cost must be between 4 and 15")
        }
        if let seconds = self.idleTimeout ?? Env.int("DEBRIEF_IDLE_TIMEOUT"), !(1...3600).contains(seconds) {
            throw ValidationError("--idle-timeout must be between 1 and 3600 seconds")
        }
        if let seconds = self.bodyTimeout ?? Env.int("DEBRIEF_BODY_TIMEOUT"), !(1...3600).contains(seconds) {
            throw ValidationError("--body-timeout must be between 1 and 3600 seconds")
        }
        if let seconds = Env.int("DEBRIEF_LIVE_CHECK_SECONDS"), !(1...3600).contains(seconds) {
            throw ValidationError("DEBRIEF_LIVE_CHECK_SECONDS must be between 1 and 3600")
        }
        if let count = Env.int("DEBRIEF_SIGNUP_LIMIT_PER_ADDRESS"), !(1...1_000_000).contains(count) {
            throw ValidationError("DEBRIEF_SIGNUP_LIMIT_PER_ADDRESS must be between 1 and 1000000")
        }
        if let seconds = self.writeStallTimeout ?? Env.int("DEBRIEF_WRITE_STALL_TIMEOUT"), !(1...3600).contains(seconds) {
            throw ValidationError("--write-stall-timeout must be between 1 and 3600 seconds")
        }
        if let count = self.exportLimitPerAccount ?? Env.int("DEBRIEF_EXPORT_LIMIT_PER_ACCOUNT"), !(1...1000).contains(count) {
            throw ValidationError("--export-limit-per-account must be between 1 and 1000")
        }
        if let count = self.exportLimit ?? Env.int("DEBRIEF_EXPORT_LIMIT"), !(1...1000).contains(count) {
            throw ValidationError("--export-limit must be between 1 and 1000")
        }
        if let bytes = self.exportSpoolMaxBytes ?? Env.int("DEBRIEF_EXPORT_SPOOL_MAX_BYTES"), bytes < 1024 {
            throw ValidationError("--export-spool-max-bytes must be at least 1024")
        }
        if let seconds = self.shutdownTimeout ?? Env.int("DEBRIEF_SHUTDOWN_TIMEOUT"), !(1...3600).contains(seconds) {
            throw ValidationError("--shutdown-timeout must be between 1 and 3600 seconds")
        }
        if self.signup == nil, let raw = Env.string("DEBRIEF_SIGNUP"), SignUpPolicyOption(rawValue: raw) == nil {
            throw ValidationError("DEBRIEF_SIGNUP must be open or closed")
        }
        do {
            _ = try self.corsAllowList()
        } catch {
            throw ValidationError("--cors-origin (or DEBRIEF_CORS_ORIGINS): \(error)")
        }
        if let seconds = self.replicaMaxLag ?? Env.int("DEBRIEF_REPLICA_MAX_LAG"), !(0...3600).contains(seconds) {
            throw ValidationError("--replica-max-lag must be between 0 and 3600 seconds")
        }
        let staleness = self.resultsStaleness ?? Env.int("DEBRIEF_RESULTS_STALENESS_MS")
        if let staleness, !(0...10_000).contains(staleness) {
            throw ValidationError("--results-staleness (or DEBRIEF_RESULTS_STALENESS_MS) must be between 0 and 10000 milliseconds")
        }
        if let milliseconds = self.tokenCache ?? Env.int("DEBRIEF_TOKEN_CACHE_MS"), !(0...60_000).contains(milliseconds) {
            throw ValidationError("--token-cache (or DEBRIEF_TOKEN_CACHE_MS) must be between 0 and 60000 milliseconds")
        }
        do {
            _ = try self.trustedProxyList()
        } catch {
            throw ValidationError("--trusted-proxies (or DEBRIEF_TRUSTED_PROXIES): \(error)")
        }
    }

    func run() async throws {
        let logger = self.database.bootstrapLogging(label: "debrief")
        let host = self.host ?? Env.string("DEBRIEF_HOST") ?? "127.0.0.1"
        let port = self.port ?? Env.int("PORT") ?? 8080
        var configuration = AppConfiguration(
            host: host, port: port,
            maxBodyBytes: self.maxBodyBytes ?? Env.int("DEBRIEF_MAX_BODY_BYTES") ?? 256 * 1024,
            idleTimeout: .seconds(self.idleTimeout ?? Env.int("DEBRIEF_IDLE_TIMEOUT") ?? 30),
            publicBaseURL: self.publicURL ?? Env.string("DEBRIEF_PUBLIC_URL"),
            bcryptCost: UInt8(clamping: self.bcryptCost ?? Env.int("DEBRIEF_BCRYPT_COST") ?? 12))
        configuration.bodyTimeout = .seconds(self.bodyTimeout ?? Env.int("DEBRIEF_BODY_TIMEOUT") ?? 30)
        configuration.corsOrigins = try self.corsAllowList()
        configuration.trustedProxies = try self.trustedProxyList()
        configuration.replicaMaxLag = .seconds(self.replicaMaxLag ?? Env.int("DEBRIEF_REPLICA_MAX_LAG") ?? 5)
        configuration.hostResultsStaleness = .milliseconds(self.resultsStaleness ?? Env.int("DEBRIEF_RESULTS_STALENESS_MS") ?? 100)
        configuration.tokenCacheTrust = .milliseconds(self.tokenCache ?? Env.int("DEBRIEF_TOKEN_CACHE_MS") ?? 2000)
        configuration.liveCheckInterval = .seconds(Env.int("DEBRIEF_LIVE_CHECK_SECONDS") ?? 5)
        configuration.signUpsPerAddressPerHour = Env.int("DEBRIEF_SIGNUP_LIMIT_PER_ADDRESS") ?? configuration.signUpsPerAddressPerHour
        configuration.writeStallTimeout = .seconds(self.writeStallTimeout ?? Env.int("DEBRIEF_WRITE_STALL_TIMEOUT") ?? 30)
        let defaultExports = ExportLimits()
        configuration.exportLimits = ExportLimits(
            perAccount: self.exportLimitPerAccount ?? Env.int("DEBRIEF_EXPORT_LIMIT_PER_ACCOUNT") ?? defaultExports.perAccount,
            total: self.exportLimit ?? Env.int("DEBRIEF_EXPORT_LIMIT") ?? defaultExports.total,
            spoolMaxBytes: self.exportSpoolMaxBytes ?? Env.int("DEBRIEF_EXPORT_SPOOL_MAX_BYTES") ?? defaultExports.spoolMaxBytes)
        configuration.participantRateLimits = Env.participantRateLimits()
        Env.admission(&configuration)
        configuration.resultsNotification = Env.resultsNotification()
        configuration.signUpPolicy = (self.signup ?? Env.signUpPolicy())?.policy ?? .firstAccountThenClosed
        if LANAddress.isLoopback(url: configuration.publicBaseURL) {
            let hint = "http://\(LANAddress.first() ?? "<LAN address>"):\(port)"
            configuration.publicURLHint = hint
            logger.warning(
                "the public URL is a loopback address: phones cannot open participant links or QR codes",
                metadata: ["publicUrl": "\(configuration.publicBaseURL)", "fix": "--host 0.0.0.0 --public-url \(hint)"])
        }
        configuration.submissionBatching = Env.submissionBatching()
        let metricsRegistry = self.bootstrapMetrics()
        if metricsRegistry != nil { configuration.metrics = MetricsSystem.factory }
        let tracing = try await CommandRunner.run(logger: logger) { try TracingBootstrap.bootstrap(logger: logger) }
        Env.webhooks(&configuration, allowInsecureHosts: self.webhookAllowInsecureHosts)
        try self.mail.apply(to: &configuration)
        configuration.companySignIn = try self.companySignIn.settings()

        let session = try await CommandRunner.run(logger: logger) {
            try await DatabaseSession.open(self.database, allowLocalCluster: true, dataDirectory: self.dataDir, logger: logger)
        }
        // The standby's pool opens no connection until a read goes there.
        let replica = (self.replicaURL ?? Env.string("DEBRIEF_REPLICA_URL")).map {
            Database(configuration: self.database.databaseConfiguration(url: $0), logger: logger)
        }
        do {
            if !self.noMigrate {
                let applied = try await session.migrate(logger: logger)
                logger.info("database ready", metadata: ["migrations_applied": "\(applied.count)"])
            }
            let app = buildApplication(configuration: configuration, database: session.database, replica: replica, logger: logger)
            if let metricsRegistry, let metricsPort = self.metricsPort ?? Env.int("DEBRIEF_METRICS_PORT") {
                let metricsHost = self.metricsHost ?? Env.string("DEBRIEF_METRICS_HOST") ?? "127.0.0.1"
                logger.info("serving metrics", metadata: ["address": "http://\(metricsHost):\(metricsPort)/metrics"])
                let metricsApp = buildMetricsApplication(registry: metricsRegistry, host: metricsHost, port: metricsPort, logger: logger)
                let services: [(any Service)?] = [tracing, app, metricsApp]
                try await self.run(services.compactMap { $0 }, logger: logger)
            } else {
                let services: [(any Service)?] = [tracing, app]
                try await self.run(services.compactMap { $0 }, logger: logger)
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
    private func run(_ services: [any Service], logger: Logger) async throws {
        var group = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = .seconds(self.shutdownTimeout ?? Env.int("DEBRIEF_SHUTDOWN_TIMEOUT") ?? 25)
        group.maximumCancellationDuration = .seconds(5)
        try await ServiceGroup(configuration: group).run()
    }
}

extension Serve {
    /// With `--metrics-port` (or `DEBRIEF_METRICS_PORT`): a Prometheus registry, made the
    /// process-wide metrics backend before the database pool and the application are built, so
    /// everything they record lands in it. Without: nil, and metrics cost nothing.
    func bootstrapMetrics() -> PrometheusCollectorRegistry? {
        guard self.metricsPort ?? Env.int("DEBRIEF_METRICS_PORT") != nil else { return nil }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }
}

/// The values of `--signup` (and `DEBRIEF_SIGNUP`).
enum SignUpPolicyOption: String, CaseIterable, ExpressibleByArgument {
    case open
    case closed

    var policy: SignUpPolicy {
        switch self {
        case .open: return .open
        case .closed: return .closed
        }
    }
}
