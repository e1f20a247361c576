extension SettingTable {
    static let mailRosterStartPerDay = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_ROSTER_START_PER_DAY", kind: .integer(0...1_000_000), defaultValue: .integer(50),
        help: "Roster messages (participant links, reminders) a new account may write per day; each one it delivered more than a day ago to an address that kept subscribed adds one.",
        docsNote: "[decision 56](decisions/0056-roster-mail-is-not-a-relay.md)")
    static let mailRosterMaxPerDay = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_ROSTER_MAX_PER_DAY", kind: .integer(0...1_000_000), defaultValue: .integer(2000),
        help: "The most an account's daily roster allowance grows to by use; `debrief admin mail-allowance` sets any account's outright.")
}
