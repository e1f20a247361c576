import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of one finished program.
struct CommandResult: Sendable {
    /// How the command was shown to people (program name and arguments, without any user switch).
    var commandLine: String
    var status: Int32
    var signaled: Bool
    /// stdout and stderr, interleaved.
    var output: String

    var succeeded: Bool { status == 0 && !signaled }

    /// An error naming the command, how it ended and the last lines of its output.
    func failure(_ what: String, extra: String? = nil) -> LocalPostgresError {
        var message = "\(what): `\(commandLine)` "
        message += signaled ? "was killed by signal \(status)" : "exited with status \(status)"
        let tail = System.lastLines(output)
        message += tail.isEmpty ? " and printed nothing." : ". Its last output lines:\n\(tail)"
        if let extra { message += "\n\(extra)" }
        return LocalPostgresError(.commandFailed, message)
    }
}

/// Runs programs with `posix_spawn`, waiting for them on a dedicated thread (not the Swift
/// concurrency pool) that resumes a continuation.
///
/// Not Foundation `Process`: on Linux it notices that a child ended only when a socket it leaks
/// into the child is closed by every process holding it, and the server that `pg_ctl start`
/// forks inherits that socket and lives on, so the `pg_ctl` process would never be seen to end.
/// Here the child gets stdin from /dev/null, stdout and stderr into a private temporary file, and
/// no other descriptor; its signal mask and dispositions are reset; it runs in its own process
/// group (Ctrl-C on debrief does not kill the server; `stop()` does) and in "/" (a folder any user,
/// such as `postgres` when we are root, can enter).
enum Subprocess {
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
        let outputPath = (NSTemporaryDirectory() as NSString)
            .appendingPathComponent("debrief-localpg-\(UUID().uuidString).out")
        defer { unlink(outputPath) }
        #if !os(Linux)
        return try await runWithFoundation(
            executable, arguments, display: display, environment: environment, outputPath: outputPath)
        #else
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments, environment: environment, outputPath: outputPath)
        } catch let error as SpawnError {
            throw LocalPostgresError(.commandFailed, "Could not run `\(display)` (\(executable)): \(error.message)")
        }
        let waitStatus: Int32 = await withCheckedContinuation { continuation in
            let thread = Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: status)
            }
            thread.name = "LocalPostgres waitpid \(pid)"
            thread.start()
        }
        let signal = waitStatus & 0x7f
        let signaled = signal != 0 && signal != 0x7f
        let data = FileManager.default.contents(atPath: outputPath) ?? Data()
        return CommandResult(
            commandLine: display,
            status: signaled ? signal : (waitStatus >> 8) & 0xff,
            signaled: signaled,
            output: String(decoding: data, as: UTF8.self)
        )
        #endif
    }

    struct SpawnError: Error {
        var message: String
    }

    #if os(Linux)
    private typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32

    /// glibc 2.34+ / 2.29+ extensions that the Swift Glibc module does not expose.
    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(pointer, to: type)
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], outputPath: String
    ) throws -> pid_t {
        func check(_ rc: Int32, _ what: String) throws {
            if rc != 0 { throw SpawnError(message: "\(what): \(String(cString: strerror(rc)))") }
        }
        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try check(posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0), "open /dev/null")
        try check(
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
            "open \(outputPath)")
        try check(posix_spawn_file_actions_adddup2(&actions, 1, 2), "dup2")
        if let closefrom = symbol("posix_spawn_file_actions_addclosefrom_np", as: AddClosefrom.self) {
            try check(closefrom(&actions, 3), "closefrom")
        } else {
            // Older glibc: close what is open now (closing an fd closed since is harmless).
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for fd in open.compactMap(Int32.init) where fd > 2 {
                _ = posix_spawn_file_actions_addclose(&actions, fd)
            }
        }
        if let chdir = symbol("posix_spawn_file_actions_addchdir_np", as: AddChdir.self) {
            try check(chdir(&actions, "/"), "chdir /")
        }

        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2] {
            sigaddset(&defaultSignals, signal)
        }
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "setsigmask")
        try check(posix_spawnattr_setsigdefault(&attributes, &defaultSignals), "setsigdefault")
        try check(posix_spawnattr_setpgroup(&attributes, 0), "setpgroup")
        try check(
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)),
            "setflags")

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        try check(posix_spawn(&pid, executable, &actions, &attributes, argv, envp), "posix_spawn")
        return pid
    }
    #else
    /// Elsewhere (macOS) Foundation `Process` detects termination by pid, so daemons do not matter.
    private static func runWithFoundation(
        _ executable: String, _ arguments: [String], display: String, environment: [String: String], outputPath: String
    ) async throws -> CommandResult {
        guard FileManager.default.createFile(atPath: outputPath, contents: nil, attributes: [.posixPermissions: 0o600]),
              let output = FileHandle(forWritingAtPath: outputPath)
        else {
            throw LocalPostgresError(.commandFailed, "Could not create a temporary file for the output of `\(display)`.")
        }
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let ended: (Int32, Bool) = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = {
                continuation.resume(returning: ($0.terminationStatus, $0.terminationReason == .uncaughtSignal))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: LocalPostgresError(.commandFailed, "Could not run `\(display)` (\(executable)): \(error)"))
            }
        }
        let data = FileManager.default.contents(atPath: outputPath) ?? Data()
        return CommandResult(commandLine: display, status: ended.0, signaled: ended.1, output: String(decoding: data, as: UTF8.self))
    }
    #endif
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
        return try await Subprocess.run(executable, fullArguments, display: display, environment: environment)
    }
}
