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
