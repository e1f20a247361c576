import DebriefStore
import Foundation
import Logging
import PQ
import ServiceLifecycle

/// Listens for the live results channel (``ParticipantEvents/channel``) on one connection per
/// instance, hearing every instance's writes, and feeds the shared reports (which go stale) and
/// the hub (which sends the next snapshot); sends heartbeats.
///
/// Imports PQ for `Database.notifications`: LISTEN needs a connection of its own, outside the
/// pool, which only the client gives.
public struct LiveResultsListener: Service {
    let database: Database
    let hub: LiveResultsHub
    let shared: SharedResults?
    let heartbeatInterval: Duration
    let logger: Logger

    public init(
        database: Database, hub: LiveResultsHub, shared: SharedResults? = nil, heartbeatInterval: Duration = .seconds(15),
        logger: Logger
    ) {
        self.database = database
        self.hub = hub
        self.shared = shared
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
                    guard let meeting = UUID(uuidString: notification.payload) else { continue }
                    self.shared?.changed(meeting)
                    await self.hub.changed(meeting)
                case .reconnected:
                    self.shared?.changedAll()
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
