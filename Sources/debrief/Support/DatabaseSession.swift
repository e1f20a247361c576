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
    /// How a private cluster is left on close: `serve` owns it and always stops it; the other
    /// commands only borrow it (see ``ClusterUse``).
    var clusterUse: ClusterUse = .owned

    /// Who stops a private cluster.
    enum ClusterUse {
        /// `debrief serve`: stops the cluster on exit, also one it found running.
        case owned
        /// `export`, `admin`, `backup`, `restore`: stop it only if this command started it and no
        /// one else (a `serve` started meanwhile) is connected to it.
        case borrowed
    }

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
        _ settings: DatabaseSettings, allowLocalCluster: Bool, logger: Logger,
        clusterUse: ClusterUse = .owned, creation: ClusterCreation = .mayCreate
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
        var configuration = settings.databaseConfiguration(url: url)
        if clusterUse == .borrowed {
            // Its own name, so the count of "other programs connected" on close leaves out every
            // connection of this process's pool, not only the one asking.
            configuration.applicationName = Self.borrowerApplicationName
        }
        return DatabaseSession(
            database: Database(configuration: configuration, logger: logger), localCluster: cluster,
            clusterUse: clusterUse)
    }

    /// A borrowing command on the private cluster: the schema `serve` would apply, so a command
    /// run before the first `serve` (an admin creating the first host) finds its tables.
    func migrateIfPrivate(logger: Logger) async throws {
        guard self.localCluster != nil else { return }
        _ = try await self.migrate(logger: logger)
    }

    /// `application_name` of a borrowing command's connections: unique to this process.
    static let borrowerApplicationName = "debrief-command-\(ProcessInfo.processInfo.processIdentifier)"

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

    /// Closes the pool and stops the private cluster, if this process started one (for a
    /// borrowing command: and nobody else uses it now).
    func close(logger: Logger) async {
        let stops = await self.stopsCluster(logger: logger)
        await self.database.shutdown()
        if let localCluster, stops {
            do {
                try await localCluster.stop()
            } catch {
                logger.error("could not stop the private PostgreSQL cluster", metadata: ["error": "\(error)"])
            }
        }
    }
}

extension DatabaseSession {
    /// Whether ``close(logger:)`` stops the private cluster.
    private func stopsCluster(logger: Logger) async -> Bool {
        guard let localCluster else { return false }
        guard self.clusterUse == .borrowed else { return true }
        if await localCluster.reusedRunningServer {
            logger.debug("leaving the private PostgreSQL cluster running: it was running before this command")
            return false
        }
        // A `debrief serve` may have started on the cluster while this command ran (it reuses a
        // running server): its connections keep the cluster up. This process's own pool, idle
        // connections included, is told apart by its application name.
        let others = try? await self.database.query(
            """
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE backend_type = 'client backend' AND application_name IS DISTINCT FROM \(Self.borrowerApplicationName)
            """
        ).first?.decode("n", as: Int.self)
        if let others, others > 0 {
            logger.notice("leaving the private PostgreSQL cluster running: other programs are connected", metadata: ["connections": "\(others)"])
            return false
        }
        return true
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
