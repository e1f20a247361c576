import DebriefStore
import Logging
import ServiceLifecycle

/// Queues the chat digests the clock makes due (``ChatChannelStore/queueDue()``): the digest of a
/// form whose `closesAt` passed, and the daily digests of channels that asked for them. Once a
/// minute and at start; several instances may run it at once (the digest keys keep each digest
/// queued once). The webhook delivery service sends what it queues.
public struct ChatDigestService: Service {
    let channels: ChatChannelStore
    let interval: Duration
    let logger: Logger

    public init(channels: ChatChannelStore, interval: Duration = .seconds(60), logger: Logger) {
        self.channels = channels
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        repeat {
            do {
                let queued = try await self.channels.queueDue()
                if queued > 0 { self.logger.info("queued chat digests", metadata: ["count": "\(queued)"]) }
            } catch {
                self.logger.warning("could not queue chat digests", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }) != nil
    }
}
