/// The read record (docs/decisions/0091-the-read-record.md).
extension SettingTable {
    static let auditRetentionDays = Setting(
        flag: nil, variable: "DEBRIEF_AUDIT_RETENTION_DAYS", kind: .integer(1...36_500), defaultValue: .integer(400),
        help: "Days the read record (who read answers, exported, shared, transferred or signed in as an admin) keeps a row; older rows are deleted hourly.",
        docsNote: "[decision 91](decisions/0091-the-read-record.md)")
}
