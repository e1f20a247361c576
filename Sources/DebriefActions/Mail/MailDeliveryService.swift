import Debrief
import DebriefStore
import Foundation
import Logging
import ServiceLifecycle

/// Sends the e-mail outbox (docs/decisions/0041-smtp-client.md): each worker claims the oldest
/// due message, talks SMTP while holding its row, and records the outcome in the claiming
/// transaction — sent, due again after a backoff, or given up after ``MailSettings/maxAttempts``
/// with the server's reply (or why it could not be reached) as the reason. At least once: a crash
/// after the server took the message but before the commit sends it again, with the same
/// Message-ID, which receivers deduplicate on.
public struct MailDeliveryService: Service {
    let outbox: MailOutbox
    let transport: any MailTransport
    let settings: MailSettings
    let sender: MailSender
    let logger: Logger

    public init(outbox: MailOutbox, transport: any MailTransport, settings: MailSettings, sender: MailSender, logger: Logger) {
        self.outbox = outbox
        self.transport = transport
        self.settings = settings
        self.sender = sender
        self.logger = logger
    }

    public func run() async throws {
        await withDiscardingTaskGroup { group in
            for _ in 0..<max(1, self.settings.concurrency) {
                group.addTask {
                    while !Task.isCancelled, !Task.isShuttingDownGracefully {
                        let worked = (try? await self.sendOne()) ?? false
                        if !worked {
                            _ = try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.settings.pollInterval) }
                        }
                    }
                }
            }
        }
    }

    /// Sends every message due when it starts, once (tests and tools); a retry it schedules is left
    /// for a later round however short its delay. Returns how many were attempted.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let round = Date()
        var count = 0
        while try await self.sendOne(dueBy: round) { count += 1 }
        return count
    }

    func sendOne(dueBy: Date? = nil) async throws -> Bool {
        do {
            return try await self.outbox.withNextDue(dueBy: dueBy) { claimed in await self.attempt(claimed) }
        } catch {
            self.logger.warning("could not claim an outgoing message", metadata: ["error": "\(error)"])
            throw error
        }
    }

    func attempt(_ claimed: MailOutbox.Claimed) async -> MailOutbox.Outcome {
        // An address stored before EmailAddress refused header syntax (a roster member's
        // `Ana <ana@…>`, a list) would reach the To: header and the envelope: given up unsent,
        // the reason in the host's delivery log.
        if case .failure(let problem) = EmailAddress.parse(claimed.recipient) {
            self.logger.info("gave up an outgoing message to an invalid address", metadata: ["message": "\(claimed.id)"])
            return .giveUp(code: nil, reason: "not sent: the address \(problem.message)")
        }
        let message = DeliverableMail(
            sender: self.sender, to: claimed.recipient, subject: claimed.subject, text: claimed.text, html: claimed.html,
            messageID: DeliverableMail.messageID(for: claimed.id, from: self.sender.address), date: claimed.createdAt,
            unsubscribeURL: claimed.unsubscribeURL)
        let result = await self.transport.send(message)
        if result.delivered { return .sent(code: result.replyCode, reply: result.reply) }
        let reason = result.reply ?? "failed"
        let attempts = claimed.attempts + 1
        // The recipient's address never reaches the log; the outbox id and the reason do.
        self.logger.info(
            attempts >= self.settings.maxAttempts ? "gave up an outgoing message" : "an outgoing message failed; will retry",
            metadata: ["message": "\(claimed.id)", "attempt": "\(attempts)", "code": "\(result.replyCode ?? 0)", "reason": "\(reason)"])
        if attempts >= self.settings.maxAttempts {
            return .giveUp(code: result.replyCode, reason: "gave up after \(attempts) attempts: \(reason)")
        }
        return .retry(after: self.settings.retryDelay(afterAttempts: attempts), code: result.replyCode, reason: reason)
    }
}
