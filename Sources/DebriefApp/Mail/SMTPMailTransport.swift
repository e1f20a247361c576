import DebriefActions
import Mail

/// The use cases' ``MailTransport`` over SMTP: each outbox message becomes a MIME
/// ``MailMessage`` and one libcurl conversation of ``SMTPClient`` (docs/decisions/0041 and 0066).
struct SMTPMailTransport: MailTransport {
    let client: SMTPClient

    init(settings: SMTPSettings, concurrency: Int) {
        self.client = SMTPClient(settings: settings, concurrency: concurrency)
    }

    func send(_ mail: DeliverableMail) async -> MailDeliveryResult {
        let message = MailMessage(
            fromAddress: mail.sender.address, fromName: mail.sender.name, to: mail.to, subject: mail.subject, text: mail.text,
            html: mail.html, messageID: mail.messageID, date: mail.date, unsubscribeURL: mail.unsubscribeURL)
        let result = await self.client.send(message)
        return MailDeliveryResult(delivered: result.delivered, replyCode: result.replyCode, reply: result.reply)
    }
}

extension SMTPSettings {
    /// Who the mail comes from: the settings' `--mail-from` address and name.
    var sender: MailSender { MailSender(address: self.from, name: self.fromName) }
}
