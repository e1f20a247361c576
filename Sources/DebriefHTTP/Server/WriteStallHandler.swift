import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose response cannot make progress for `timeout`
/// (docs/decisions/0012-export-capacity.md).
///
/// NIO marks a channel unwritable when what waits to be sent passes its high-water mark: the
/// client's receive window and the kernel's send buffer are full. A client that reads, however
/// slowly, makes it writable again and is never cut; one that stopped reading is, after `timeout`,
/// and whatever its response held (an export's admission slot and spool file, a live stream) is
/// released with it.
final class WriteStallHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            self.disarm()
        } else if self.deadline == nil {
            let loopBound = NIOLoopBound((context, self.logger), eventLoop: context.eventLoop)
            let seconds = Double(self.timeout.nanoseconds) / 1e9
            self.deadline = context.eventLoop.scheduleTask(in: self.timeout) {
                let (context, logger) = loopBound.value
                logger.info("closing a connection whose client stopped reading its response", metadata: [
                    "stalled_seconds": "\(seconds)", "remote": "\(context.channel.remoteAddress?.description ?? "-")",
                ])
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.disarm()
    }

    private func disarm() {
        self.deadline?.cancel()
        self.deadline = nil
    }
}
