import ArgumentParser
import Logging

/// `debrief migrate`: apply pending SQL migrations and exit.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations.")

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let settings = try self.database.settings()
        let logger = settings.bootstrapLogging(label: "debrief.migrate")
        let session = try await CommandRunner.run(logger: logger) {
            try await DatabaseSession.open(settings, allowLocalCluster: false, logger: logger)
        }
        do {
            let applied = try await session.migrate(logger: logger)
            print(applied.isEmpty ? "Database is up to date." : "Applied \(applied.count) migration(s): \(applied.joined(separator: ", "))")
        } catch {
            await session.close(logger: logger)
            throw CommandRunner.exit(for: error, logger: logger)
        }
        await session.close(logger: logger)
    }
}
