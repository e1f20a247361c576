import Foundation

/// When a failed webhook delivery is tried again: exponential backoff with jitter, for as long as
/// the retry window lasts; an endpoint that has failed for the whole window is disabled.
///
/// The defaults (30 s doubling up to 4 h, a 3-day window) try about 25 times over 3 days, and at
/// least 24 h pass before an endpoint is given up on. Tests shrink all three.
public struct WebhookRetrySchedule: Sendable, Equatable {
    /// The delay after the first failure.
    public var base: Duration
    /// No delay is longer than this.
    public var cap: Duration
    /// An endpoint failing (no 2xx) for this long is disabled.
    public var window: Duration

    public init(base: Duration = .seconds(30), cap: Duration = .seconds(4 * 3600), window: Duration = .seconds(3 * 24 * 3600)) {
        self.base = base
        self.cap = max(cap, base)
        self.window = window
    }

    public static let standard = WebhookRetrySchedule()

    /// The delay after the `attempt`-th failed attempt (1-based): `base · 2^(attempt−1)`, at most
    /// `cap`, scaled by `jitter` in 0.5…1 ("equal jitter": never shorter than half the step, so
    /// retries stay spread out, never all at the same instant after an outage).
    public func delay(afterAttempt attempt: Int, jitter: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 40)
        let step = min(self.seconds(self.base) * pow(2, Double(exponent)), self.seconds(self.cap))
        let factor = 0.5 + 0.5 * min(max(jitter, 0), 1)
        return .milliseconds(Int64((step * factor * 1000).rounded()))
    }

    /// The delay with a random jitter.
    public func randomDelay(afterAttempt attempt: Int) -> Duration {
        self.delay(afterAttempt: attempt, jitter: Double.random(in: 0...1))
    }

    private func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
