import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP/1.1 server Debrief listens with: Hummingbird's, with idle connections closed after
/// `idleTimeout` and ``RequestDeadlineHandler`` bounding how long a request's head and body may
/// take to arrive (slow clients), and ``WriteStallHandler`` closing a connection whose client
/// stopped reading its response for `writeStallTimeout` (docs/decisions/0012-export-capacity.md),
/// and ``OpenConnectionsHandler`` giving a burst of connections' memory back once it is over.
public func httpServer(
    idleTimeout: Duration, bodyTimeout: Duration, writeStallTimeout: Duration = .seconds(30), logger: Logger
) -> HTTPServerBuilder {
    .http1(
        configuration: .init(
            additionalChannelHandlers: [
                RequestDeadlineHandler(headTimeout: .init(idleTimeout), bodyTimeout: .init(bodyTimeout), logger: logger),
                WriteStallHandler(timeout: .init(writeStallTimeout), logger: logger),
                OpenConnectionsHandler(),
            ],
            idleTimeout: .init(idleTimeout)))
}
