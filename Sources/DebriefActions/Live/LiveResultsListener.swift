import DebriefStore
import Foundation
import Logging
import PQ
import ServiceLifecycle

/// Listens for the live results channel (``ParticipantEvents/channel``) on one connection per
/// instance, hearing every instance's writes, and feeds the hub; sends heartbeats.
///
/// Imports PQ for `Database.notifications`: LISTEN needs a connection of its own, outside the
/// pool, which only the client gives.
public struct LiveResultsListener: Service {
    let database: Database
    let hub: LiveResultsHub
    let heartbeatInterval: Duration
    let logger: Logger

    public init(database: Database, hub: LiveResultsHub, heartbeatInterval: Duration = .seconds(15), logger: Logger) {
        self.database = database
        self.hub = hub
        self.heartbeatInterval = heartbeatInterval
        self.logger = logger
    }

    public func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.listen() }
            group.addTask { await self.beat() }
            await group.next()
            group.cancelAll()
        }
    }

    private func listen() async {
        do {
            for try await event in try self.database.notifications(channels: [ParticipantEvents.channel]).cancelOnGracefulShutdown() {
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
