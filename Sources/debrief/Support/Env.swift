import Debrief
import DebriefApp
import DebriefHTTP
import DebriefStore
import Foundation

/// Reads environment variables; empty values count as unset.
enum Env {
    static func string(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func int(_ name: String) -> Int? {
        string(name).flatMap { Int($0) }
    }
}

extension Env {
    /// The participant routes' rate limits: the defaults, overridden by
    /// `DEBRIEF_RATE_LIMIT_PER_ADDRESS`, `DEBRIEF_RATE_LIMIT_ADDRESS_BURST`,
    /// `DEBRIEF_RATE_LIMIT_PER_FORM` and `DEBRIEF_RATE_LIMIT_FORM_BURST` (non-negative numbers; a
    /// rate of 0 switches that limit off; anything else keeps the default).
    static func participantRateLimits(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RateLimitSettings {
        func number(_ name: String) -> Double? {
            environment[name].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        }
        let defaults = RateLimitSettings()
        return RateLimitSettings(
            perAddress: RateLimitRate(
                perSecond: number("DEBRIEF_RATE_LIMIT_PER_ADDRESS") ?? defaults.perAddress.perSecond,
                burst: number("DEBRIEF_RATE_LIMIT_ADDRESS_BURST") ?? defaults.perAddress.burst),
            perForm: RateLimitRate(
                perSecond: number("DEBRIEF_RATE_LIMIT_PER_FORM") ?? defaults.perForm.perSecond,
                burst: number("DEBRIEF_RATE_LIMIT_FORM_BURST") ?? defaults.perForm.burst))
    }

    /// `DEBRIEF_NOTIFY_COALESCE_MS`: milliseconds between coalesced live-results notifications
    /// (default 50, at most 10,000); 0 notifies inside each transaction.
    static func resultsNotification() -> ResultsNotifier.Mode {
        guard let milliseconds = int("DEBRIEF_NOTIFY_COALESCE_MS"), milliseconds >= 0 else { return .standard }
        return milliseconds == 0 ? .inTransaction : .coalesced(.milliseconds(min(milliseconds, 10_000)))
    }

    /// `DEBRIEF_SUBMIT_BATCHES` (group commits in flight at once, default 4) and
    /// `DEBRIEF_SUBMIT_BATCH_SIZE` (most submissions per group commit, default 128; 1 writes each
    /// submission in its own transaction); positive numbers, anything else keeps the default.
    static func submissionBatching() -> SubmissionBatching {
        let defaults = SubmissionBatching.standard
        let batches = int("DEBRIEF_SUBMIT_BATCHES").flatMap { $0 > 0 ? min($0, 64) : nil }
        let size = int("DEBRIEF_SUBMIT_BATCH_SIZE").flatMap { $0 > 0 ? min($0, 1000) : nil }
        return SubmissionBatching(
            maxConcurrentBatches: batches ?? defaults.maxConcurrentBatches, maxBatchSize: size ?? defaults.maxBatchSize)
    }
}

extension Env {
    /// `DEBRIEF_SIGNUP`: `open` or `closed`; unset (or empty) means the default policy.
    static func signUpPolicy() -> SignUpPolicyOption? {
        string("DEBRIEF_SIGNUP").flatMap(SignUpPolicyOption.init(rawValue:))
    }
}

extension Env {
    /// Webhook delivery: `--webhook-allow-insecure-hosts` (else `DEBRIEF_WEBHOOK_ALLOW_INSECURE_HOSTS`),
    /// and for tests and operators who need other timings `DEBRIEF_WEBHOOK_RETRY_BASE_MS` (default
    /// 30,000), `DEBRIEF_WEBHOOK_RETRY_CAP_MS` (default 4 h), `DEBRIEF_WEBHOOK_RETRY_WINDOW_SECONDS`
    /// (failing this long disables an endpoint; default 3 days), `DEBRIEF_WEBHOOK_POLL_MS` (default
    /// 1,000) and `DEBRIEF_WEBHOOK_TIMEOUT_SECONDS` (one request; default 10). Positive numbers;
    /// anything else keeps the default.
    static func webhooks(_ configuration: inout AppConfiguration, allowInsecureHosts flag: String?) {
        let hosts = (flag ?? string("DEBRIEF_WEBHOOK_ALLOW_INSECURE_HOSTS") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        configuration.webhooks.allowInsecureHosts = Set(hosts)
        func positive(_ name: String) -> Int? { int(name).flatMap { $0 > 0 ? $0 : nil } }
        let defaults = configuration.webhooks.retry
        configuration.webhooks.retry = WebhookRetrySchedule(
            base: positive("DEBRIEF_WEBHOOK_RETRY_BASE_MS").map { .milliseconds($0) } ?? defaults.base,
            cap: positive("DEBRIEF_WEBHOOK_RETRY_CAP_MS").map { .milliseconds($0) } ?? defaults.cap,
            window: positive("DEBRIEF_WEBHOOK_RETRY_WINDOW_SECONDS").map { .seconds($0) } ?? defaults.window)
        if let milliseconds = positive("DEBRIEF_WEBHOOK_POLL_MS") { configuration.webhooks.pollInterval = .milliseconds(milliseconds) }
        if let seconds = positive("DEBRIEF_WEBHOOK_TIMEOUT_SECONDS") { configuration.webhooks.requestTimeout = .seconds(min(seconds, 300)) }
    }
}
