import ArgumentParser
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

    /// ArgumentParser's own `main`, except that bad arguments exit with 2, the documented code
    /// (see ``CommandRunner``), instead of 64.
    static func main() async {
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
