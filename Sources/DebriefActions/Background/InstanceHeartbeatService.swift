import DebriefStore
import Foundation
import Logging
import ServiceLifecycle

/// Beats for this instance every `interval` and keeps ``ClusterPeers`` up to date with the
/// number of instances that beat within three intervals; leaves at a graceful stop.
public struct InstanceHeartbeatService: Service {
    let heartbeats: InstanceHeartbeats
    let peers: ClusterPeers
    let interval: Duration
    let logger: Logger
    let instance = UUID()

    public init(heartbeats: InstanceHeartbeats, peers: ClusterPeers, interval: Duration = .seconds(2), logger: Logger) {
        self.heartbeats = heartbeats
        self.peers = peers
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        var reported = 0
        repeat {
            do {
                let instances = try await self.heartbeats.beat(instance: self.instance, window: self.interval * 3)
                self.peers.update(instances: instances)
                if instances != reported {
                    self.logger.info("instances sharing the load", metadata: ["instances": "\(instances)"])
                    reported = instances
                }
            } catch {
                // The last count stands: without the database there is little to rate-limit.
                self.logger.debug("heartbeat failed", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }) != nil
        try? await self.heartbeats.leave(instance: self.instance)
    }
}
