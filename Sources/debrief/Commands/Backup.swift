import ArgumentParser
import DebriefStore
import Foundation
import LocalPostgres
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `debrief backup`: `pg_dump` in custom format of the configured database (or the private
/// cluster), and beside it a manifest — the migration version and every table's row count, taken
/// from the very snapshot the dump reads — that `debrief restore` checks the restored database
/// against.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Back the database up with pg_dump (custom format) and write a manifest beside the dump.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var cluster: LocalClusterOptions

    @Option(name: [.short, .long], help: "The dump file to write (its manifest goes to FILE.manifest.json).")
    var output: String

    @Flag(help: "Print no progress (rows, bytes, rate, time left) on standard error; it only appears when standard error is a terminal.")
    var quiet = false

    func run() async throws {
        let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
        let logger = settings.bootstrapLogging(label: "debrief.backup")
        try await CommandRunner.run(logger: logger) { try await self.backup(settings, logger: logger) }
    }

    private func backup(_ settings: DatabaseSettings, logger: Logger) async throws {
        let dump = URL(fileURLWithPath: self.output)
        let manifestURL = BackupManifest.url(besideDump: dump)
        // Written under temporary names and renamed at the end: a failed backup leaves no
        // half-written dump that looks whole, and an older backup of the same name stays.
        let partialDump = dump.deletingLastPathComponent().appendingPathComponent(".\(dump.lastPathComponent).partial")
        let session = try await DatabaseSession.open(settings, allowLocalCluster: true, logger: logger, creation: .mustExist)
        // The dump holds password hashes and server keys: the dump and its manifest are the
        // owner's alone (0600), whatever the umask; pg_dump inherits this mask.
        let previousMask = umask(0o077)
        defer { umask(previousMask) }
        do {
            let url = session.database.configuration.url
            let environment = ProcessInfo.processInfo.environment
            let store = BackupStore(database: session.database)
            let quiet = self.quiet
            let (inventory, progress) = try await store.withSnapshot { snapshot, inventory in
                // The snapshot's row counts are the total; the dump file's size is the bytes.
                let progress = ProgressReporter.standardError(label: "debrief backup", totalRows: inventory.totalRows, quiet: quiet).map {
                    CopyProgress(reporter: $0, store: store) { CopyProgress.size(of: partialDump.path) }
                }
                let dump: @Sendable () async throws -> Void = {
                    let outcome = try await PostgresClientTools.run(
                        .pgDump, url: url,
                        arguments: ["--format=custom", "--no-owner", "--no-privileges", "--snapshot=\(snapshot)", "--file=\(partialDump.path)"],
                        environment: environment)
                    guard outcome.succeeded else {
                        throw BackupFailure("pg_dump failed (status \(outcome.status)): \(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))")
                    }
                }
                if let progress { try await progress.whileRunning(dump) } else { try await dump() }
                return (inventory, progress)
            }
            let manifest = BackupManifest(createdAt: Date(), inventory: inventory)
            try manifest.write(to: manifestURL)
            guard rename(partialDump.path, dump.path) == 0 else {
                throw BackupFailure("could not move the dump to \(dump.path) (errno \(errno))")
            }
            let size = CopyProgress.size(of: dump.path) ?? 0
            progress?.finish(rows: inventory.totalRows, bytes: size)
            print("Backed up \(inventory.tables["responses"] ?? 0) responses (migration \(inventory.migrationVersion)) to \(dump.path) (\(size) bytes); manifest \(manifestURL.path)")
        } catch {
            try? FileManager.default.removeItem(at: partialDump)
            await session.close(logger: logger)
            throw error
        }
        await session.close(logger: logger)
    }
}

/// A backup that did not complete (exit 1), in one line.
struct BackupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The manifest beside a dump: when it was taken, and what it holds.
struct BackupManifest: Codable {
    /// The manifest's own format, for later changes.
    var format = 1
    var createdAt: Date
    var inventory: DatabaseInventory

    static func url(besideDump dump: URL) -> URL {
        dump.deletingLastPathComponent().appendingPathComponent(dump.lastPathComponent + ".manifest.json")
    }

    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(self).write(to: url, options: .atomic)
    }

    static func read(besideDump dump: URL) throws -> BackupManifest {
        let url = self.url(besideDump: dump)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CommandFailure.usage("no manifest at \(url.path): restore needs the manifest `debrief backup` wrote beside the dump")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(BackupManifest.self, from: data)
        } catch {
            throw CommandFailure.usage("the manifest \(url.path) is not one `debrief backup` wrote")
        }
    }
}
