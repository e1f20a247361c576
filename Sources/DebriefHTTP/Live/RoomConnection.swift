import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// A viewer's connection as its ``LiveRoom`` writes to it: each event enters the connection's
/// pipeline just before NIO's HTTP/1 response encoder, already framed as the chunk that encoder
/// would make of it.
///
/// Why: at 5,000 viewers a room writes thousands of events a second, and written at the
/// pipeline's tail each one passed six handlers, was boxed twice and had its chunk header
/// allocated — 38 % of a room's write was that, the rest the kernel's `writev` (issue 37, `perf`
/// of `scripts/bench-viewers`). The handlers skipped have nothing to do with a body part of a
/// response under way: Hummingbird's connection state handler counts requests, the deadline and
/// write-stall handlers watch reads and writability, NIOHTTPTypes' codec turns a body part into
/// the same bytes, and NIO's pipelining handler only holds back the responses of pipelined
/// requests (a live stream's head went through it first, through Hummingbird's writer). Every
/// HTTP/1 response Hummingbird writes is HTTP/1.1 (NIOHTTPTypesHTTP1's conversion) and a live
/// stream has no length, so the encoder chunks it: the room writes chunks the same way.
///
/// The room holds the response from its head on: the request's task has ended (so has the memory
/// its frames took, ``RequestTask``), and the connection's task waits for the next request. So
/// that none is read and answered in the middle of the stream (a client pipelining after it), the
/// connection reads nothing while held; a viewer hanging up is still noticed at once (NIO watches
/// for the peer's end of input whether it reads or not). The stream's end — the `end` event and
/// the response's last chunk — enters at the pipeline's tail, through every handler, as
/// Hummingbird's writer would have written it: the connection's state handler sees the response
/// end (a keep-alive connection goes idle, a quiescing one closes) and reading resumes.
///
/// A connection without that encoder (a test channel) is written at the tail, as a body part.
struct RoomConnection {
    let channel: any Channel
    private let encoder: ChannelHandlerContext?

    /// Call on the channel's event loop, once the response's head and preamble were written.
    init(holding channel: any Channel) {
        self.channel = channel
        self.encoder = try? channel.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
        self.setReading(false)
    }

    /// Writes and flushes one event: one pass from the encoder to the pipeline's head, no promise.
    func write(_ frame: RoomFrame) {
        if let encoder = self.encoder {
            encoder.writeAndFlush(NIOAny(IOData.byteBuffer(frame.chunk)), promise: nil)
        } else {
            self.channel.write(HTTPResponsePart.body(frame.message), promise: nil)
            self.channel.flush()
        }
    }

    /// Ends the stream with an `end` event naming `reason`, and the response with it.
    func finish(reason: String) {
        let event = ByteBuffer(string: LiveResultsController.format(name: "end", ["reason": reason]))
        self.channel.write(HTTPResponsePart.body(event), promise: nil)
        self.channel.writeAndFlush(HTTPResponsePart.end(nil), promise: nil)
        self.setReading(true)
    }

    private func setReading(_ reading: Bool) {
        // Fails only on a closed channel, which has nothing left to read.
        try? self.channel.syncOptions?.setOption(ChannelOptions.autoRead, value: reading)
    }
}

/// An event's bytes as a room writes them, made once per room and event: the message, and the
/// same bytes framed as an HTTP/1.1 chunk (its size in hex, CRLF, the bytes, CRLF).
struct RoomFrame {
    let message: ByteBuffer
    let chunk: ByteBuffer

    init(_ message: ByteBuffer) {
        self.message = message
        let size = String(message.readableBytes, radix: 16)
        var chunk = ByteBuffer()
        chunk.reserveCapacity(size.utf8.count + message.readableBytes + 4)
        chunk.writeString(size)
        chunk.writeStaticString("\r\n")
        chunk.writeImmutableBuffer(message)
        chunk.writeStaticString("\r\n")
        self.chunk = chunk
    }
}
