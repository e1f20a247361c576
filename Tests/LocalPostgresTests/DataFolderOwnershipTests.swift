import Foundation
import Testing

@testable import LocalPostgres

/// One server per data folder, shared by its users; the last to leave stops it (decision 82).
/// Two `LocalPostgresCluster` values stand for two debrief processes: their lock files are
/// opened separately, and flock locks of separate opens conflict within one process too.
@Suite("LocalPostgres: one owner per data folder")
struct DataFolderOwnershipTests {
    static func cluster(_ folder: String) throws -> LocalPostgresCluster {
        try LocalPostgresCluster(configuration: .init(dataDirectory: folder + "/postgres", environment: environment))
    }

    static func serverRuns(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/postgres/postmaster.pid")
    }

    /// The starter leaves first: the server keeps running for the other user, who stops it last
    /// (it stopped under the other user's feet before).
    @Test(needsServer)
    func theStarterLeavingFirstLeavesTheServerToTheOtherUser() async throws {
        try await withTemporaryFolder { folder in
            let starter = try Self.cluster(folder)
            let url = try await starter.start()
            let other = try Self.cluster(folder)
            #expect(try await other.start() == url)

            try await starter.leave()
            #expect(try await psql(url, "select 1") == "1", "the other user's database still answers")
            try await other.leave()
            #expect(!Self.serverRuns(folder), "the last user stops the server")
        }
    }

    /// The other user leaves first: the starter's server keeps running (a second process stopped
    /// the server it had found running before).
    @Test(needsServer)
    func anotherUserLeavingFirstLeavesTheStartersServerRunning() async throws {
        try await withTemporaryFolder { folder in
            let starter = try Self.cluster(folder)
            let url = try await starter.start()
            let other = try Self.cluster(folder)
            #expect(try await other.start() == url)

            try await other.leave()
            #expect(try await psql(url, "select 1") == "1", "the starter's database still answers")
            try await starter.leave()
            #expect(!Self.serverRuns(folder))
        }
    }

    /// Two starts at the same instant on a new folder take turns at the gate: one initializes and
    /// starts the server, the other finds it running; both get the same database.
    @Test(needsServer)
    func twoStartsAtTheSameInstantShareOneServer() async throws {
        try await withTemporaryFolder { folder in
            let first = try Self.cluster(folder)
            let second = try Self.cluster(folder)
            async let firstURL = first.start()
            async let secondURL = second.start()
            let urls = try await [firstURL, secondURL]
            #expect(urls[0] == urls[1])
            #expect(try await psql(urls[0], "select current_database()") == "debrief")

            try await first.leave()
            #expect(Self.serverRuns(folder))
            try await second.leave()
            #expect(!Self.serverRuns(folder))
        }
    }

    /// A server no process uses (its user died, or it was started by hand) is used by the next
    /// process, and stopped when that one leaves last: a crash leaks no server for good.
    @Test(needsServer)
    func aServerWithNoUserIsUsedAndStoppedByTheNextUser() async throws {
        try await withTemporaryFolder { folder in
            let first = try Self.cluster(folder)
            let url = try await first.start()
            try await first.leave()
            // Started again outside any claim: as a process that died left it.
            let binaries = try PostgresBinaries.locate(path: environment["PATH"])
            let identity = try ServerIdentity.resolve(fallbackUserName: environment["USER"])
            let port = try #require(url.split(separator: ":").last?.split(separator: "/").first.map(String.init))
            let started = try await identity.run(
                binaries.pgCtl,
                ["-D", folder + "/postgres", "-l", folder + "/postgres.log", "-w", "-o", "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=''", "start"],
                environment: ProgramRunner.programEnvironment(environment))
            try #require(started.succeeded, "\(started.output)")

            let next = try Self.cluster(folder)
            #expect(try await next.start() == url)
            try await next.leave()
            #expect(!Self.serverRuns(folder))
        }
    }

    /// The lock files sit beside the data folder, so the first start can take them before the
    /// folder (which initdb wants empty) exists.
    @Test func theLockFilesSitBesideTheDataFolder() {
        #expect(DataFolderClaim.gatePath(dataDirectory: "/srv/debrief/postgres") == "/srv/debrief/postgres.lock")
        #expect(DataFolderClaim.usersPath(dataDirectory: "/srv/debrief/postgres") == "/srv/debrief/postgres.users")
    }

    /// A shared user's lock keeps a leaving process from taking it exclusively, and a lock
    /// closed with its holder (as the kernel does when a process dies) frees it.
    @Test func aUsersLockIsFreedWithItsHolder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-lock-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var holder: LockFile? = try LockFile(path: path)
        #expect(try holder?.tryLock(.shared) == true)
        let leaver = try LockFile(path: path)
        #expect(try leaver.tryLock(.exclusive) == false)
        holder = nil
        #expect(try leaver.tryLock(.exclusive) == true)
    }
}
