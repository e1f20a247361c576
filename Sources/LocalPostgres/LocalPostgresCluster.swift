import Foundation
import Logging

/// A private PostgreSQL cluster for `debrief serve` when no database URL is configured.
///
/// Layout, for a data folder `<P>/postgres`: the cluster in `<P>/postgres`, the server log in
/// `<P>/postgres.log`, the unix socket in `<P>/run/`, the lock files in `<P>/postgres.lock` and
/// `<P>/postgres.users` (``DataFolderClaim``). The folder is kept between runs, so data
/// survives restarts; `start()` runs `initdb` only when the folder is new.
///
/// Security: the cluster uses `trust` authentication. The server listens only on 127.0.0.1 and
/// on a socket in a folder only the server's user can enter, so only programs on this machine
/// can connect. On a shared multi-user machine, run a real PostgreSQL and pass its URL instead.
///
/// As root the server runs as the `postgres` system user (PostgreSQL refuses to run as root),
/// with superuser `postgres`; otherwise it runs as the current user, whose name is the superuser.
///
/// One server per data folder, shared by every debrief process that uses it (a `serve`, a second
/// `serve` on another port, an `export`, an `admin` command): `start()` starts the server, or uses
/// the one already running there, and `leave()` stops it only when no other process uses it.
/// Lock files beside the folder serialise the starts and the stops and count the users
/// (``DataFolderClaim``); a process never stops a server another process still uses.
public actor LocalPostgresCluster {
    public nonisolated let configuration: LocalPostgresConfiguration
    private let logger: Logger
    let paths: Paths
    /// The environment PostgreSQL programs run with: the configured one minus `PG*` variables.
    private let programEnvironment: [String: String]

    /// The running (or finished) start; a second `start()` shares it.
    private var startTask: Task<String, any Error>?
    /// Held from the start until ``leave()``: this process counts as a user of the server.
    private var claim: DataFolderClaim?
    /// Resolved during start; leave() needs them.
    private var resolved: Resolved?

    struct Paths: Sendable {
        var dataDirectory: String
        var parent: String
        var logFile: String
        var runDirectory: String
    }

    private struct Resolved: Sendable {
        var binaries: PostgresBinaries
        var identity: ServerIdentity
        var superuser: String
    }

    /// Validates the configuration (database name, port, data folder path); starts nothing.
    public init(
        configuration: LocalPostgresConfiguration,
        logger: Logger = Logger(label: "debrief.local-postgres")
    ) throws {
        let name = configuration.databaseName
        let validName = name.utf8.count <= 63
            && name.utf8.first.map { $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true
            && name.utf8.allSatisfy {
                $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            }
        guard validName else {
            throw LocalPostgresError(
                .invalidConfiguration,
                "Invalid local database name \"\(name)\": use 1 to 63 lowercase letters, digits and underscores, "
                    + "not starting with a digit (it must match ^[a-z_][a-z0-9_]*$)."
            )
        }
        if let port = configuration.port, !(1...65_535).contains(port) {
            throw LocalPostgresError(.invalidConfiguration, "Invalid local PostgreSQL port \(port): use 1 to 65535, or leave it unset to pick a free port.")
        }
        guard !configuration.dataDirectory.isEmpty else {
            throw LocalPostgresError(.invalidConfiguration, "The local PostgreSQL data folder path is empty.")
        }
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let data = URL(fileURLWithPath: configuration.dataDirectory, relativeTo: base).standardizedFileURL.path
        guard data != "/" else {
            throw LocalPostgresError(.invalidConfiguration, "The local PostgreSQL data folder cannot be \"/\".")
        }
        let parent = (data as NSString).deletingLastPathComponent
        self.configuration = configuration
        self.logger = logger
        self.programEnvironment = ProgramRunner.programEnvironment(configuration.environment)
        self.paths = Paths(
            dataDirectory: data,
            parent: parent,
            logFile: (parent as NSString).appendingPathComponent("postgres.log"),
            runDirectory: (parent as NSString).appendingPathComponent("run")
        )
    }

    /// The absolute data folder.
    public nonisolated var dataDirectory: String { paths.dataDirectory }

    /// Initializes the data folder if it is new, starts the server (or reuses one already running
    /// on it), creates the database if missing, and returns its URL, such as
    /// `postgresql://USER@127.0.0.1:PORT/debrief`. Calling it again returns the same URL.
    public func start() async throws -> String {
        if let startTask { return try await startTask.value }
        let task = Task { try await self.performStart() }
        startTask = task
        do {
            return try await task.value
        } catch {
            if startTask == task { startTask = nil }
            throw error
        }
    }

    /// Stops using the server: stops it (`pg_ctl stop -m fast -w`) when no other process uses
    /// it, whoever started it, and leaves it running otherwise. Safe to call twice, before
    /// `start()`, or after a `start()` that failed.
    public func leave() async throws {
        if let startTask {
            _ = try? await startTask.value
            self.startTask = nil
        }
        try await self.release()
    }

    /// Gives up this process's claim; the last user stops the server (``DataFolderClaim``).
    private func release() async throws {
        guard let claim else { return }
        self.claim = nil
        defer {
            claim.users.unlock()
            claim.gate.unlock()
        }
        try await claim.gate.lock(.exclusive, onWait: self.noticeWaitingForGate)
        claim.users.unlock()
        guard try claim.users.tryLock(.exclusive) else {
            logger.notice(
                "leaving the private PostgreSQL cluster running: another debrief process uses it",
                metadata: ["data_directory": "\(paths.dataDirectory)"])
            return
        }
        guard let resolved, try await isRunning(resolved) else { return }
        logger.info("stopping private PostgreSQL cluster", metadata: ["data_directory": "\(paths.dataDirectory)"])
        let result = try await resolved.identity.run(
            resolved.binaries.pgCtl, ["-D", paths.dataDirectory, "-m", "fast", "-w", "-t", "60", "stop"],
            environment: self.programEnvironment)
        if !result.succeeded, try await isRunning(resolved) {
            throw result.failure("Could not stop the private PostgreSQL server")
        }
    }

    /// Logged when another process is starting or stopping the server on this folder.
    private nonisolated var noticeWaitingForGate: @Sendable () -> Void {
        { [logger, paths] in
            logger.notice(
                "waiting for another debrief process that is starting or stopping the private PostgreSQL cluster",
                metadata: ["lock_file": "\(DataFolderClaim.gatePath(dataDirectory: paths.dataDirectory))"])
        }
    }

    // MARK: - Start

    /// Takes the gate and a user's share of the folder (``DataFolderClaim``), then starts the
    /// server unless it runs already. A failed start gives the share back, stopping a server it
    /// left half-started if no one else uses it.
    private func performStart() async throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: paths.parent, withIntermediateDirectories: true)
        } catch {
            throw LocalPostgresError(.dataDirectoryUnusable, "Could not create the folder \(paths.parent) for the private PostgreSQL cluster: \(error)")
        }
        let claim = try DataFolderClaim(dataDirectory: paths.dataDirectory)
        try await claim.gate.lock(.exclusive, onWait: self.noticeWaitingForGate)
        defer { claim.gate.unlock() }
        // Never refused: only a process holding the gate takes the users lock exclusively.
        guard try claim.users.tryLock(.shared) else {
            throw LocalPostgresError(.dataDirectoryUnusable, "Could not share \(DataFolderClaim.usersPath(dataDirectory: paths.dataDirectory)) although this process holds the gate.")
        }
        self.claim = claim
        do {
            return try await self.startOrUseServer()
        } catch {
            try? await self.release()
            throw error
        }
    }

    /// Under the gate: initializes the folder if new and starts the server, or uses the one
    /// running there (started by another process, or left by one that died).
    private func startOrUseServer() async throws -> String {
        let fileManager = FileManager.default
        let versionFile = (paths.dataDirectory as NSString).appendingPathComponent("PG_VERSION")
        let existingVersion = try? String(contentsOfFile: versionFile, encoding: .utf8)
        let binaries = try PostgresBinaries.locate(path: self.configuration.environment["PATH"], preferredMajorVersion: existingVersion)
        let identity = try ServerIdentity.resolve(fallbackUserName: self.configuration.environment["USER"])
        let superuser = identity.account.name
        let resolved = Resolved(binaries: binaries, identity: identity, superuser: superuser)
        self.resolved = resolved

        let initialized = try prepareDirectories(identity: identity, hasVersionFile: existingVersion != nil)

        let pidFile = (paths.dataDirectory as NSString).appendingPathComponent("postmaster.pid")
        if initialized, fileManager.fileExists(atPath: pidFile), try await isRunning(resolved),
           let runningPort = Self.port(fromPidFile: pidFile) {
            logger.info(
                "using the private PostgreSQL cluster already running",
                metadata: ["data_directory": "\(paths.dataDirectory)", "port": "\(runningPort)"]
            )
            if let wanted = configuration.port, wanted != runningPort {
                logger.warning(
                    "the running private PostgreSQL server listens on another port than configured",
                    metadata: ["configured_port": "\(wanted)", "port": "\(runningPort)"]
                )
            }
            try await ensureDatabase(resolved, port: runningPort)
            return url(superuser: superuser, port: runningPort)
        }

        if !initialized {
            try await initializeDataDirectory(resolved)
        }
        // A port chosen here can be taken before the server binds it (an outgoing connection of
        // any process may get it as its local port): on "Address already in use", choose again,
        // twice at most. A configured port is the operator's, and its failure is reported.
        var port = try configuration.port ?? System.freeLoopbackPort()
        var attemptsLeft = configuration.port == nil ? 2 : 0
        while true {
            let result = try await self.startServer(resolved, port: port)
            if result.succeeded { break }
            let log = System.tailOfFile(paths.logFile)
            if attemptsLeft > 0, log?.contains("Address already in use") == true {
                attemptsLeft -= 1
                logger.notice("the chosen port was taken before PostgreSQL bound it; choosing another", metadata: ["port": "\(port)"])
                port = try System.freeLoopbackPort()
                continue
            }
            throw result.failure("Could not start the private PostgreSQL server", extra: log.map { "Last lines of the server log \(paths.logFile):\n\($0)" })
        }
        try await ensureDatabase(resolved, port: port)
        return url(superuser: superuser, port: port)
    }

    /// `pg_ctl start` on `port`, listening on 127.0.0.1 and the private socket folder.
    private func startServer(_ resolved: Resolved, port: Int) async throws -> CommandResult {
        logger.info(
            "starting private PostgreSQL cluster",
            metadata: [
                "data_directory": "\(paths.dataDirectory)",
                "port": "\(port)",
                "log_file": "\(paths.logFile)",
                "authentication": "trust, 127.0.0.1 and a private socket folder only",
            ]
        )
        var options = "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories="
        // A unix socket path is limited to 107 bytes; PostgreSQL refuses longer ones. We connect
        // over TCP anyway, so with a deep folder we go without the socket.
        let socketPath = paths.runDirectory + "/.s.PGSQL.\(port)"
        if socketPath.utf8.count <= 100, !paths.runDirectory.contains(","), !paths.runDirectory.contains("\"") {
            options += System.shellQuote(paths.runDirectory)
        } else {
            options += "''"
            logger.notice("private PostgreSQL runs without a unix socket: the run folder path is too long", metadata: ["run_directory": "\(paths.runDirectory)"])
        }
        return try await resolved.identity.run(
            resolved.binaries.pgCtl,
            ["-D", paths.dataDirectory, "-l", paths.logFile, "-w", "-t", "60", "-o", options, "start"],
            environment: self.programEnvironment
        )
    }

    private func initializeDataDirectory(_ resolved: Resolved) async throws {
        logger.info(
            "initializing private PostgreSQL data folder (trust authentication: the server listens only on 127.0.0.1 and a private socket folder)",
            metadata: ["data_directory": "\(paths.dataDirectory)"]
        )
        // Trust is acceptable here: the server listens only on 127.0.0.1 and a socket folder only
        // its user can enter. See the type's documentation.
        let common = ["-D", paths.dataDirectory, "-U", resolved.superuser, "--auth=trust", "--encoding=UTF8"]
        var result = try await resolved.identity.run(
            resolved.binaries.initdb, common + ["--locale=C.UTF-8"], environment: self.programEnvironment)
        if !result.succeeded, result.output.lowercased().contains("locale") {
            logger.notice("initdb: locale C.UTF-8 unavailable, using C")
            result = try await resolved.identity.run(
                resolved.binaries.initdb, common + ["--locale=C"], environment: self.programEnvironment)
        }
        guard result.succeeded else {
            throw result.failure("Could not initialize the private PostgreSQL data folder")
        }
    }

    private func ensureDatabase(_ resolved: Resolved, port: Int) async throws {
        let name = configuration.databaseName  // validated in init: no quoting needed
        let connection = ["-h", "127.0.0.1", "-p", "\(port)", "-U", resolved.superuser]
        let query = "select 1 from pg_database where datname='\(name)'"
        let check = try await ProgramRunner.run(
            resolved.binaries.psql, ["-X"] + connection + ["-d", "postgres", "-Atc", query],
            display: "psql -X \(connection.joined(separator: " ")) -d postgres -Atc \"\(query)\"",
            environment: self.programEnvironment
        )
        guard check.succeeded else {
            throw check.failure("Could not query the private PostgreSQL server")
        }
        if check.output.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { return }
        logger.info("creating database in the private PostgreSQL cluster", metadata: ["database": "\(name)"])
        let create = try await ProgramRunner.run(
            resolved.binaries.createdb, connection + [name],
            display: "createdb \((connection + [name]).joined(separator: " "))",
            environment: self.programEnvironment
        )
        guard create.succeeded || create.output.contains("already exists") else {
            throw create.failure("Could not create the database \(name)")
        }
    }

    // MARK: - Helpers

    /// `pg_ctl status`: 0 = running, 3 = not running, 4 = no accessible data folder.
    private func isRunning(_ resolved: Resolved) async throws -> Bool {
        let result = try await resolved.identity.run(
            resolved.binaries.pgCtl, ["-D", paths.dataDirectory, "status"], environment: self.programEnvironment)
        return result.succeeded
    }

    /// postmaster.pid: line 1 PID, 2 data folder, 3 start time, 4 port, ...
    static func port(fromPidFile path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4 else { return nil }
        return Int(lines[3].trimmingCharacters(in: .whitespaces))
    }

    private func url(superuser: String, port: Int) -> String {
        let user = superuser.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? superuser
        return "postgresql://\(user)@127.0.0.1:\(port)/\(configuration.databaseName)"
    }
}
