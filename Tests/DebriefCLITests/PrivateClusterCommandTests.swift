import DebriefTestSupport
import Foundation
import Testing

/// `debrief export` and `debrief admin …` without a database URL borrow the private cluster
/// `debrief serve` uses (same data folder rules): they start it when it is down and stop it
/// again, and leave it running when a `serve` runs on it.
@Suite("The commands find the private database", .serialized)
struct PrivateClusterCommandTests {
    /// A new data folder under the temporary folder (which the `postgres` user can enter when the
    /// tests run as root).
    static func dataFolder() throws -> String {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-private-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
        return parent.appendingPathComponent("postgres").path
    }

    static func serverRuns(_ dataFolder: String) -> Bool {
        FileManager.default.fileExists(atPath: dataFolder + "/postmaster.pid")
    }

    @Test func adminAndExportStartThePrivateClusterAndStopItAgain() async throws {
        let data = try Self.dataFolder()
        let created = try await DebriefProcess.run(
            ["admin", "create-host", "--email", "ana@example.com", "--name", "Ana", "--password-stdin", "--bcrypt-cost", "4",
             "--log-format", "text"],
            environment: ["DEBRIEF_DATA_DIR": data], standardInput: "a long enough password\n")
        #expect(created.status == 0, "\(created.output)")
        #expect(created.output.contains("ana@example.com"))
        #expect(!created.output.contains("no database configured"))
        #expect(!Self.serverRuns(data), "the command started the cluster, so it stops it")

        let csv = URL(fileURLWithPath: data).deletingLastPathComponent().appendingPathComponent("all.csv")
        let exported = try await DebriefProcess.run(
            ["export", "--data-dir", data, "--all", "--layout", "answers", "-o", csv.path, "--log-format", "text"])
        #expect(exported.status == 0, "\(exported.output)")
        #expect(try await CSVParser.parse(try Data(contentsOf: csv)).first?.first == "response_id")
        #expect(!Self.serverRuns(data))
    }

    /// Run from another folder (or with a mistyped --data-dir), export and backup would create an
    /// empty cluster there and answer "not found": they name the folder instead and create nothing.
    @Test func exportAndBackupDoNotCreateAClusterWhereNoneIs() async throws {
        let data = try Self.dataFolder()
        for arguments in [["export", "--all"], ["backup", "-o", data + ".dump"]] {
            let run = try await DebriefProcess.run(arguments + ["--log-format", "text"], environment: ["DEBRIEF_DATA_DIR": data])
            #expect(run.status == 2, "\(arguments[0]): \(run.output)")
            #expect(run.output.contains("no private PostgreSQL cluster in \(data)"), "\(run.output)")
            #expect(!FileManager.default.fileExists(atPath: data), "\(arguments[0]) created nothing")
        }
    }

    /// `debrief export | head`: the reader leaves before the export writes. The command must still
    /// stop the cluster it started (killed by SIGPIPE, it left PostgreSQL running).
    @Test func anExportWhoseReaderLeftStopsTheClusterItStarted() async throws {
        let data = try Self.dataFolder()
        let created = try await DebriefProcess.run(
            ["admin", "create-host", "--email", "ana@example.com", "--name", "Ana", "--password-stdin", "--bcrypt-cost", "4"],
            environment: ["DEBRIEF_DATA_DIR": data], standardInput: "a long enough password\n")
        #expect(created.status == 0, "\(created.output)")
        #expect(!Self.serverRuns(data))

        // `true` exits at once, so the pipe has no reader by the time the export writes.
        let script = "'\(DebriefProcess.binary.path)' export --all --data-dir '\(data)' --log-format text | true; echo \"status=${PIPESTATUS[0]}\" >&2"
        let output = String(decoding: try await ChildProcess.run("/bin/bash", ["-c", script]).errors, as: UTF8.self)
        #expect(output.contains("status=141"), "exits as a writer whose reader left: \(output)")
        #expect(!output.contains("debrief: "), "and says nothing about it: \(output)")
        #expect(!Self.serverRuns(data), "the cluster it started is stopped: \(output)")
    }

    @Test func withServeRunningTheCommandsLeaveTheClusterUp() async throws {
        let data = try Self.dataFolder()
        let port = DebriefProcess.freePort()
        let serve = try DebriefProcess.start(
            ["serve", "--data-dir", data, "--port", "\(port)", "--bcrypt-cost", "4"])
        defer { serve.signal(SIGKILL) }
        #expect(await DebriefProcess.waitFor("http://127.0.0.1:\(port)/readyz", status: 200, timeout: .seconds(120)), "\(serve.output)")

        let created = try await DebriefProcess.run(
            ["admin", "create-host", "--data-dir", data, "--email", "bo@example.com", "--name", "Bo", "--password-stdin",
             "--bcrypt-cost", "4", "--log-format", "text"],
            standardInput: "a long enough password\n")
        #expect(created.status == 0, "\(created.output)")
        let exported = try await DebriefProcess.run(["export", "--data-dir", data, "--all", "--log-format", "text"])
        #expect(exported.status == 0, "\(exported.output)")
        #expect(exported.output.contains("response_id,"), "the CSV on standard output")

        #expect(Self.serverRuns(data))
        #expect(await DebriefProcess.status(of: "http://127.0.0.1:\(port)/readyz") == 200, "serve's database is still up")
        serve.signal(SIGTERM)
        let stopped = await serve.wait()
        #expect(stopped.status == 0, "\(stopped.output)")
        #expect(!Self.serverRuns(data), "serve stops the cluster it used")
    }
}
