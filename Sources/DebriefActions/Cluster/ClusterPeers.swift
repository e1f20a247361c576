import Foundation

/// How many Debrief instances share the load right now, as the heartbeat service last saw it.
///
/// The participant rate limits (the rates of `Admission`) enforce their documented value divided
/// by this count: a load balancer that spreads requests evenly then lets through the documented
/// rate in all (docs/decisions/0030-global-rate-limits.md). Slots (exports, live streams) are not
/// divided: they bound each instance's own resources. A lone instance, or one that cannot reach
/// the database, counts 1.
//
// `@unchecked Sendable`: `count` is only touched while `lock` is held.
public final class ClusterPeers: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 1

    public init() {}

    /// The number of live instances, this one included (at least 1).
    public var instances: Int { self.lock.withLock { self.count } }

    /// This instance's share of a cluster-wide rate: 1 / instances.
    public var shareOfLoad: Double { 1 / Double(self.instances) }

    public func update(instances: Int) {
        self.lock.withLock { self.count = max(1, instances) }
    }
}
