import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import LocalPostgres

/// The test process's environment, passed in the way the `debrief` executable passes its own.
let environment = ProcessInfo.processInfo.environment

/// Whether this machine has initdb/pg_ctl; the tests that start real servers need them.
let serverBinariesInstalled = (try? PostgresBinaries.locate(path: environment["PATH"])) != nil
let needsServer = Testing.ConditionTrait.enabled(
    if: serverBinariesInstalled,
    "PostgreSQL server binaries (initdb, pg_ctl) not found; install them with `sudo apt-get install postgresql`"
)

@Suite("LocalPostgres")
struct LocalPostgresTests {
    // MARK: Configuration

    @Test(arguments: ["Debrief", "1db", "bad-name", "", "db;drop table x", "dé", "a b", String(repeating: "a", count: 64)])
    func rejectsInvalidDatabaseName(_ name: String) throws {
        let error = try #require(throws: LocalPostgresError.self) {
            try LocalPostgresCluster(configuration: .init(dataDirectory: "/tmp/unused", databaseName: name, environment: environment))
        }
        #expect(error.kind == .invalidConfiguration)
        #expect(error.description.contains("^[a-z_][a-z0-9_]*$"))
        #expect(error.description.contains("\"\(name)\""))
    }

    @Test(arguments: ["debrief", "_x", "a1_b", String(repeating: "z", count: 63)])
    func acceptsValidDatabaseName(_ name: String) throws {
        let cluster = try LocalPostgresCluster(configuration: .init(dataDirectory: "rel/pg", databaseName: name, environment: environment))
        #expect(cluster.dataDirectory.hasPrefix("/"), "relative paths are made absolute")
        #expect(cluster.dataDirectory.hasSuffix("/rel/pg"))
    }

    @Test func normalizesTheDataFolderPath() throws {
        let cluster = try LocalPostgresCluster(configuration: .init(dataDirectory: "/tmp/a/../b/./pg/", environment: environment))
        #expect(cluster.dataDirectory == "/tmp/b/pg")
    }

    @Test func rejectsInvalidPort() {
        #expect(throws: LocalPostgresError.self) {
            try LocalPostgresCluster(configuration: .init(dataDirectory: "/tmp/unused", port: 70_000, environment: environment))
        }
    }

    // MARK: Binaries

    @Test func missingBinariesErrorSaysHowToInstall() throws {
        let error = try #require(throws: LocalPostgresError.self) {
            try PostgresBinaries.locate(path: "/nonexistent-a:/nonexistent-b", libraryRoot: "/nonexistent-lib")
        }
        #expect(error.kind == .binariesNotFound)
        #expect(error.description.hasPrefix(
            "PostgreSQL server binaries not found; install them with `sudo apt-get install postgresql` (Debian/Ubuntu)"))
        #expect(error.description.contains("/nonexistent-a, /nonexistent-b, /nonexistent-lib/*/bin"))
    }

    @Test func picksHighestVersionOrTheDataFoldersVersion() async throws {
        try await withTemporaryFolder { folder in
            let root = folder + "/lib"
            for version in ["9.6", "10", "15", "notes"] {
                let bin = "\(root)/\(version)/bin"
                try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
                for program in ["initdb", "pg_ctl", "psql", "createdb"] {
                    _ = FileManager.default.createFile(
                        atPath: "\(bin)/\(program)", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
                }
            }
            #expect(PostgresBinaries.versionDirectories(under: root) == ["15", "10", "9.6"])
            let highest = try PostgresBinaries.locate(path: "/nonexistent", libraryRoot: root)
            #expect(highest.directory == "\(root)/15/bin")
            #expect(highest.psql == "\(root)/15/bin/psql")
            let matching = try PostgresBinaries.locate(path: "/nonexistent", libraryRoot: root, preferredMajorVersion: "10\n")
            #expect(matching.pgCtl == "\(root)/10/bin/pg_ctl")
        }
    }

    // MARK: Environment

    @Test func programEnvironmentDropsPGVariables() {
        let given = ["PATH": "/usr/bin:/bin", "PGPORT": "1", "PGDATA": "/elsewhere", "LANG": "C.UTF-8", "XPGY": "kept"]
        #expect(ProgramRunner.programEnvironment(given) == ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XPGY": "kept"])
    }

    @Test func programsRunWithExactlyTheGivenEnvironment() async throws {
        let result = try await ProgramRunner.run("/usr/bin/env", [], display: "env", environment: ["DEBRIEF_PROBE": "given value"])
        #expect(result.succeeded)
        #expect(result.output == "DEBRIEF_PROBE=given value\n", "nothing of the test process's own environment leaks in")
    }

    // MARK: Running programs

    /// `pg_ctl start` leaves a server behind that may hold pg_ctl's stdout; the run must end when
    /// pg_ctl does, not when the server closes the pipe.
    @Test func runEndsWithTheProgramEvenIfADescendantKeepsItsOutputOpen() async throws {
        // Checked by what, not how fast: the descendant still runs (it sleeps ten minutes), so the
        // run did not wait for the pipe it holds.
        let result = try await ProgramRunner.run(
            "/bin/sh", ["-c", "sleep 600 & echo $!"], display: "sh", environment: ["PATH": "/usr/bin:/bin"])
        let pid = try #require(pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let descendantRuns = kill(pid, 0) == 0
        kill(pid, SIGKILL)
        #expect(result.succeeded)
        #expect(descendantRuns, "the run ended only after the descendant did")
    }

    #if os(Linux)
    @Test func programsRunInTheirOwnProcessGroupFromTheRootFolder() async throws {
        let result = try await ProgramRunner.run(
            "/bin/sh", ["-c", "echo $$ $(cut -d' ' -f5 /proc/$$/stat) $(pwd)"], display: "sh",
            environment: ["PATH": "/usr/bin:/bin"])
        let fields = result.output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        try #require(fields.count == 3, "output: \(result.output)")
        #expect(fields[0] == fields[1], "the process group is the program's own")
        #expect(fields[2] == "/")
    }
    #endif

    @Test func failureToStartNamesTheCommand() async throws {
        let error = try await #require(throws: LocalPostgresError.self) {
            try await ProgramRunner.run("/nonexistent/pg_ctl", ["status"], display: "pg_ctl status", environment: [:])
        }
        #expect(error.kind == .commandFailed)
        #expect(error.description.hasPrefix("Could not run `pg_ctl status` (/nonexistent/pg_ctl): "))
    }

    // MARK: Real servers

    @Test func leaveBeforeStartDoesNothing() async throws {
        let cluster = try LocalPostgresCluster(configuration: .init(dataDirectory: "/tmp/debrief-localpg-never-created", environment: environment))
        try await cluster.leave()
        try await cluster.leave()
        #expect(!FileManager.default.fileExists(atPath: "/tmp/debrief-localpg-never-created"))
    }

    @Test(needsServer)
    func startsServesRestartsWithoutInitdbAndLeavesTwice() async throws {
        try await withTemporaryFolder { folder in
            let configuration = LocalPostgresConfiguration(dataDirectory: folder + "/postgres", environment: environment)
            let first = try LocalPostgresCluster(configuration: configuration)
            let url = try await first.start()
            #expect(url.hasPrefix("postgresql://"))
            #expect(url.contains("@127.0.0.1:"))
            #expect(url.hasSuffix("/debrief"))
            #expect(try await psql(url, "select 1") == "1")
            #expect(try await psql(url, "select current_database()") == "debrief")
            #expect(try await first.start() == url, "a second start() returns the running server's URL")
            #expect(FileManager.default.fileExists(atPath: folder + "/postgres.log"))
            #expect(FileManager.default.fileExists(atPath: folder + "/run"))

            _ = try await psql(url, "create table marker (id int); insert into marker values (42)")
            let versionFile = folder + "/postgres/PG_VERSION"
            let initializedAt = try modificationDate(versionFile)

            try await first.leave()
            try await first.leave()
            #expect(!FileManager.default.fileExists(atPath: folder + "/postgres/postmaster.pid"))

            let second = try LocalPostgresCluster(configuration: configuration)
            let secondURL = try await second.start()
            #expect(try modificationDate(versionFile) == initializedAt, "no initdb on the second start")
            #expect(try await psql(secondURL, "select id from marker") == "42")
            try await second.leave()
            try await second.leave()
            #expect(!FileManager.default.fileExists(atPath: folder + "/postgres/postmaster.pid"))
        }
    }

    @Test(needsServer)
    func usesAServerAlreadyRunningOnTheDataFolder() async throws {
        try await withTemporaryFolder { folder in
            // No port given: the cluster chooses one, and chooses again if it is taken meanwhile
            // (the suite's own connections take ports from the same range).
            let first = try LocalPostgresCluster(
                configuration: .init(dataDirectory: folder + "/postgres", databaseName: "reuse_test", environment: environment))
            let url = try await first.start()
            #expect(url.hasPrefix("postgresql://") && url.hasSuffix("/reuse_test"))

            // A second user (another debrief process) uses the running server.
            let second = try LocalPostgresCluster(
                configuration: .init(dataDirectory: folder + "/postgres", databaseName: "reuse_test", environment: environment))
            #expect(try await second.start() == url)
            #expect(try await psql(url, "select current_database()") == "reuse_test")

            // The server runs while either uses it; the last to leave stops it.
            try await second.leave()
            #expect(try await psql(url, "select 1") == "1")
            try await first.leave()
            #expect(!FileManager.default.fileExists(atPath: folder + "/postgres/postmaster.pid"))
        }
    }

    @Test(needsServer)
    func startFailureShowsTheServerLog() async throws {
        try await withTemporaryFolder { folder in
            let (socket, port) = try listenOnFreeLoopbackPort()
            defer { close(socket) }
            let cluster = try LocalPostgresCluster(configuration: .init(dataDirectory: folder + "/postgres", port: port, environment: environment))
            let error = try await #require(throws: LocalPostgresError.self) { try await cluster.start() }
            #expect(error.kind == .commandFailed)
            #expect(error.description.contains("pg_ctl"))
            #expect(error.description.contains(folder + "/postgres.log"))
            #expect(error.description.contains("Address already in use"))
            try await cluster.leave()
            try await cluster.leave()
        }
    }

    @Test(needsServer)
    func refusesAFolderThatIsNotACluster() async throws {
        try await withTemporaryFolder { folder in
            let data = folder + "/postgres"
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: data + "/notes.txt", contents: Data("hello".utf8))
            let cluster = try LocalPostgresCluster(configuration: .init(dataDirectory: data, environment: environment))
            let error = try await #require(throws: LocalPostgresError.self) { try await cluster.start() }
            #expect(error.kind == .dataDirectoryUnusable)
            #expect(error.description.contains("no PG_VERSION"))
            try await cluster.leave()
            try await cluster.leave()
        }
    }
}

// MARK: - Helpers

/// Runs `body` with a fresh folder under /tmp (mode 0755, so that as root the `postgres` user can
/// enter it), then stops any server left running in it and removes it.
func withTemporaryFolder(_ body: (String) async throws -> Void) async throws {
    let folder = "/tmp/debrief-localpg-test-\(UUID().uuidString.prefix(8).lowercased())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    do {
        try await body(folder)
    } catch {
        await forceStop(folder + "/postgres")
        try? FileManager.default.removeItem(atPath: folder)
        throw error
    }
    await forceStop(folder + "/postgres")
    try? FileManager.default.removeItem(atPath: folder)
}

/// Stops a server a failed test may have left behind.
func forceStop(_ dataDirectory: String) async {
    guard FileManager.default.fileExists(atPath: dataDirectory + "/postmaster.pid"),
          let binaries = try? PostgresBinaries.locate(path: environment["PATH"]),
          let identity = try? ServerIdentity.resolve(fallbackUserName: environment["USER"])
    else { return }
    _ = try? await identity.run(
        binaries.pgCtl, ["-D", dataDirectory, "-m", "immediate", "-w", "stop"],
        environment: ProgramRunner.programEnvironment(environment))
}

/// `psql URL -Atc SQL` with the psql client on PATH; returns its trimmed output.
func psql(_ url: String, _ sql: String) async throws -> String {
    let result = try await ProgramRunner.run(
        "/usr/bin/env", ["psql", "-X", url, "-Atc", sql], display: "psql \(url) -Atc \(sql)",
        environment: ProgramRunner.programEnvironment(environment))
    guard result.succeeded else { throw result.failure("psql failed") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A socket listening on 127.0.0.1, to make a port busy.
private func listenOnFreeLoopbackPort() throws -> (Int32, Int) {
    #if os(Linux)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    try #require(fd >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    try #require(ok)
    return (fd, Int(UInt16(bigEndian: address.sin_port)))
}

private func modificationDate(_ path: String) throws -> Date {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.modificationDate] as? Date)
}
