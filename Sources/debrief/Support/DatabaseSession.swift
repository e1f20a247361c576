import DebriefSQL
import DebriefStore
import Foundation
import LocalPostgres
import Logging
import PQ

/// An open database for one command: the configured one, or a private local cluster.
struct DatabaseSession {
    let database: Database
    /// The private cluster this process uses, when no database URL is configured. Every command
    /// uses it the same way: ``close(logger:)`` leaves it, and the last debrief process to leave
    /// stops it (``LocalPostgresCluster``, docs/decisions/0082-one-owner-per-data-folder.md).
    let localCluster: LocalPostgresCluster?

    /// Whether a command may create the private cluster when its folder holds none.
    enum ClusterCreation {
        /// `serve`, `admin`, `restore`: a new installation starts here.
        case mayCreate
        /// `export`, `backup`: they read what `serve` stored, so a folder without a cluster means
        /// the command runs from the wrong folder; an empty new cluster would only answer
        /// "not found" (exit 2 naming the folder instead).
        case mustExist
    }

    /// Connects to the configured URL; without one, starts (or reuses) the private cluster when
    /// `allowLocalCluster` is true.
    static func open(
        _ settings: DatabaseSettings, allowLocalCluster: Bool, logger: Logger, creation: ClusterCreation = .mayCreate
    ) async throws -> DatabaseSession {
        if let url = settings.url {
            return DatabaseSession(database: Database(configuration: settings.databaseConfiguration(url: url), logger: logger), localCluster: nil)
        }
        guard allowLocalCluster else {
            throw CommandFailure.usage("no database configured: pass --database-url or set DATABASE_URL")
        }
        let directory = settings.dataDirectory ?? Self.defaultDataDirectory()
        if creation == .mustExist, !Self.holdsCluster(directory) {
            throw CommandFailure.usage(
                "no private PostgreSQL cluster in \(directory): run this command from the folder where `debrief serve` ran, "
                    + "or pass --data-dir (DEBRIEF_DATA_DIR) or --database-url (DATABASE_URL)")
        }
        let cluster = try LocalPostgresCluster(
            configuration: LocalPostgresConfiguration(
                dataDirectory: directory, databaseName: "debrief", port: nil,
                environment: ProcessInfo.processInfo.environment),
            logger: logger)
        let url = try await cluster.start()
        return DatabaseSession(
            database: Database(configuration: settings.databaseConfiguration(url: url), logger: logger), localCluster: cluster)
    }

    /// A borrowing command on the private cluster: the schema `serve` would apply, so a command
    /// run before the first `serve` (an admin creating the first host) finds its tables.
    func migrateIfPrivate(logger: Logger) async throws {
        guard self.localCluster != nil else { return }
        _ = try await self.migrate(logger: logger)
    }

    /// Whether `directory` holds an initialized PostgreSQL cluster (`initdb` writes PG_VERSION).
    static func holdsCluster(_ directory: String) -> Bool {
        FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("PG_VERSION"))
    }

    /// `$XDG_DATA_HOME/debrief/postgres`, else `./.debrief/postgres`.
    static func defaultDataDirectory() -> String {
        // The XDG base directory, a system variable rather than a setting of Debrief's table.
        if let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return xdg + "/debrief/postgres"
        }
        return FileManager.default.currentDirectoryPath + "/.debrief/postgres"
    }

    func migrate(logger: Logger) async throws -> [String] {
        try await Migrator(database: self.database, files: try MigrationFiles.all(), logger: logger).migrate()
    }

    /// Closes the pool and leaves the private cluster, if one is used: it stops when no other
    /// debrief process uses it.
    func close(logger: Logger) async {
        await self.database.shutdown()
        guard let localCluster else { return }
        do {
            try await localCluster.leave()
        } catch {
            logger.error("could not stop the private PostgreSQL cluster", metadata: ["error": "\(error)"])
        }
    }
}

/// A failure a command reports in one line with a documented exit code, never a stack trace.
enum CommandFailure: Error, CustomStringConvertible {
    /// Bad arguments or an unknown meeting, series or host: exit 2.
    case usage(String)
    /// The database cannot be reached: exit 3.
    case unavailable(String)
    /// `serve` cannot listen on its address (the port is in use): exit 4, nothing started.
    case addressUnavailable(String)

    var description: String {
        switch self {
        case .usage(let message), .unavailable(let message), .addressUnavailable(let message): return message
        }
    }
}
