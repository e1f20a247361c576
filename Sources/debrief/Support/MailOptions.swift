import ArgumentParser
import DebriefActions
import DebriefApp
import Mail

/// `debrief serve`'s e-mail flags (docs/email.md). Without `--smtp-url` the server sends no mail
/// and its pages show links to copy instead.
struct MailOptions: ParsableArguments {
    @Option(help: "SMTP server for e-mail: smtp://[user:password@]host:port (STARTTLS) or smtps://… (TLS from the start). Env: DEBRIEF_SMTP_URL. Default: none (no e-mail; the pages show links to copy).")
    var smtpUrl: String?

    @Option(help: "STARTTLS on smtp:// URLs: required (refuse to send in the clear) or none (a relay on this host). Env: DEBRIEF_SMTP_STARTTLS. Default: required.")
    var smtpStarttls: String?

    @Option(help: "PEM file of the certificate authorities to trust for the SMTP server instead of the system's. Env: DEBRIEF_SMTP_CA_FILE. Default: the system's.")
    var smtpCaFile: String?

    @Option(help: "Sender address of e-mail (needed with --smtp-url). Env: DEBRIEF_MAIL_FROM.")
    var mailFrom: String?

    /// The settings, or nil without an SMTP URL; a bad value is a `ValidationError` (exit 2).
    func settings() throws -> SMTPSettings? {
        guard let url = self.smtpUrl ?? Env.string("DEBRIEF_SMTP_URL") else { return nil }
        guard let from = self.mailFrom ?? Env.string("DEBRIEF_MAIL_FROM") else {
            throw ValidationError("--mail-from (or DEBRIEF_MAIL_FROM) is needed with --smtp-url")
        }
        let rawTLS = self.smtpStarttls ?? Env.string("DEBRIEF_SMTP_STARTTLS") ?? "required"
        guard let startTLS = SMTPSettings.StartTLS(rawValue: rawTLS) else {
            throw ValidationError("--smtp-starttls must be required or none")
        }
        do {
            return try SMTPSettings(
                url: url, from: from, fromName: "Debrief", startTLS: startTLS, caFile: self.smtpCaFile ?? Env.string("DEBRIEF_SMTP_CA_FILE"))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Fills the e-mail settings; the tuning knobs are environment only (tests shorten them).
    func apply(to configuration: inout AppConfiguration) throws {
        configuration.mail.smtp = try self.settings()
        func positive(_ name: String) -> Int? { Env.int(name).flatMap { $0 > 0 ? $0 : nil } }
        if let ms = positive("DEBRIEF_MAIL_RETRY_BASE_MS") { configuration.mail.retryBase = .milliseconds(ms) }
        if let n = positive("DEBRIEF_MAIL_MAX_ATTEMPTS") { configuration.mail.maxAttempts = min(n, 100) }
        if let ms = positive("DEBRIEF_MAIL_POLL_MS") { configuration.mail.pollInterval = .milliseconds(ms) }
        if let s = positive("DEBRIEF_MAIL_REMINDER_LEAD_SECONDS") { configuration.mail.reminderLead = .seconds(s) }
        if let n = positive("DEBRIEF_MAIL_LIMIT_PER_ACCOUNT_PER_HOUR") { configuration.admission.mail = MailCaps(perAccountPerHour: n) }
    }
}
