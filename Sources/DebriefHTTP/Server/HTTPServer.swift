import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The HTTP/1.1 server Debrief listens with: Hummingbird's, with idle connections closed after
/// `idleTimeout` and ``RequestDeadlineHandler`` bounding how long a request's head and body may
/// take to arrive (slow clients).
public func httpServer(idleTimeout: Duration, bodyTimeout: Duration, logger: Logger) -> HTTPServerBuilder {
    .http1(
        configuration: .init(
            additionalChannelHandlers: [
                RequestDeadlineHandler(headTimeout: .init(idleTimeout), bodyTimeout: .init(bodyTimeout), logger: logger)
            ],
            idleTimeout: .init(idleTimeout)))
}
