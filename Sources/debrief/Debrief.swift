import ArgumentParser

/// The `debrief` command: serve the API, migrate the database, export results, administer hosts.
@main
struct DebriefCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debrief",
        abstract: "Feedback forms for meetings: serve the API, migrate the database, export results.",
        subcommands: [Serve.self, Migrate.self, Admin.self],
        defaultSubcommand: Serve.self)
}
