/// Every setting of `debrief serve`, in the order docs/configuration.md lists them. The
/// declarations live in the `SettingTable+…` files by subject; this list is the one
/// `--help`'s texts, the docs' table (ConfigurationDocsTests) and the environment's key mapping
/// are made from.
enum SettingTable {
    static let all: [Setting] = [
        configFile,
        databaseURL, dataDir, host, port, publicURL, poolSize, poolTimeout, statementTimeout,
        maxBodyBytes, idleTimeout, bodyTimeout, writeStallTimeout,
        exportLimitPerAccount, exportLimit, exportSpoolMaxBytes, shutdownTimeout,
        bcryptCost, signup, corsOrigins, embedOrigins, replicaURL, replicaMaxLag, resultsStaleness, tokenCache, trustedProxies,
        rateLimitPerAddress, rateLimitAddressBurst, rateLimitPerForm, rateLimitFormBurst,
        liveStreamsPerAccount, liveStreamsPerAddress, liveStreamsLimit,
        participantLiveStreamsPerAddress, participantLiveStreamsPerForm, participantLiveStreamsLimit, signupLimitPerAddress, liveCheckSeconds,
        notifyCoalesce, submitBatches, submitBatchStall, submitBatchSize,
        metricsPort, metricsHost,
        webhookAllowInsecureHosts, webhookRetryBase, webhookRetryCap, webhookRetryWindow, webhookPoll, webhookTimeout,
        webhookEndpointsPerAccount, webhookRedeliveriesPerEndpoint, webhookConcurrencyPerAccount,
        smtpURL, smtpStartTLS, smtpCAFile, mailFrom, mailMaxAttempts, mailRetryBase, mailPoll, mailReminderLead, mailLimitPerAccountPerHour,
        mailRosterStartPerDay, mailRosterMaxPerDay,
        oidcIssuer, oidcClientID, oidcClientSecretFile, oidcClientSecret, oidcName, oidcCreateAccounts, oidcOnly,
        oidcGroupsClaim, oidcTeams,
        oidcMetadataSeconds, oidcKeyRefetchSeconds, oidcTimeoutSeconds,
        auditRetentionDays,
        logLevel, logFormat,
    ]

    /// The environment variable of each key, for the environment provider's key mapping.
    static let variablesByKey: [String: String] = Dictionary(all.map { ($0.key, $0.variable) }, uniquingKeysWith: { first, _ in first })

    /// The JSON file of settings, named by a flag or the environment only (not by itself).
    static let configFile = Setting(
        flag: "config-file", variable: "DEBRIEF_CONFIG_FILE", kind: .text, defaultValue: .absent("none"),
        help: "JSON file of settings: an object whose keys are the flags without their dashes (`port`), or for settings without a flag the variable without `DEBRIEF_` in lower case with dashes (`live-check-seconds`); flags and the environment win over it.")
}
