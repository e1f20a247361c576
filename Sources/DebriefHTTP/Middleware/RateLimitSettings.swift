import Foundation

/// A token bucket's shape: `perSecond` tokens flow in, at most `burst` are kept.
/// A `perSecond` of 0 (or less) switches the limit off.
public struct RateLimitRate: Sendable, Equatable {
    public var perSecond: Double
    public var burst: Double

    public init(perSecond: Double, burst: Double) {
        self.perSecond = perSecond
        self.burst = max(1, burst)
    }

    /// No limit at all.
    public static let unlimited = RateLimitRate(perSecond: 0, burst: 1)

    public var isEnabled: Bool { self.perSecond > 0 }
}

/// Limits of the public participant routes (`/v1/f/…`): per client address and per form, for
/// the whole cluster. Each of N live instances enforces 1/N of them (``Admission``,
/// docs/decisions/0030-global-rate-limits.md).
public struct RateLimitSettings: Sendable, Equatable {
    /// Per client address: the TCP peer, or the `X-Forwarded-For` client a trusted proxy names
    /// (``TrustedProxies``).
    public var perAddress: RateLimitRate
    /// Per form code, whoever sends.
    public var perForm: RateLimitRate

    public init(
        perAddress: RateLimitRate = RateLimitRate(perSecond: 20, burst: 40),
        perForm: RateLimitRate = RateLimitRate(perSecond: 200, burst: 400)
    ) {
        self.perAddress = perAddress
        self.perForm = perForm
    }

    /// No limits (benchmarks, tests that are about something else).
    public static let unlimited = RateLimitSettings(perAddress: .unlimited, perForm: .unlimited)
}
