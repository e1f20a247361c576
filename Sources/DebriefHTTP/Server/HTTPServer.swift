import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP/1.1 server Debrief listens with: Hummingbird's, with idle connections closed after
/// `idleTimeout` and ``RequestDeadlineHandler`` bounding how long a request's head and body may
/// take to arrive (slow clients), and ``WriteStallHandler`` closing a connection whose client
/// stopped reading its response for `writeStallTimeout` (docs/decisions/0012-export-capacity.md),
/// and ``OpenConnectionsHandler`` giving a burst of connections' memory back once it is over;
/// each request runs in a task of its own (``RequestTask``), so an idle connection keeps no
/// request's memory.
public func httpServer(
    idleTimeout: Duration, bodyTimeout: Duration, writeStallTimeout: Duration = .seconds(30), logger: Logger
) -> HTTPServerBuilder {
    let configuration = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            RequestDeadlineHandler(headTimeout: .init(idleTimeout), bodyTimeout: .init(bodyTimeout), logger: logger),
            WriteStallHandler(timeout: .init(writeStallTimeout), logger: logger),
            OpenConnectionsHandler(),
        ],
        idleTimeout: .init(idleTimeout))
    return HTTPServerBuilder { responder in
        HTTP1Channel(responder: RequestTask.responder(responder), configuration: configuration)
    }
}
