import ArgumentParser
import Configuration

/// `debrief serve`'s e-mail flags (docs/email.md); ``ServeSettings`` reads them with the rest.
struct MailOptions: ParsableArguments, SettingFlags {
    @Option(name: SettingTable.smtpURL.longName, help: SettingTable.smtpURL.argumentHelp)
    var smtpUrl: String?

    @Option(name: SettingTable.smtpStartTLS.longName, help: SettingTable.smtpStartTLS.argumentHelp)
    var smtpStarttls: String?

    @Option(name: SettingTable.smtpCAFile.longName, help: SettingTable.smtpCAFile.argumentHelp)
    var smtpCaFile: String?

    @Option(name: SettingTable.mailFrom.longName, help: SettingTable.mailFrom.argumentHelp)
    var mailFrom: String?

    var flagValues: [String: ConfigContent?] {
        [
            SettingTable.smtpURL.key: self.smtpUrl.configContent,
            SettingTable.smtpStartTLS.key: self.smtpStarttls.configContent,
            SettingTable.smtpCAFile.key: self.smtpCaFile.configContent,
            SettingTable.mailFrom.key: self.mailFrom.configContent,
        ]
    }
}
