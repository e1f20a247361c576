import Foundation
import Logging
import PQ
import ServiceLifecycle

/// Listens for `debrief_results` notifications from every instance and feeds the hub; sends
/// heartbeats; ends every stream on graceful shutdown.
struct LiveResultsService: Service {
    static let channel = "debrief_results"
    let database: Database
    let hub: LiveResultsHub
    let heartbeatInterval: Duration
    let logger: Logger

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.listen() }
            group.addTask { await self.beat() }
            await group.next()
            group.cancelAll()
        }
        await self.hub.finishAll()
    }

    private func listen() async {
        do {
            for try await event in try self.database.notifications(channels: [Self.channel]).cancelOnGracefulShutdown() {
                switch event {
                case .notification(let notification):
                    if let meeting = UUID(uuidString: notification.payload) { await self.hub.changed(meeting) }
                case .reconnected:
                    await self.hub.changedAll()
                }
            }
        } catch {
            self.logger.error("live results listener stopped", metadata: ["error": "\(error)"])
        }
    }

    private func beat() async {
        while (try? await Task.sleep(for: self.heartbeatInterval)) != nil, !Task.isShuttingDownGracefully {
            await self.hub.heartbeat()
        }
    }
}
