import DebriefStore
import Foundation
import Logging
import PQ
import ServiceLifecycle

/// Hears every instance's changes on one `LISTEN` connection per instance and drops what this
/// instance remembers of them:
/// - submissions and host changes (``ParticipantEvents/channel``): the shared reports go stale
///   and the live hub sends the next snapshot;
/// - changes to a room (``RoomEvents/channel``: its questions, votes, reactions): the room's
///   shared list goes stale and the hub recomputes only the room's audiences, no results report;
/// - each batch of the room's votes (``RoomVoteNotice/channel``): the phones' marks kept here follow it;
/// - account, token and share changes (``TokenCache/channel``): the token cache forgets the
///   account, and the account's live streams check their access at once.
///
/// Each time listening begins (after a lost connection too), notifications sent before may have
/// been missed: every report is marked stale and the token cache starts over. Also sends the live
/// streams' heartbeats.
///
/// Imports PQ for `Database.notifications`: LISTEN needs a connection of its own, outside the
/// pool, which only the client gives.
public struct ChangeListener: Service {
    let database: Database
    let hub: LiveResultsHub
    let shared: SharedResults?
    let tokens: TokenCache?
    let rooms: RoomLists?
    let heartbeatInterval: Duration
    let logger: Logger

    public init(
        database: Database, hub: LiveResultsHub, shared: SharedResults? = nil, tokens: TokenCache? = nil, rooms: RoomLists? = nil,
        heartbeatInterval: Duration = .seconds(15), logger: Logger
    ) {
        self.database = database
        self.hub = hub
        self.shared = shared
        self.tokens = tokens
        self.rooms = rooms
        self.heartbeatInterval = heartbeatInterval
        self.logger = logger
    }

    /// Runs until graceful shutdown. The LISTEN loop and the heartbeat run as children of one
    /// group, ended together when either ends (shutdown ends both), so the service never waits
    /// on a connection that is still being made.
    public func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.listen() }
            group.addTask { await self.beat() }
            await group.next()
            group.cancelAll()
        }
    }

    private func listen() async {
        let channels = [ParticipantEvents.channel, RoomEvents.channel, RoomVoteNotice.channel, TokenCache.channel]
        do {
            for try await event in try self.database.notifications(channels: channels).cancelOnGracefulShutdown() {
                switch event {
                case .notification(let notification) where notification.channel == RoomVoteNotice.channel:
                    if let notice = RoomVoteNotice(payload: notification.payload) { self.rooms?.heard(notice) }
                case .notification(let notification):
                    guard let id = UUID(uuidString: notification.payload) else { continue }
                    if notification.channel == TokenCache.channel {
                        self.tokens?.forget(account: id)
                        await self.hub.accessChanged(account: id)
                    } else if notification.channel == RoomEvents.channel {
                        self.rooms?.changed(id)
                        await self.hub.roomChanged(id)
                    } else {
                        self.shared?.changed(id)
                        await self.hub.changed(id)
                    }
                case .listening:
                    self.tokens?.startedHearingChanges()
                    self.shared?.changedAll()
                    self.rooms?.changedAll()
                    await self.hub.changedAll()
                    await self.hub.accessChangedAll()
                }
            }
        } catch {
            self.logger.error("change listener stopped", metadata: ["error": "\(error)"])
        }
    }

    private func beat() async {
        while (try? await Task.sleep(for: self.heartbeatInterval)) != nil, !Task.isShuttingDownGracefully {
            await self.hub.heartbeat()
        }
    }
}
