/// E-mail (docs/email.md) and company sign-in (docs/sign-in.md).
extension SettingTable {
    static let smtpURL = Setting(
        flag: "smtp-url", variable: "DEBRIEF_SMTP_URL", kind: .text, defaultValue: .absent("none: no e-mail, the pages show links to copy"),
        help: "SMTP server for e-mail: `smtp://[user:password@]host:port` (STARTTLS) or `smtps://…` (TLS from the start).",
        docsNote: "see [E-mail](email.md)", isSecret: true)
    static let smtpStartTLS = Setting(
        flag: "smtp-starttls", variable: "DEBRIEF_SMTP_STARTTLS", kind: .choice(["required", "none"]), defaultValue: .word("required"),
        help: "STARTTLS on smtp:// URLs: `required` (refuse to send in the clear) or `none` (a relay on this host).")
    static let smtpCAFile = Setting(
        flag: "smtp-ca-file", variable: "DEBRIEF_SMTP_CA_FILE", kind: .text, defaultValue: .absent("the system's authorities"),
        help: "PEM file of the certificate authorities to trust for the SMTP server (the certificate is always verified).")
    static let mailFrom = Setting(
        flag: "mail-from", variable: "DEBRIEF_MAIL_FROM", kind: .text, defaultValue: .absent("none (required with `--smtp-url`)"),
        help: "Sender address of e-mail.")
    static let mailMaxAttempts = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_MAX_ATTEMPTS", kind: .integer(1...100), defaultValue: .integer(8),
        help: "Mail outbox: tries per message.")
    static let mailRetryBase = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_RETRY_BASE_MS", kind: .milliseconds(1...86_400_000), defaultValue: .integer(60_000),
        help: "Mail outbox: the first retry delay (doubling up to an hour).")
    static let mailPoll = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_POLL_MS", kind: .milliseconds(1...3_600_000), defaultValue: .integer(5000),
        help: "Mail outbox: how often it looks for due messages.")
    static let mailReminderLead = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_REMINDER_LEAD_SECONDS", kind: .seconds(1...31_536_000), defaultValue: .integer(86_400),
        help: "The lead the roster's reminder form suggests (whole hours); the host chooses and turns the reminder on.")
    static let mailLimitPerAccountPerHour = Setting(
        flag: nil, variable: "DEBRIEF_MAIL_LIMIT_PER_ACCOUNT_PER_HOUR", kind: .integer(1...1_000_000), defaultValue: .integer(300),
        help: "Messages per account per hour (invitations, roster mail).")
    static let oidcIssuer = Setting(
        flag: "oidc-issuer", variable: "DEBRIEF_OIDC_ISSUER", kind: .text, defaultValue: .absent("none (no company sign-in)"),
        help: "Issuer URL of the company's OpenID Connect provider (https; plain http only for a loopback host).",
        docsNote: "see [Company sign-in](sign-in.md)")
    static let oidcClientID = Setting(
        flag: "oidc-client-id", variable: "DEBRIEF_OIDC_CLIENT_ID", kind: .text, defaultValue: .absent("none (required with `--oidc-issuer`)"),
        help: "Client id Debrief is registered with at the provider (its redirect URI: `PUBLIC_URL/signin/company/callback`).")
    static let oidcClientSecretFile = Setting(
        flag: "oidc-client-secret-file", variable: "DEBRIEF_OIDC_CLIENT_SECRET_FILE", kind: .text,
        defaultValue: .absent("none (else `DEBRIEF_OIDC_CLIENT_SECRET`)"),
        help: "File holding the client secret.")
    static let oidcClientSecret = Setting(
        flag: nil, variable: "DEBRIEF_OIDC_CLIENT_SECRET", kind: .text, defaultValue: .absent("none"),
        help: "The client secret itself (never a flag: flags show in `ps`).", isSecret: true)
    static let oidcName = Setting(
        flag: "oidc-name", variable: "DEBRIEF_OIDC_NAME", kind: .text, defaultValue: .word("your company account"),
        help: "The provider's name on the sign-in page (\"Sign in with NAME\"), 1 to 60 characters.")
    static let oidcCreateAccounts = Setting(
        flag: "oidc-create-accounts", variable: "DEBRIEF_OIDC_CREATE_ACCOUNTS", kind: .yesNo, defaultValue: .word("no"),
        help: "`yes`: a verified e-mail no account has gets a host account on its first company sign-in.")
    static let oidcOnly = Setting(
        flag: "oidc-only", variable: "DEBRIEF_OIDC_ONLY", kind: .yesNo, defaultValue: .word("no"),
        help: "`yes`: company sign-in only; passwords sign in administrators only (break-glass) and nobody signs up with one.")
    static let oidcGroupsClaim = Setting(
        flag: "oidc-groups-claim", variable: "DEBRIEF_OIDC_GROUPS_CLAIM", kind: .text, defaultValue: .absent("none (sign-in touches no team)"),
        help: "The ID token (or UserInfo) claim listing the person's groups (`groups`); each sign-in makes their team memberships from it follow it.",
        docsNote: "see [Company sign-in](sign-in.md#team-members-from-the-provider)")
    static let oidcTeams = Setting(
        flag: "oidc-teams", variable: "DEBRIEF_OIDC_TEAMS", kind: .text, defaultValue: .absent("none (required with `--oidc-groups-claim`)"),
        help: "Which team each claim value gives: `VALUE=TEAM-ID:ROLE` entries (role admin, editor or viewer, default viewer) separated by `;`.")
    static let oidcMetadataSeconds = Setting(
        flag: nil, variable: "DEBRIEF_OIDC_METADATA_SECONDS", kind: .seconds(0...604_800), defaultValue: .integer(3600),
        help: "How long the provider's discovery document and key set are cached.")
    static let oidcKeyRefetchSeconds = Setting(
        flag: nil, variable: "DEBRIEF_OIDC_KEY_REFETCH_SECONDS", kind: .seconds(0...86_400), defaultValue: .integer(30),
        help: "The least time between two key set fetches caused by an unknown key id.")
    static let oidcTimeoutSeconds = Setting(
        flag: nil, variable: "DEBRIEF_OIDC_TIMEOUT_SECONDS", kind: .seconds(1...300), defaultValue: .integer(10),
        help: "The longest one call to the provider may take.")
}
