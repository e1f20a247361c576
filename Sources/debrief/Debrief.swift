import ArgumentParser
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `debrief` command: serve the API, migrate the database, export results, administer hosts.
@main
struct DebriefCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debrief",
        abstract: "Feedback forms for meetings: serve the API, migrate the database, export results.",
        subcommands: [Serve.self, Migrate.self, Export.self, Admin.self, Backup.self, Restore.self],
        defaultSubcommand: Serve.self)

    /// Runs the command on the cooperative pool while the main thread waits for it. An `async`
    /// main would end the main thread in `dispatch_main`, whose `pthread_exit` valgrind (3.19,
    /// Debian 12's) cannot follow, and scripts/bench-instructions counts the server's
    /// instructions under valgrind. Detached: `main` is the main actor's, whose queue the
    /// waiting main thread never drains; nothing here needs the main actor or the main queue.
    static func main() {
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await run()
            finished.signal()
        }
        finished.wait()
    }

    /// ArgumentParser's own `main`, except that bad arguments exit with 2, the documented code
    /// (see ``CommandRunner``), instead of 64.
    private static func run() async {
        // A reader that goes away (`debrief export | head`) makes the next write fail with EPIPE
        // instead of killing the process, so the command still stops the private cluster it
        // started (ExportOutput turns that EPIPE into exit 141, as if killed, without a message).
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // A refused setting (flag, environment or config file): one line naming the flag
            // and the variable, exit 2 like any bad argument.
            if let error = error as? SettingError {
                FileHandle.standardError.write(Data("debrief: \(error)\n".utf8))
                Foundation.exit(2)
            }
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
