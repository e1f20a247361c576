import Metrics

/// Submissions accepted, and refused by reason, as `debrief_submissions_accepted_total` and
/// `debrief_submissions_refused_total{reason}`. The store counts what only it knows (a new or
/// replacing response, a replay of an `Idempotency-Key`); the HTTP layer counts the refusals it
/// answers (validation, conflict, closed, rate-limited) from the status of the submission routes.
public struct SubmissionMetrics: Sendable {
    /// Why a submission was not stored. A fixed set: the label never holds ids or codes.
    public enum Refusal: String, Sendable, CaseIterable {
        case validation
        case replay
        case conflict
        case closed
        case rateLimited = "rate_limited"
    }

    private let acceptedCounter: Counter
    private let refusedCounters: [Refusal: Counter]

    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        self.acceptedCounter = Counter(label: "debrief_submissions_accepted_total", factory: factory)
        var refused: [Refusal: Counter] = [:]
        for reason in Refusal.allCases {
            refused[reason] = Counter(
                label: "debrief_submissions_refused_total", dimensions: [("reason", reason.rawValue)], factory: factory)
        }
        self.refusedCounters = refused
    }

    /// A response was stored (new, or replacing the participant's earlier answers).
    public func accepted() {
        self.acceptedCounter.increment()
    }

    public func refused(_ reason: Refusal) {
        self.refusedCounters[reason]?.increment()
    }
}
