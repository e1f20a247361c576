import Foundation
import Testing

/// Several `debrief serve` processes on one data folder (issue 67, decision 82): a second one on
/// the same port is refused before it touches the private cluster; one on another port shares the
/// cluster; the last one to leave stops it, whichever started it; one that was killed holds
/// nothing.
@Suite("One owner per data folder", .serialized)
struct OneOwnerPerDataFolderTests {
    static let ready = "/readyz"

    /// `serve` on `data` and `port`, ready (its database answers) before it returns.
    static func serve(_ data: String, port: Int) async throws -> DebriefProcess.Running {
        let server = try DebriefProcess.start(["serve", "--data-dir", data, "--port", "\(port)", "--bcrypt-cost", "4"])
        let ready = await DebriefProcess.waitFor("http://127.0.0.1:\(port)\(Self.ready)", status: 200, timeout: .seconds(120))
        if !ready { server.signal(SIGKILL) }
        try #require(ready, "serve on port \(port) never became ready:\n\(server.output)")
        return server
    }

    /// Stops `server` with SIGTERM and returns how it ended.
    static func stop(_ server: DebriefProcess.Running) async -> (status: Int32, output: String) {
        server.signal(SIGTERM)
        return await server.wait()
    }

    static func databaseAnswers(port: Int) async -> Bool {
        await DebriefProcess.status(of: "http://127.0.0.1:\(port)\(Self.ready)") == 200
    }

    /// The finding: the second `serve` reused the cluster, failed to bind the port, and stopped
    /// the cluster on its way out, so the first answered 503 to everyone.
    @Test func aSecondServeOnTheSamePortIsRefusedAndTheFirstKeepsItsDatabase() async throws {
        let data = try PrivateClusterCommandTests.dataFolder()
        let port = DebriefProcess.freePort()
        let first = try await Self.serve(data, port: port)
        defer { first.signal(SIGKILL) }

        let second = try await DebriefProcess.run(["serve", "--data-dir", data, "--port", "\(port)", "--log-format", "text"])
        #expect(second.status == 4, "\(second.output)")
        #expect(second.output.contains("debrief: --port (PORT): 127.0.0.1:\(port) is already in use"), "\(second.output)")
        #expect(!second.output.contains("private PostgreSQL"), "it never touched the cluster: \(second.output)")

        #expect(await Self.databaseAnswers(port: port), "the first serve's database still answers")
        let stopped = await Self.stop(first)
        #expect(stopped.status == 0, "\(stopped.output)")
        #expect(!PrivateClusterCommandTests.serverRuns(data), "the first serve, the only user left, stops the cluster")
    }

    /// A port in use is refused before the data folder is touched: no cluster is made or started.
    @Test(arguments: ["--port", "--metrics-port"])
    func aBusyPortIsRefusedBeforeTheDataFolderIsTouched(flag: String) async throws {
        let data = try PrivateClusterCommandTests.dataFolder()
        let (socket, busy) = try Self.listenOnFreePort()
        defer { close(socket) }
        var arguments = ["serve", "--data-dir", data, "--log-format", "text", flag, "\(busy)"]
        if flag != "--port" { arguments += ["--port", "\(DebriefProcess.freePort())"] }
        let run = try await DebriefProcess.run(arguments)
        #expect(run.status == 4, "\(run.output)")
        #expect(run.output.contains("\(flag) ("), "names the setting: \(run.output)")
        #expect(run.output.contains(":\(busy) is already in use"), "\(run.output)")
        let parent = (data as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty, "nothing made beside or in \(data)")
    }

    /// Two `serve` processes on other ports share one cluster. Whoever leaves first leaves it
    /// running for the other, the one that started it as well; the last one stops it.
    @Test func servesOnOtherPortsShareTheClusterAndTheLastToLeaveStopsIt() async throws {
        let data = try PrivateClusterCommandTests.dataFolder()
        let (portA, portB, portC) = (DebriefProcess.freePort(), DebriefProcess.freePort(), DebriefProcess.freePort())
        let starter = try await Self.serve(data, port: portA)
        defer { starter.signal(SIGKILL) }
        let joiner = try await Self.serve(data, port: portB)
        defer { joiner.signal(SIGKILL) }

        let joinerStopped = await Self.stop(joiner)
        #expect(joinerStopped.status == 0, "\(joinerStopped.output)")
        #expect(await Self.databaseAnswers(port: portA), "the starter's database is still up")

        let last = try await Self.serve(data, port: portC)
        defer { last.signal(SIGKILL) }
        let starterStopped = await Self.stop(starter)
        #expect(starterStopped.status == 0, "\(starterStopped.output)")
        #expect(starterStopped.output.contains("another debrief process uses it"), "\(starterStopped.output)")
        #expect(await Self.databaseAnswers(port: portC), "the starter left: the other serve's database is still up")
        #expect(PrivateClusterCommandTests.serverRuns(data))

        let lastStopped = await Self.stop(last)
        #expect(lastStopped.status == 0, "\(lastStopped.output)")
        #expect(!PrivateClusterCommandTests.serverRuns(data), "the last user stops the cluster it did not start")
    }

    /// A `serve` killed outright holds no lock (the kernel releases flock locks with the
    /// process): the next one uses the cluster it left running and, leaving last, stops it.
    @Test func aKilledServeHoldsNothing() async throws {
        let data = try PrivateClusterCommandTests.dataFolder()
        let port = DebriefProcess.freePort()
        let killed = try await Self.serve(data, port: port)
        killed.signal(SIGKILL)
        _ = await killed.wait()
        #expect(PrivateClusterCommandTests.serverRuns(data), "a killed serve leaves its cluster running")

        let next = try await Self.serve(data, port: port)
        defer { next.signal(SIGKILL) }
        let stopped = await Self.stop(next)
        #expect(stopped.status == 0, "\(stopped.output)")
        #expect(!PrivateClusterCommandTests.serverRuns(data), "the next serve, its only user, stops it")
    }

    /// A socket listening on 127.0.0.1, to make a port busy.
    static func listenOnFreePort() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
}
