/// Webhook delivery.
extension SettingTable {
    static let webhookAllowInsecureHosts = Setting(
        flag: "webhook-allow-insecure-hosts", variable: "DEBRIEF_WEBHOOK_ALLOW_INSECURE_HOSTS", kind: .text,
        defaultValue: .absent("none (https to public addresses only)"),
        help: "Comma-separated hosts (names or addresses, e.g. `127.0.0.1`) webhooks may reach over plain http and at private or loopback addresses.",
        docsNote: "see [Webhooks](operating.md#webhooks)")
    static let webhookRetryBase = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_RETRY_BASE_MS", kind: .milliseconds(1...86_400_000), defaultValue: .integer(30_000),
        help: "Webhook backoff: the first delay.")
    static let webhookRetryCap = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_RETRY_CAP_MS", kind: .milliseconds(1...604_800_000), defaultValue: .integer(14_400_000),
        help: "Webhook backoff: the longest delay (4 h).")
    static let webhookRetryWindow = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_RETRY_WINDOW_SECONDS", kind: .seconds(1...31_536_000), defaultValue: .integer(259_200),
        help: "How long an endpoint may fail before it is disabled (3 days).")
    static let webhookPoll = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_POLL_MS", kind: .milliseconds(1...3_600_000), defaultValue: .integer(1000),
        help: "How often the delivery service looks for due deliveries.")
    static let webhookTimeout = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_TIMEOUT_SECONDS", kind: .seconds(1...300), defaultValue: .integer(10),
        help: "The longest one webhook request may take.")
    static let webhookEndpointsPerAccount = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_ENDPOINTS_PER_ACCOUNT", kind: .integer(1...1_000_000), defaultValue: .integer(20),
        help: "Webhook endpoints per account (422 beyond).")
    static let webhookRedeliveriesPerEndpoint = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_REDELIVERIES_PER_ENDPOINT", kind: .integer(1...1_000_000), defaultValue: .integer(10),
        help: "Manual redeliveries waiting per endpoint (409 beyond).")
    static let webhookConcurrencyPerAccount = Setting(
        flag: nil, variable: "DEBRIEF_WEBHOOK_CONCURRENCY_PER_ACCOUNT", kind: .integer(1...1_000_000), defaultValue: .integer(2),
        help: "Webhook deliveries in flight per account across instances.")
}
