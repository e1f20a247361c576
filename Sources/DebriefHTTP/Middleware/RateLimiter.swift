import Foundation

/// In-memory token buckets, one per key (a client address, a form code).
///
/// Per instance and in memory on purpose: a check is a dictionary lookup under a lock, with no
/// database round trip on the busiest path. With several instances each enforces its `share` of
/// the rate (1/N of N instances, see ``ClusterPeers``), so the whole cluster allows the
/// documented rate when the load balancer spreads requests evenly
/// (docs/decisions/0030-global-rate-limits.md).
/// Memory is bounded: when the table grows past `maxKeys`, buckets that have refilled completely
/// (idle long enough to be indistinguishable from new ones) are dropped.
//
// `@unchecked Sendable` is safe because `buckets` is only touched while `lock` is held.
final class RateLimiter: @unchecked Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    /// What a check decided; `retryAfterSeconds` is set when the request must wait.
    struct Decision: Equatable {
        var allowed: Bool
        var retryAfterSeconds: Int
    }

    let rate: RateLimitRate
    /// This instance's fraction of `rate` (0 < share ≤ 1), read at each check.
    private let share: @Sendable () -> Double
    private let maxKeys: Int
    private let lock = NSLock()
    private var buckets: [String: Bucket] = [:]

    init(rate: RateLimitRate, share: @escaping @Sendable () -> Double = { 1 }, maxKeys: Int = 50_000) {
        self.rate = rate
        self.share = share
        self.maxKeys = max(16, maxKeys)
    }

    /// Takes `cost` tokens (one by default) from `key`'s bucket if it holds that many; a cost
    /// above the burst is never allowed.
    func take(_ key: String, cost: Int = 1, now: ContinuousClock.Instant = .now) -> Decision {
        guard self.rate.isEnabled else { return Decision(allowed: true, retryAfterSeconds: 0) }
        let share = min(1, max(0.001, self.share()))
        let perSecond = self.rate.perSecond * share
        let burst = max(1, self.rate.burst * share)
        return self.lock.withLock {
            var bucket = self.buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + Self.seconds(now - bucket.updated) * perSecond)
            bucket.updated = now
            let decision: Decision
            let cost = Double(max(1, cost))
            if bucket.tokens >= cost {
                bucket.tokens -= cost
                decision = Decision(allowed: true, retryAfterSeconds: 0)
            } else {
                let wait = (min(cost, burst) - bucket.tokens) / perSecond
                decision = Decision(allowed: false, retryAfterSeconds: max(1, Int(wait.rounded(.up))))
            }
            if self.buckets.count >= self.maxKeys, self.buckets[key] == nil { self.prune(now: now) }
            self.buckets[key] = bucket
            return decision
        }
    }

    /// Drops buckets that are full again. Called with the lock held.
    private func prune(now: ContinuousClock.Instant) {
        let refill = self.rate.burst / self.rate.perSecond
        self.buckets = self.buckets.filter { Self.seconds(now - $0.value.updated) < refill }
        if self.buckets.count >= self.maxKeys { self.buckets.removeAll(keepingCapacity: true) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
