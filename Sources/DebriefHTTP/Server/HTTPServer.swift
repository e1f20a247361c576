import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP/1.1 server Debrief listens with: Hummingbird's, with ``RequestDeadlineHandler``
/// closing idle connections after `idleTimeout` and bounding how long a request's head and body may
/// take to arrive (slow clients), and ``WriteStallHandler`` closing a connection whose client
/// stopped reading its response for `writeStallTimeout` (docs/decisions/0012-export-capacity.md),
/// and ``OpenConnectionsHandler`` giving a burst of connections' memory back once it is over;
/// each request runs in a task of its own (``RequestTask``), so an idle connection keeps no
/// request's memory.
///
/// Hummingbird's own idle timeout is off: ``RequestDeadlineHandler``'s wait for the next head is the
/// same bound (and stricter: a trickled byte does not reset it), and Hummingbird's is one more timer
/// a connection, 10,000 of them with a room of 10,000 phones. NIO cancels a timer by searching its
/// loop's timers one by one, so each timer held made every cancel on the loop slower: a request's
/// two deadline cancels scanned the whole room's timers (docs/decisions/0107-the-rooms-write-path.md).
public func httpServer(
    idleTimeout: Duration, bodyTimeout: Duration, writeStallTimeout: Duration = .seconds(30), logger: Logger
) -> HTTPServerBuilder {
    let configuration = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            RequestDeadlineHandler(headTimeout: .init(idleTimeout), bodyTimeout: .init(bodyTimeout), logger: logger),
            WriteStallHandler(timeout: .init(writeStallTimeout), logger: logger),
            OpenConnectionsHandler(),
        ],
        idleTimeout: nil)
    return HTTPServerBuilder { responder in
        HTTP1Channel(responder: RequestTask.responder(responder), configuration: configuration)
    }
}
