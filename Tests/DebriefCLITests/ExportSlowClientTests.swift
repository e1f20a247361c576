import DebriefHTTP
import DebriefTestSupport
import Foundation
import PQ
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Export to a slow HTTP client")
struct ExportSlowClientTests {
    /// Responses of the exported meeting: the answers layout is then about 37 MB, many times what
    /// the kernel's socket buffers take.
    static let responses = 30_000

    /// A client that stops reading holds neither a database connection nor the server's memory
    /// (docs/decisions/0012-export-capacity.md): the COPY ran into a spool file before the first
    /// byte was sent, so while the client pauses no COPY is running and the pool is free; the
    /// server reads the spool no further ahead of what the socket took than
    /// ``ExportLimits/downloadReadAheadBytes``; then the whole file arrives.
    ///
    /// Counted, not timed nor weighed: how far the server has read its spool (the file offset of
    /// its descriptor, `/proc/PID/fdinfo`) less what the client read and what waits in the two
    /// sockets' kernel queues (`/proc/net/tcp`) is what the server holds for the paused client.
    /// Before, the server's resident memory gained in the pause was compared with a quarter of the
    /// file; it once grew by 23.8 MiB: the writer read on while the event loop could not yet run
    /// its writes, which these counts now bound (docs/benchmarks.md, "An export download whose
    /// client pauses", measured by scripts/bench-export-pause).
    @Test func aClientThatStopsReadingHoldsNoConnectionNorTheServersMemory() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            let meeting = try await LoadData.seed(database, responses: Self.responses)
            let url = database.configuration.url
            let created = try await DebriefProcess.run(
                ["admin", "create-host", "--database-url", url, "--email", "ops@example.com", "--name", "Ops", "--admin",
                 "--password-stdin", "--bcrypt-cost", "4", "--log-format", "text"],
                standardInput: "a long enough password\n")
            #expect(created.status == 0, "\(created.output)")

            let port = DebriefProcess.freePort()
            let server = try DebriefProcess.start(["serve", "--database-url", url, "--port", String(port), "--pool-size", "2", "--log-format", "text"])
            defer { server.signal(SIGTERM) }
            let base = "http://127.0.0.1:\(port)"
            #expect(await DebriefProcess.waitFor(base + "/readyz", status: 200, timeout: .seconds(120)), "\(server.output)")
            let token = try await Self.token(base: base, email: "ops@example.com", password: "a long enough password")

            let socket = try RawSocket(port: port)
            try socket.send(
                "GET /v1/meetings/\(meeting)/export.csv?layout=answers HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer \(token)\r\n\r\n")
            let reader = ChunkedCounter(descriptor: socket.descriptor)
            // The first bytes come once the whole spool is written: waited for, however long a busy
            // machine takes to COPY it (the bound only ends a broken run).
            try #require(await reader.read(atLeast: 256 * 1024, timeout: .seconds(900)))
            #expect(reader.head.contains("text/csv; charset=utf-8"), "\(reader.head)")
            // Named by the meeting's title ("load") and date, not its id.
            #expect(reader.head.contains(#"attachment; filename="debrief-load-"#) && reader.head.contains(#"-answers-utf8.csv""#), "\(reader.head)")

            // The client pauses. No COPY is running for it, and both pooled connections are idle:
            // another request gets one.
            let pid = server.process.processIdentifier
            let spool = try #require(SpoolReading(pid: pid), "no spool file is open in the server while it sends the export")
            let stalled = try await spool.waitUntilStalled()
            let row = try await database.query(
                "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (%' AND state <> 'idle'"
            ).first
            #expect(try row?.decode("n", as: Int.self) == 0, "a COPY is still running while the client pauses")
            #expect(await DebriefProcess.waitFor(base + "/readyz", status: 200, timeout: .seconds(120)), "the pool is not free")

            // Read from the spool, less what the client took and what waits in the kernel: read in
            // this order, bytes moving from the server into its socket meanwhile can only make the
            // count smaller, never larger, so a busy machine cannot fail it.
            let queues = try #require(SocketQueues(client: socket.descriptor, serverPort: port), "the connection is not in /proc/net/tcp")
            let held = stalled.offset - reader.bodyBytes - queues.clientReceive - queues.serverSend
            #expect(stalled.offset < stalled.size, "the server read its whole spool (\(stalled.size) bytes) for a client that stopped reading")
            #expect(held <= ExportLimits.downloadReadAheadBytes,
                    "the server holds \(held) bytes for a paused client: read \(stalled.offset) of \(stalled.size), the client took \(reader.bodyBytes), the kernel \(queues.clientReceive) + \(queues.serverSend)")

            // Then the client reads on, and the whole file arrives: six answers per response, one
            // header row, and a quoted line break in each response's notes.
            #expect(await reader.readToEnd(timeout: .seconds(300)))
            #expect(reader.lineBreaks == 1 + 6 * Self.responses + Self.responses)
            #expect(reader.bodyBytes == stalled.size)
            await database.shutdown()
        }
    }

    static func token(base: String, email: String, password: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: base + "/v1/tokens")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "content-type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["email": email, "password": password])
        let (data, _) = try await URLSession.shared.data(for: request)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["token"] as? String)
    }
}

/// Reads an HTTP/1.1 response with a chunked or a `Content-Length` body, keeping only counts
/// (not the bytes). Unchecked: one reading at a time, each awaited before the next.
final class ChunkedCounter: @unchecked Sendable {
    let descriptor: Int32
    /// The status line and headers.
    private(set) var head = ""
    private(set) var bodyBytes = 0
    /// Line feeds in the raw stream after the head (chunk framing excluded below).
    private(set) var lineBreaks = 0
    private var raw: [UInt8] = []
    private var headDone = false
    private var finished = false
    /// Parser state: bytes left in the current chunk, or nil while reading a size line.
    private var remaining: Int?
    private var sizeLine: [UInt8] = []
    private var skipCRLF = 0
    /// The declared length of a body that is not chunked.
    private var contentLength: Int?

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func read(atLeast bytes: Int, timeout: Duration) async -> Bool {
        await self.pumpOffThePool(timeout: timeout) { $0.bodyBytes >= bytes }
    }

    func readToEnd(timeout: Duration) async -> Bool {
        await self.pumpOffThePool(timeout: timeout) { $0.finished }
    }

    /// On a thread of its own: a blocking `recv` on the cooperative pool (one thread per core)
    /// would hold one of its threads for as long as the server COPYs and sends, minutes on a busy
    /// machine, and starve the other tests' in-process servers.
    private func pumpOffThePool(timeout: Duration, until done: @escaping @Sendable (ChunkedCounter) -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.pump(timeout: timeout, until: done)) }.start()
        }
    }

    private func pump(timeout: Duration, until done: (ChunkedCounter) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(self) {
            guard ContinuousClock.now < deadline else { return false }
            let count = recv(self.descriptor, &buffer, buffer.count, 0)
            if count == 0 { return done(self) }
            if count > 0 { self.consume(buffer[0..<count]) }
        }
        return true
    }

    private func consume(_ bytes: ArraySlice<UInt8>) {
        var bytes = bytes
        if !self.headDone {
            self.raw += bytes
            guard let end = self.raw.indices.dropLast(3).first(where: { self.raw[$0...($0 + 3)].elementsEqual([13, 10, 13, 10]) }) else {
                return
            }
            self.head = String(decoding: self.raw[..<end], as: UTF8.self)
            self.headDone = true
            bytes = self.raw[(end + 4)...]
            self.raw = []
            let length = self.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            self.contentLength = length.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        }
        if let length = self.contentLength {
            self.bodyBytes += bytes.count
            self.lineBreaks += bytes.lineFeedCount
            self.finished = self.bodyBytes >= length
            return
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if self.skipCRLF > 0 {
                self.skipCRLF -= 1
                index += 1
            } else if let left = self.remaining {
                let end = min(bytes.endIndex, index + left)
                let data = bytes[index..<end]
                self.bodyBytes += data.count
                self.lineBreaks += data.lineFeedCount
                index = end
                if left == data.count {
                    self.remaining = nil
                    self.skipCRLF = 2
                } else {
                    self.remaining = left - data.count
                }
            } else if bytes[index] == 10 {
                index += 1
                let text = String(decoding: self.sizeLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                self.sizeLine = []
                let size = Int(text.split(separator: ";").first ?? "", radix: 16) ?? 0
                if size == 0 {
                    self.finished = true
                } else {
                    self.remaining = size
                }
            } else {
                self.sizeLine.append(bytes[index])
                index += 1
            }
        }
    }
}
