import Foundation
import Subprocess

/// The outcome of one finished program.
struct CommandResult: Sendable {
    /// How the command was shown to people (program name and arguments, without any user switch).
    var commandLine: String
    var status: Int32
    var signaled: Bool
    /// stdout and stderr, interleaved.
    var output: String

    var succeeded: Bool { self.status == 0 && !self.signaled }

    /// An error naming the command, how it ended and the last lines of its output.
    func failure(_ what: String, extra: String? = nil) -> LocalPostgresError {
        var message = "\(what): `\(self.commandLine)` "
        message += self.signaled ? "was killed by signal \(self.status)" : "exited with status \(self.status)"
        let tail = System.lastLines(self.output)
        message += tail.isEmpty ? " and printed nothing." : ". Its last output lines:\n\(tail)"
        if let extra { message += "\n\(extra)" }
        return LocalPostgresError(.commandFailed, message)
    }
}

/// Runs programs with swift-subprocess (see docs/decisions/0005-process-spawning.md).
///
/// `pg_ctl start` forks the server and exits; the server lives on, and without `-l` it keeps
/// pg_ctl's stdout and stderr. A runner that waits for the end of the output therefore hangs
/// until the server stops, and Foundation `Process` on Linux hangs too, since it notices a
/// child's end only when a socket it leaks into the child closes. swift-subprocess waits for the
/// child itself (a pidfd on Linux, kqueue on macOS) and, once the child has exited, stops reading
/// its output even if a descendant still holds the pipe. It also gives the child stdin from
/// /dev/null and no descriptor beyond 0, 1 and 2, and resets its signal mask and handlers.
/// We add: its own process group (Ctrl-C on debrief does not kill the server; `stop()` does) and
/// "/" as working folder (one any user, such as `postgres` when we are root, can enter).
enum ProgramRunner {
    /// The most output kept from one program. Ours print a few KiB; the cap only bounds memory if
    /// one runs away (the run then fails with swift-subprocess's `outputLimitExceeded`).
    static let outputLimit = 1 << 20

    /// The environment for PostgreSQL programs: the given process environment minus `PG*`
    /// variables (PGPORT, PGDATA, PGHOST, ...), which would otherwise override or confuse the
    /// explicit options we pass.
    static func programEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.filter { !$0.key.hasPrefix("PG") }
    }

    /// Runs `executable` with `arguments` and `environment` (used as given) and captures its
    /// output (stdout and stderr together).
    static func run(
        _ executable: String, _ arguments: [String], display: String, environment: [String: String]
    ) async throws -> CommandResult {
        let variables = Dictionary(
            environment.compactMap { key, value in Environment.Key(rawValue: key).map { ($0, value) } },
            uniquingKeysWith: { first, _ in first }
        )
        var options = PlatformOptions()
        options.processGroupID = 0
        let result: ExecutionResult<Void, StringOutput<UTF8>, CombinedErrorOutput>
        do {
            // A task of its own inherits no cancellation: swift-subprocess kills the child of a
            // cancelled task, and a pg_ctl killed half-way (during shutdown, say) could leave the
            // server running. So every program runs to its end; pg_ctl's `-t 60` bounds the slow ones.
            result = try await Task {
                try await Subprocess.run(
                    .path(.init(executable)),
                    arguments: .init(arguments),
                    environment: .custom(variables),
                    workingDirectory: "/",
                    platformOptions: options,
                    input: .none,
                    output: .string(limit: Self.outputLimit),
                    error: .combinedWithOutput
                )
            }.value
        } catch {
            throw LocalPostgresError(.commandFailed, "Could not run `\(display)` (\(executable)): \(error)")
        }
        switch result.terminationStatus {
        case .exited(let code):
            return CommandResult(commandLine: display, status: code, signaled: false, output: result.standardOutput)
        case .signaled(let signal):
            return CommandResult(commandLine: display, status: signal, signaled: true, output: result.standardOutput)
        }
    }
}

/// Who runs the server programs. PostgreSQL refuses to run as root, so as root we run
/// initdb/pg_ctl/postgres as the `postgres` system user; otherwise as ourselves.
struct ServerIdentity: Sendable {
    enum Switch: Sendable {
        case none
        case runuser(String)
        case setpriv(String)
        case su(String)
    }

    var account: System.Account
    var userSwitch: Switch

    /// Whether we are root and therefore hand the server to the `postgres` user.
    var switchesUser: Bool {
        if case .none = userSwitch { return false }
        return true
    }

    /// `fallbackUserName` is the caller's `$USER`, used only when the current user has no
    /// passwd entry.
    static func resolve(fallbackUserName: String?) throws -> ServerIdentity {
        guard System.isRoot else {
            return ServerIdentity(account: System.currentAccount(fallbackName: fallbackUserName), userSwitch: .none)
        }
        guard let postgres = System.account(named: "postgres") else {
            throw LocalPostgresError(
                .postgresUserMissing,
                "Running as root, but PostgreSQL refuses to run as root and there is no `postgres` system user to run it as. "
                    + "Install the server with `sudo apt-get install postgresql` (it creates that user), "
                    + "run debrief as a regular user, or pass a database URL."
            )
        }
        let fileManager = FileManager.default
        func find(_ name: String) -> String? {
            ["/usr/sbin", "/sbin", "/usr/bin", "/bin"].map { "\($0)/\(name)" }.first { fileManager.isExecutableFile(atPath: $0) }
        }
        if let runuser = find("runuser") {
            return ServerIdentity(account: postgres, userSwitch: .runuser(runuser))
        }
        if let setpriv = find("setpriv") {
            return ServerIdentity(account: postgres, userSwitch: .setpriv(setpriv))
        }
        if let su = find("su") {
            return ServerIdentity(account: postgres, userSwitch: .su(su))
        }
        throw LocalPostgresError(
            .postgresUserMissing,
            "Running as root, but none of runuser, setpriv or su was found in /usr/sbin, /sbin, /usr/bin or /bin "
                + "to run PostgreSQL as the `postgres` user. Install util-linux, or run debrief as a regular user."
        )
    }

    /// The executable and arguments that run `program arguments` as this identity.
    func command(_ program: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        switch userSwitch {
        case .none:
            return (program, arguments)
        case .runuser(let runuser):
            return (runuser, ["-u", account.name, "--", program] + arguments)
        case .setpriv(let setpriv):
            return (setpriv, ["--reuid=\(account.uid)", "--regid=\(account.gid)", "--init-groups", "--", program] + arguments)
        case .su(let su):
            let line = "exec " + ([program] + arguments).map(System.shellQuote).joined(separator: " ")
            return (su, ["-s", "/bin/sh", account.name, "-c", line])
        }
    }

    /// Runs a server program (initdb, pg_ctl) as this identity, with `environment` as given.
    func run(_ program: String, _ arguments: [String], environment: [String: String]) async throws -> CommandResult {
        let (executable, fullArguments) = command(program, arguments)
        let display = ([(program as NSString).lastPathComponent] + arguments.map(System.shellQuote)).joined(separator: " ")
        return try await ProgramRunner.run(executable, fullArguments, display: display, environment: environment)
    }
}
