import DebriefTestSupport
import Foundation
import Testing

/// `debrief export`, `backup` and `restore` show their progress on standard error only when it is
/// a terminal: captured into a file (as in a pipeline, cron or CI) they print nothing new, under a
/// pseudo-terminal (util-linux `script`) the summary line appears, and `--quiet` silences it.
@Suite("progress on standard error", .serialized)
struct ProgressOutputTests {
    static let labels = ["debrief export:", "debrief backup:", "debrief restore:"]

    /// Every table's rows in the manifest beside `dump`: the total a backup and a restore move.
    static func manifestRows(_ dump: URL) throws -> Int {
        let object = try BackupRestoreCommandTests.manifest(URL(fileURLWithPath: dump.path + ".manifest.json"))
        let tables = try #require((object["inventory"] as? [String: Any])?["tables"] as? [String: Int])
        return tables.values.reduce(0, +)
    }

    @Test func nothingIsPrintedWhenStandardErrorIsNoTerminalAndQuietIsAccepted() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let csv = seeded.folder.appendingPathComponent("export.csv")
            let dump = seeded.folder.appendingPathComponent("quiet.dump")
            try await TestDatabase.withEmpty { target in
                let runs: [[String]] = [
                    ["export", "--database-url", seeded.url, "--meeting", seeded.meeting, "-o", csv.path],
                    ["export", "--database-url", seeded.url, "--meeting", seeded.meeting, "-o", csv.path, "--quiet"],
                    ["export", "--database-url", seeded.url, "--meeting", seeded.meeting, "--format", "xlsx", "-o", csv.path + ".xlsx", "--quiet"],
                    ["backup", "--database-url", seeded.url, "-o", dump.path],
                    ["backup", "--database-url", seeded.url, "-o", dump.path, "--quiet"],
                    ["restore", "--database-url", target, "--input", dump.path, "--quiet"],
                    ["restore", "--database-url", target, "--input", dump.path, "--replace"],
                ]
                for arguments in runs {
                    let run = try await DebriefProcess.run(arguments + ["--log-format", "text"])
                    #expect(run.status == 0, "\(arguments): \(run.output)")
                    #expect(!run.output.contains("\r"), "\(arguments): \(run.output)")
                    for label in Self.labels { #expect(!run.output.contains(label), "\(arguments): \(run.output)") }
                }
                // On standard output the CSV stays the CSV: nothing but its header and its two rows.
                let toStandardOutput = try await DebriefProcess.run(["export", "--database-url", seeded.url, "--meeting", seeded.meeting])
                #expect(toStandardOutput.status == 0)
                #expect(toStandardOutput.output == (try String(contentsOf: csv, encoding: .utf8)))
            }
        }
    }

    @Test(.enabled(if: PseudoTerminal.isAvailable, "util-linux `script` is not installed"))
    func aTerminalGetsASummaryLineUnlessQuiet() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let csv = seeded.folder.appendingPathComponent("terminal.csv")
            let export = try await PseudoTerminal.run(["export", "--database-url", seeded.url, "--meeting", seeded.meeting, "-o", csv.path])
            #expect(export.status == 0, "\(export.output)")
            // The two responses of the seeded meeting, and the file's exact size.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: csv.path)[.size] as? Int)
            #expect(export.output.contains("\rdebrief export: 2 rows, \(size) B in "), "\(export.output)")
            let quiet = try await PseudoTerminal.run(["export", "--database-url", seeded.url, "--meeting", seeded.meeting, "-o", csv.path, "--quiet"])
            #expect(quiet.status == 0 && !quiet.output.contains("debrief export:"), "\(quiet.output)")

            let dump = seeded.folder.appendingPathComponent("terminal.dump")
            let backup = try await PseudoTerminal.run(["backup", "--database-url", seeded.url, "-o", dump.path])
            #expect(backup.status == 0, "\(backup.output)")
            let rows = try Self.manifestRows(dump)
            let dumpSize = try #require(try FileManager.default.attributesOfItem(atPath: dump.path)[.size] as? Int)
            let dumpBytes = dumpSize < 1000 ? "\(dumpSize) B" : String(format: "%.1f kB", Double(dumpSize) / 1e3)
            let grouped = rows.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            #expect(backup.output.contains("\rdebrief backup: \(grouped) rows, \(dumpBytes) in "), "\(backup.output)")

            try await TestDatabase.withEmpty { target in
                let restore = try await PseudoTerminal.run(["restore", "--database-url", target, "--input", dump.path])
                #expect(restore.status == 0, "\(restore.output)")
                #expect(restore.output.contains("\rdebrief restore: \(grouped) rows, "), "\(restore.output)")
                let quietRestore = try await PseudoTerminal.run(["restore", "--database-url", target, "--input", dump.path, "--replace", "--quiet"])
                #expect(quietRestore.status == 0 && !quietRestore.output.contains("debrief restore:"), "\(quietRestore.output)")
            }
        }
    }
}

/// Runs `debrief` with a pseudo-terminal as its standard output and error, through util-linux's
/// `script`, which copies what the terminal shows to its own standard output.
enum PseudoTerminal {
    static let script = "/usr/bin/script"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: Self.script) }

    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let command = ([DebriefProcess.binary.path] + arguments).map(Self.quoted).joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        // -q no banner, -e the command's exit status, -c the command; the typescript is discarded.
        let child = try await ChildProcess.run(Self.script, ["-q", "-e", "-c", command, "/dev/null"], environment: environment)
        return (child.status, String(decoding: child.output + child.errors, as: UTF8.self))
    }

    /// `'…'` for `sh -c`, a quote inside written as `'\''`.
    static func quoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
