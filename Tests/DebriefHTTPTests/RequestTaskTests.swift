@testable import DebriefHTTP
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Synchronization
import Testing

/// ``RequestTask``: a connection's request runs in a task of its own, so what its frames took
/// goes when it ends, not with the connection.
@Suite("Each request in a task of its own")
struct RequestTaskTests {
    static func request() -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/healthz"), body: RequestBody(buffer: ByteBuffer()))
    }

    @Test func theResponderRunsInAChildTaskAndWritesThroughTheConnectionsWriter() async throws {
        let connectionTask = withUnsafeCurrentTask { $0?.hashValue }
        let requestTask = Mutex<Int?>(nil)
        let responder = RequestTask.responder { request, writer, _ in
            requestTask.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
            #expect(request.uri.path == "/healthz")
            try await writer.writeResponse(HTTPResponse(status: .noContent))
        }
        let (outbound, sink) = NIOAsyncChannelOutboundWriter<HTTPResponsePart>.makeTestingWriter()
        try await responder(Self.request(), ResponseWriter(outbound: outbound), EmbeddedChannel())

        let inChild = try #require(requestTask.withLock { $0 })
        #expect(connectionTask != nil && inChild != connectionTask, "the request ran in the connection's own task")
        var written = sink.makeAsyncIterator()
        guard case .head(let head) = try #require(await written.next()) else { Issue.record("no head first"); return }
        #expect(head.status == .noContent)
    }

    struct Refused: Error {}

    @Test func whatTheResponderThrowsReachesTheConnection() async throws {
        let responder = RequestTask.responder { _, _, _ in throw Refused() }
        let (outbound, _) = NIOAsyncChannelOutboundWriter<HTTPResponsePart>.makeTestingWriter()
        await #expect(throws: Refused.self) {
            try await responder(Self.request(), ResponseWriter(outbound: outbound), EmbeddedChannel())
        }
    }
}
