import DebriefSQL
import DebriefStore
import Foundation
import LocalPostgres
import Logging
import PQ

/// An open database for one command: the configured one, or a private local cluster.
struct DatabaseSession {
    let database: Database
    /// Set when this process started a private cluster that it must stop on exit.
    let localCluster: LocalPostgresCluster?

    /// Connects to the configured URL; without one, starts (or reuses) the private cluster when
    /// `allowLocalCluster` is true.
    static func open(
        _ options: DatabaseOptions, allowLocalCluster: Bool, dataDirectory: String?, logger: Logger
    ) async throws -> DatabaseSession {
        if let url = options.configuredURL {
            return DatabaseSession(database: Database(configuration: options.databaseConfiguration(url: url), logger: logger), localCluster: nil)
        }
        guard allowLocalCluster else {
            throw CommandFailure.usage("no database configured: pass --database-url or set DATABASE_URL")
        }
        let directory = dataDirectory ?? Env.string("DEBRIEF_DATA_DIR") ?? Self.defaultDataDirectory()
        let cluster = try LocalPostgresCluster(
            configuration: LocalPostgresConfiguration(
                dataDirectory: directory, databaseName: "debrief", port: nil,
                environment: ProcessInfo.processInfo.environment),
            logger: logger)
        let url = try await cluster.start()
        return DatabaseSession(
            database: Database(configuration: options.databaseConfiguration(url: url), logger: logger), localCluster: cluster)
    }

    /// `$XDG_DATA_HOME/debrief/postgres`, else `./.debrief/postgres`.
    static func defaultDataDirectory() -> String {
        if let xdg = Env.string("XDG_DATA_HOME") {
            return xdg + "/debrief/postgres"
        }
        return FileManager.default.currentDirectoryPath + "/.debrief/postgres"
    }

    func migrate(logger: Logger) async throws -> [String] {
        try await Migrator(database: self.database, files: try MigrationFiles.all(), logger: logger).migrate()
    }

    /// Closes the pool and stops the private cluster, if this process started one.
    func close(logger: Logger) async {
        await self.database.shutdown()
        if let localCluster {
            do {
                try await localCluster.stop()
            } catch {
                logger.error("could not stop the private PostgreSQL cluster", metadata: ["error": "\(error)"])
            }
        }
    }
}

/// A failure a command reports in one line with a documented exit code, never a stack trace.
enum CommandFailure: Error, CustomStringConvertible {
    /// Bad arguments or an unknown meeting, series or host: exit 2.
    case usage(String)
    /// The database cannot be reached: exit 3.
    case unavailable(String)

    var description: String {
        switch self {
        case .usage(let message), .unavailable(let message): return message
        }
    }
}
