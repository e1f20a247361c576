import ArgumentParser
import Configuration

/// `debrief serve`'s company sign-in flags (OpenID Connect, docs/sign-in.md); the client secret
/// itself is never a flag (flags show in `ps`). ``CompanySignInReading`` reads them.
struct CompanySignInOptions: ParsableArguments, SettingFlags {
    @Option(name: SettingTable.oidcIssuer.longName, help: SettingTable.oidcIssuer.argumentHelp)
    var oidcIssuer: String?

    @Option(name: SettingTable.oidcClientID.longName, help: SettingTable.oidcClientID.argumentHelp)
    var oidcClientId: String?

    @Option(name: SettingTable.oidcClientSecretFile.longName, help: SettingTable.oidcClientSecretFile.argumentHelp)
    var oidcClientSecretFile: String?

    @Option(name: SettingTable.oidcName.longName, help: SettingTable.oidcName.argumentHelp)
    var oidcName: String?

    @Option(name: SettingTable.oidcCreateAccounts.longName, help: SettingTable.oidcCreateAccounts.argumentHelp)
    var oidcCreateAccounts: String?

    @Option(name: SettingTable.oidcOnly.longName, help: SettingTable.oidcOnly.argumentHelp)
    var oidcOnly: String?

    @Option(name: SettingTable.oidcGroupsClaim.longName, help: SettingTable.oidcGroupsClaim.argumentHelp)
    var oidcGroupsClaim: String?

    @Option(name: SettingTable.oidcTeams.longName, help: SettingTable.oidcTeams.argumentHelp)
    var oidcTeams: String?

    var flagValues: [String: ConfigContent?] {
        [
            SettingTable.oidcIssuer.key: self.oidcIssuer.configContent,
            SettingTable.oidcClientID.key: self.oidcClientId.configContent,
            SettingTable.oidcClientSecretFile.key: self.oidcClientSecretFile.configContent,
            SettingTable.oidcName.key: self.oidcName.configContent,
            SettingTable.oidcCreateAccounts.key: self.oidcCreateAccounts.yesNoContent,
            SettingTable.oidcOnly.key: self.oidcOnly.yesNoContent,
            SettingTable.oidcGroupsClaim.key: self.oidcGroupsClaim.configContent,
            SettingTable.oidcTeams.key: self.oidcTeams.configContent,
        ]
    }
}
