import DebriefTestSupport
import Foundation
import Testing

@Suite("Graceful shutdown")
struct GracefulShutdownTests {
    /// A request whose body is still arriving when SIGTERM comes is finished and answered.
    @Test func inFlightRequestFinishesAfterSIGTERM() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            await database.shutdown()
            let port = DebriefProcess.freePort()
            let server = try DebriefProcess.start(
                ["serve", "--database-url", database.configuration.url, "--port", String(port), "--bcrypt-cost", "4"])
            #expect(await DebriefProcess.waitFor("http://127.0.0.1:\(port)/healthz", status: 200, timeout: .seconds(120)), "\(server.output)")

            let body = #"{"email":"late@example.com","password":"correct horse battery","displayName":"Late"}"#
            let socket = try RawSocket(port: port)
            try socket.send(
                "POST /v1/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                    + body.prefix(20))
            // Events, not pauses: a later connection answered means the server has accepted the first
            // (one listener accepts in order), and a refused connection means the shutdown has begun
            // (the listener closes first), so the rest of the body arrives during it.
            let later = try RawSocket(port: port)
            try later.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(later.read(until: { $0.hasPrefix("HTTP/1.1 200") }, timeout: .seconds(60)), "\(later.text)")
            server.signal(SIGTERM)
            let deadline = ContinuousClock.now + .seconds(60)
            while (try? RawSocket(port: port)) != nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect((try? RawSocket(port: port)) == nil, "the listener is still open 60 s after SIGTERM: \(server.output)")
            try socket.send(String(body.dropFirst(20)))
            let response = try socket.receive()
            #expect(response.hasPrefix("HTTP/1.1 201"), "\(response)")
            let (status, output) = await server.wait()
            #expect(status == 0, "\(output)")
        }
    }
}

/// A blocking TCP client, enough to hold a request half-sent or read a stream piece by piece.
final class RawSocket {
    let descriptor: Int32
    /// Everything received so far.
    private(set) var received: [UInt8] = []

    init(port: Int) throws {
        self.descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(self.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(self.descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(self.descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw POSIXError(.EPIPE) }
    }

    /// Reads until a response body has started, the peer closes, or 10 seconds pass.
    func receive() throws -> String {
        _ = self.read(until: { $0.contains("\r\n\r\n{") }, timeout: .seconds(10))
        // Closed once, in deinit: closing here too could close a descriptor number that another
        // test's connection has reused in between.
        return self.text
    }

    var text: String { String(decoding: self.received, as: UTF8.self) }

    /// Reads until `done(text so far)` holds; false when the peer closed or time ran out first.
    func read(until done: (String) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(self.text) {
            guard ContinuousClock.now < deadline else { return false }
            let count = recv(self.descriptor, &buffer, buffer.count, 0)
            if count == 0 { return done(self.text) }
            if count > 0 { self.received += buffer[0..<count] }
        }
        return true
    }

    /// Waits for the peer to close the connection.
    func waitForClose(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            let count = recv(self.descriptor, &buffer, buffer.count, 0)
            if count == 0 { return true }
            if count > 0 { self.received += buffer[0..<count] }
        }
        return false
    }

    deinit {
        close(self.descriptor)
    }
}
