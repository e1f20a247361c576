import DebriefActions
import DebriefApp
import Mail

extension ServeSettings {
    /// E-mail: without an SMTP URL the server sends none and its pages show links to copy.
    static func readMail(_ source: SettingsSource, into app: inout AppConfiguration) throws(SettingError) {
        typealias T = SettingTable
        let url = try source.text(T.smtpURL)
        let from = try source.text(T.mailFrom)
        let startTLS = try source.word(T.smtpStartTLS).flatMap(SMTPSettings.StartTLS.init(rawValue:)) ?? .required
        let caFile = try source.text(T.smtpCAFile)
        if let url {
            guard let from else { throw SettingError(T.mailFrom, "is needed with --smtp-url (DEBRIEF_SMTP_URL)") }
            do {
                app.smtp = try SMTPSettings(url: url, from: from, fromName: "Debrief", startTLS: startTLS, caFile: caFile)
            } catch {
                throw SettingError(T.smtpURL, error.description)
            }
        }
        app.mail.retryBase = try source.interval(T.mailRetryBase)
        app.mail.maxAttempts = try source.count(T.mailMaxAttempts)
        app.mail.pollInterval = try source.interval(T.mailPoll)
        app.mail.reminderLead = try source.interval(T.mailReminderLead)
        app.admission.mail = MailCaps(
            perAccountPerHour: try source.count(T.mailLimitPerAccountPerHour), rosterStartPerDay: try source.count(T.mailRosterStartPerDay),
            rosterMaxPerDay: try source.count(T.mailRosterMaxPerDay))
    }
}
