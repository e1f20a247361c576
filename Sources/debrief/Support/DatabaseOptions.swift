import ArgumentParser
import Foundation
import Logging
import OTel
import PQ

/// Options every command that talks to the database shares. Flags win over environment
/// variables, which win over defaults.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("database-url"), help: "PostgreSQL URL or conninfo. Env: DATABASE_URL. Default: the private local cluster (serve, export, admin, backup, restore).")
    var databaseURL: String?

    @Option(help: "Most database connections in the pool. Env: DEBRIEF_POOL_SIZE. Default: 10.")
    var poolSize: Int?

    @Option(help: "Seconds before the server cancels one statement. Env: DEBRIEF_STATEMENT_TIMEOUT. Default: 30.")
    var statementTimeout: Int?

    @Option(help: "Seconds a request waits for a free connection. Env: DEBRIEF_POOL_TIMEOUT. Default: 5.")
    var poolTimeout: Int?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. Env: LOG_LEVEL. Default: info.")
    var logLevel: Logger.Level?

    @Option(help: "Log format: json or text. Env: LOG_FORMAT. Default: json.")
    var logFormat: LogFormat?

    func validate() throws {
        if let poolSize = self.resolvedPoolSize, !(1...500).contains(poolSize) {
            throw ValidationError("--pool-size must be between 1 and 500")
        }
        if let seconds = self.statementTimeout ?? Env.int("DEBRIEF_STATEMENT_TIMEOUT"), !(1...3600).contains(seconds) {
            throw ValidationError("--statement-timeout must be between 1 and 3600 seconds")
        }
        if let seconds = self.poolTimeout ?? Env.int("DEBRIEF_POOL_TIMEOUT"), !(1...120).contains(seconds) {
            throw ValidationError("--pool-timeout must be between 1 and 120 seconds")
        }
    }

    private var resolvedPoolSize: Int? { self.poolSize ?? Env.int("DEBRIEF_POOL_SIZE") }

    /// The configured URL, or nil when none was given.
    var configuredURL: String? {
        self.databaseURL ?? Env.string("DATABASE_URL")
    }

    func databaseConfiguration(url: String) -> DatabaseConfiguration {
        DatabaseConfiguration(
            url: url,
            maxConnections: self.resolvedPoolSize ?? 10,
            acquireTimeout: .seconds(self.poolTimeout ?? Env.int("DEBRIEF_POOL_TIMEOUT") ?? 5),
            statementTimeout: .seconds(self.statementTimeout ?? Env.int("DEBRIEF_STATEMENT_TIMEOUT") ?? 30))
    }

    /// Sets up logging once for the process and returns the root logger.
    func bootstrapLogging(label: String) -> Logger {
        let level = self.logLevel ?? Env.string("LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? .info
        let format = self.logFormat ?? Env.string("LOG_FORMAT").flatMap(LogFormat.init(rawValue:)) ?? .json
        // Traced requests' lines carry `trace_id` and `span_id` (when `debrief serve` exports
        // traces; see Tracing in the README) beside `hb.request.id`.
        LoggingSystem.bootstrap(
            { label, provider in
                var handler: any LogHandler =
                    format == .json
                    ? JSONLogHandler(label: label, metadataProvider: provider)
                    : StreamLogHandler.standardError(label: label, metadataProvider: provider)
                handler.logLevel = level
                return handler
            }, metadataProvider: OTel.makeLoggingMetadataProvider())
        return Logger(label: label)
    }
}

enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case json, text
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
