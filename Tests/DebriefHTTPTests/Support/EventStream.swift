import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A Server-Sent Events response read over a real socket as it arrives: for live streams, whose
/// body never ends by itself. Everything received is kept as text (`received`).
final class EventStream: Sendable {
    private let channel: any Channel
    private let text = Mutex("")
    private let closed = Mutex(false)

    private init(channel: any Channel) {
        self.channel = channel
    }

    /// Opens `GET path` on 127.0.0.1:`port`, with `headers` (`Authorization: Bearer …` for a host's stream).
    static func open(_ path: String, port: Int, headers: [String] = []) async throws -> EventStream {
        let collector = Collector()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(collector) } }
            .connect(host: "127.0.0.1", port: port).get()
        let stream = EventStream(channel: channel)
        collector.stream.withLock { $0 = stream }
        try await channel.writeAndFlush(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n"))
        return stream
    }

    var received: String { self.text.withLock { $0 } }
    var isClosed: Bool { self.closed.withLock { $0 } }

    /// Waits up to `timeout` for what was received to satisfy `condition`. Every caller waits for
    /// something that must come, so the default only ends a broken run: two minutes, which a busy
    /// machine's delay cannot reach (waiting longer never fails a correct test).
    func wait(for timeout: Duration = .seconds(120), until condition: (String) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self.received) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(self.received)
    }

    /// The body after the response head, decoded as HTTP/1.1 chunks (each its size in hex, CRLF,
    /// its bytes, CRLF; the last one empty); nil when what was received is not that framing. A
    /// chunk not yet received whole is left out.
    var chunks: [String]? {
        let bytes = Array(self.received.utf8)
        let crlf: [UInt8] = [13, 10]
        guard var index = bytes.firstRange(of: crlf + crlf)?.upperBound else { return nil }
        var chunks: [String] = []
        while index < bytes.count, let line = bytes[index...].firstRange(of: crlf) {
            guard let size = Int(String(decoding: bytes[index..<line.lowerBound], as: UTF8.self), radix: 16) else { return nil }
            let start = line.upperBound
            guard start + size + 2 <= bytes.count else { break }
            guard Array(bytes[(start + size)..<(start + size + 2)]) == crlf else { return nil }
            chunks.append(String(decoding: bytes[start..<(start + size)], as: UTF8.self))
            index = start + size + 2
            if size == 0 { break }
        }
        return chunks
    }

    /// How many times `needle` was received.
    func count(_ needle: String) -> Int { self.received.components(separatedBy: needle).count - 1 }

    /// Writes `text` on the connection as it is (a request pipelined behind the stream's).
    func send(_ text: String) async throws {
        try await self.channel.writeAndFlush(ByteBuffer(string: text))
    }

    func close() async {
        try? await self.channel.close()
    }

    private final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let stream = Mutex<EventStream?>(nil)

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let chunk = String(buffer: Self.unwrapInboundIn(data))
            self.stream.withLock { $0 }?.text.withLock { $0 += chunk }
        }

        func channelInactive(context: ChannelHandlerContext) {
            self.stream.withLock { $0 }?.closed.withLock { $0 = true }
            context.fireChannelInactive()
        }
    }
}
