import Debrief
import Foundation

/// Sends one message of the outbox: the use cases' port to mail (like ``WebhookSender`` and
/// ``CompanyIdentityProvider``). The SMTP client behind it lives in the composition root
/// (DebriefApp's `SMTPMailTransport`, libcurl through the `Mail` module), so the use cases never
/// import libcurl and their tests stand in for the server (docs/decisions/0066).
public protocol MailTransport: Sendable {
    /// Sends `message` to its `to` address; never throws: what went wrong is in the result.
    func send(_ message: DeliverableMail) async -> MailDeliveryResult
}

/// Who the installation's mail comes from (`--mail-from`): the envelope sender and the `From`
/// header. Nil in ``MailActions`` means "this server sends no e-mail".
public struct MailSender: Sendable, Hashable {
    public var address: String
    public var name: String?

    public init(address: String, name: String? = nil) {
        self.address = address
        self.name = name
    }
}

/// One claimed outbox message as the transport gets it: the words rendered when it was written,
/// the sender, and a Message-ID that is the same on every attempt.
public struct DeliverableMail: Sendable, Hashable {
    public var sender: MailSender
    public var to: String
    public var subject: String
    public var text: String
    public var html: String
    /// Without angle brackets: `<id>@<domain>` (``messageID(for:from:)``).
    public var messageID: String
    public var date: Date
    /// The one-click unsubscribe link of roster mail (RFC 8058); nil for mail a person asked for.
    public var unsubscribeURL: String?

    public init(
        sender: MailSender, to: String, subject: String, text: String, html: String, messageID: String, date: Date,
        unsubscribeURL: String? = nil
    ) {
        self.sender = sender
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.date = date
        self.unsubscribeURL = unsubscribeURL
    }

    /// The Message-ID of outbox row `id` sent from `fromAddress`: the same on every retry, so
    /// receivers that deduplicate on it show a message delivered twice once.
    public static func messageID(for id: UUID, from fromAddress: String) -> String {
        let domain = fromAddress.split(separator: "@").last.map(String.init) ?? "debrief.invalid"
        return "\(id.lowercasedText)@\(domain)"
    }
}

/// What the mail server said to one message.
public struct MailDeliveryResult: Sendable, Equatable {
    /// The server accepted the message.
    public var delivered: Bool
    /// The last reply code heard when the server refused; nil when it could not be reached.
    public var replyCode: Int?
    /// The server's reply text, or why no conversation happened (never credentials).
    public var reply: String?

    public init(delivered: Bool, replyCode: Int?, reply: String?) {
        self.delivered = delivered
        self.replyCode = replyCode
        self.reply = reply
    }
}
