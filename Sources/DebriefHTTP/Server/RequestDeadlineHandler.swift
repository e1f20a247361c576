import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow to send its request.
///
/// Hummingbird's idle timeout is a *read* timeout: any byte resets it, so a client that trickles a
/// header line or a few body bytes every few seconds (slowloris, R-U-Dead-Yet) could hold a
/// connection for ever. This handler sets deadlines instead:
/// - the next request's head must be complete within `headTimeout` of the connection opening or
///   of the previous response ending (the keep-alive wait);
/// - once the head is in, the whole body must arrive within `bodyTimeout`.
/// Nothing runs while a response is being produced or streamed, so exports and live streams are
/// not affected.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?
    /// Requests whose head arrived and whose response has not ended (more than one when pipelined).
    private var requestsInProgress = 0

    init(headTimeout: TimeAmount, bodyTimeout: TimeAmount, logger: Logger) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { self.arm(self.headTimeout, waitingFor: "request head", context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        self.arm(self.headTimeout, waitingFor: "request head", context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch self.unwrapInboundIn(data) {
        case .head:
            self.requestsInProgress += 1
            self.arm(self.bodyTimeout, waitingFor: "request body", context: context)
        case .end:
            // A response sent before the body was read (401, 413) already ended its request: the
            // wait for the next head starts now.
            if self.requestsInProgress == 0 {
                self.arm(self.headTimeout, waitingFor: "request head", context: context)
            } else {
                self.disarm()
            }
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = self.unwrapOutboundIn(data) {
            self.requestsInProgress = max(0, self.requestsInProgress - 1)
            if self.requestsInProgress == 0 { self.arm(self.headTimeout, waitingFor: "request head", context: context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ timeout: TimeAmount, waitingFor what: String, context: ChannelHandlerContext) {
        self.disarm()
        let loopBound = NIOLoopBound((context, self.logger), eventLoop: context.eventLoop)
        self.deadline = context.eventLoop.scheduleTask(in: timeout) {
            let (context, logger) = loopBound.value
            logger.info("closing a connection too slow to send its request", metadata: [
                "waiting_for": "\(what)", "remote": "\(context.channel.remoteAddress?.description ?? "-")",
            ])
            context.close(promise: nil)
        }
    }

    private func disarm() {
        self.deadline?.cancel()
        self.deadline = nil
    }
}
