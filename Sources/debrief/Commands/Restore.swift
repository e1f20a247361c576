import ArgumentParser
import DebriefStore
import Foundation
import LocalPostgres
import Logging

/// `debrief restore`: `pg_restore` of a `debrief backup` dump into the configured database (or
/// the private cluster), in one transaction, then a consistency check: the restored migration
/// version and every table's row count must equal the manifest's, or the command fails (exit 1)
/// naming what differs.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Restore a `debrief backup` dump (pg_restore) and check it against its manifest.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var cluster: LocalClusterOptions

    @Option(name: [.short, .long], help: "The dump file `debrief backup` wrote (its manifest must be beside it).")
    var input: String

    @Flag(help: "Drop what the database holds first (pg_restore --clean). Without it, the database must be empty. Refused while an instance serves it (stop every `debrief serve` first).")
    var replace = false

    @Flag(help: "With --replace: restore even though an instance served the database in the last \(Restore.servingWindowSeconds) seconds (what it accepts meanwhile is lost).")
    var force = false

    @Flag(help: "Print no progress (rows, bytes, rate, time left) on standard error; it only appears when standard error is a terminal.")
    var quiet = false

    /// Instances beat every 2 s (InstanceHeartbeatService); one silent for this long has stopped.
    static let servingWindowSeconds = 10

    func run() async throws {
        let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
        let logger = settings.bootstrapLogging(label: "debrief.restore")
        try await CommandRunner.run(logger: logger) { try await self.restore(settings, logger: logger) }
    }

    private func restore(_ settings: DatabaseSettings, logger: Logger) async throws {
        let dump = URL(fileURLWithPath: self.input)
        guard FileManager.default.fileExists(atPath: dump.path) else {
            throw CommandFailure.usage("--input: no file at \(dump.path)")
        }
        let manifest = try BackupManifest.read(besideDump: dump)
        let session = try await DatabaseSession.open(settings, allowLocalCluster: true, logger: logger)
        do {
            let store = BackupStore(database: session.database)
            if !self.replace, try await !store.isEmpty() {
                throw CommandFailure.usage("the database is not empty: restore into a new database, or pass --replace to drop what it holds")
            }
            if self.replace, !self.force {
                let serving = try await store.servingInstances(within: Self.servingWindowSeconds)
                if serving > 0 {
                    throw CommandFailure.usage(
                        "\(serving) Debrief instance(s) served this database in the last \(Self.servingWindowSeconds) s: "
                            + "stop every `debrief serve` first (what they accept during a restore is lost), or pass --force")
                }
            }
            var arguments = ["--format=custom", "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"]
            if self.replace { arguments += ["--clean", "--if-exists"] }
            let url = session.database.configuration.url
            let programArguments = arguments + [dump.path]
            let restore: @Sendable () async throws -> Void = {
                let outcome = try await PostgresClientTools.run(
                    .pgRestore, url: url, arguments: programArguments, environment: ProcessInfo.processInfo.environment)
                guard outcome.succeeded else {
                    throw BackupFailure("pg_restore failed (status \(outcome.status)): \(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))")
                }
            }
            // The manifest's row counts are the total; the bytes are the COPY data loaded so far.
            let progress = ProgressReporter.standardError(label: "debrief restore", totalRows: manifest.inventory.totalRows, quiet: self.quiet)
                .map { CopyProgress(reporter: $0, store: store) { nil } }
            if let progress { try await progress.whileRunning(restore) } else { try await restore() }
            let differences = manifest.inventory.differences(from: try await store.inventory())
            guard differences.isEmpty else {
                throw BackupFailure("the restored database differs from the backup's manifest: " + differences.joined(separator: "; "))
            }
            progress?.finish(rows: manifest.inventory.totalRows)
            print("Restored \(dump.path): migration \(manifest.inventory.migrationVersion), \(manifest.inventory.tables.count) tables, \(manifest.inventory.tables["responses"] ?? 0) responses; every row count matches the manifest.")
        } catch {
            await session.close(logger: logger)
            throw error
        }
        await session.close(logger: logger)
    }
}
