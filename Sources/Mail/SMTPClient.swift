import Foundation
import NIOPosix

/// What the server said to one message.
public struct SMTPResult: Sendable, Equatable {
    /// The server accepted the message (250 after DATA).
    public var delivered: Bool
    /// The last SMTP reply code heard when the server refused; nil when it could not be reached.
    public var replyCode: Int?
    /// The server's reply text, or why no conversation happened (never credentials).
    public var reply: String?

    public init(delivered: Bool, replyCode: Int?, reply: String?) {
        self.delivered = delivered
        self.replyCode = replyCode
        self.reply = reply
    }
}

/// Sends messages over SMTP with libcurl. libcurl blocks, so every conversation runs on this
/// client's own thread pool, never on an event loop or the cooperative pool (like `PQ`).
public final class SMTPClient: Sendable {
    public let settings: SMTPSettings
    let threadPool: NIOThreadPool

    /// `concurrency`: conversations at once (each holds a thread for its whole length).
    public init(settings: SMTPSettings, concurrency: Int = 4) {
        self.settings = settings
        self.threadPool = NIOThreadPool(numberOfThreads: max(1, concurrency))
        self.threadPool.start()
    }

    /// Sends `message` to its `to` address; the result says whether the server took it.
    public func send(_ message: MailMessage) async -> SMTPResult {
        let data = Array(message.rendered().utf8)
        let settings = self.settings
        do {
            return try await self.threadPool.runIfActive {
                CurlSMTP.send(data, from: settings.from, to: message.to, settings: settings)
            }
        } catch {
            return SMTPResult(delivered: false, replyCode: nil, reply: "the mail client is stopping")
        }
    }

    public func shutdown() async {
        try? await self.threadPool.shutdownGracefully()
    }
}
