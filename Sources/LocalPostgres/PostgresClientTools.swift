import Foundation

/// PostgreSQL's own backup programs, `pg_dump` and `pg_restore`, for `debrief backup` and
/// `debrief restore` (on the configured database or the private cluster alike).
///
/// They run through the same swift-subprocess runner as `initdb` and `pg_ctl`
/// (docs/decisions/0005-process-spawning.md), without the caller's `PG*` variables, and with the
/// password, if the URL has one, in `PGPASSWORD` rather than on the command line (where `ps`
/// would show it).
public enum PostgresClientTools {
    public enum Program: String, Sendable {
        case pgDump = "pg_dump"
        case pgRestore = "pg_restore"
    }

    /// How one run ended: its exit status and its output (stdout and stderr together).
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: String
        public var succeeded: Bool
    }

    /// Runs `program` against the database `url` with `arguments` (`--dbname` is added).
    public static func run(
        _ program: Program, url: String, arguments: [String], environment: [String: String]
    ) async throws -> Outcome {
        let executable = try self.locate(program, path: environment["PATH"])
        var programEnvironment = ProgramRunner.programEnvironment(environment)
        let (dbname, password) = self.splitPassword(url)
        if let password { programEnvironment["PGPASSWORD"] = password }
        let result = try await ProgramRunner.run(
            executable, arguments + ["--dbname=\(dbname)"],
            display: "\(program.rawValue) \(arguments.joined(separator: " "))", environment: programEnvironment)
        return Outcome(status: result.status, output: result.output, succeeded: result.succeeded)
    }

    /// The newest installed version's program (`/usr/lib/postgresql/N/bin`), which reads dumps of
    /// and talks to every older server; else the first on `PATH`.
    static func locate(_ program: Program, path: String?, libraryRoot: String = PostgresBinaries.libraryRoot) throws -> String {
        let fileManager = FileManager.default
        let versioned = PostgresBinaries.versionDirectories(under: libraryRoot).map { "\(libraryRoot)/\($0)/bin" }
        let onPath = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        for directory in versioned + onPath where fileManager.isExecutableFile(atPath: "\(directory)/\(program.rawValue)") {
            return "\(directory)/\(program.rawValue)"
        }
        throw LocalPostgresError(
            .binariesNotFound,
            "\(program.rawValue) not found in \(libraryRoot)/*/bin or on PATH; install it with `sudo apt-get install postgresql-client`.")
    }

    /// A `postgresql://user:password@…` URL without its password, and the password; a conninfo
    /// string (`host=… password=…`) or a URL without one is returned as it is.
    static func splitPassword(_ url: String) -> (url: String, password: String?) {
        guard url.hasPrefix("postgres"), var components = URLComponents(string: url), let password = components.password else {
            return (url, nil)
        }
        components.password = nil
        return (components.string ?? url, password)
    }
}
