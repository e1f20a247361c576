import DebriefStore
import ServiceLifecycle

/// Checks the standby's replay position and lag every `interval` (``ReadReplica/refresh(now:)``),
/// so choosing where a read goes costs no round trip. Does nothing without a standby.
public struct ReplicaMonitorService: Service {
    let replica: ReadReplica
    let interval: Duration

    public init(replica: ReadReplica, interval: Duration = .milliseconds(200)) {
        self.replica = replica
        self.interval = interval
    }

    public func run() async throws {
        guard self.replica.hasReplica else {
            // Returning early would end the service group: wait for the stop like the others.
            try? await gracefulShutdown()
            return
        }
        repeat {
            await self.replica.refresh()
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }) != nil
    }
}
