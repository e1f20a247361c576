import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("LISTEN and NOTIFY")
struct NotificationTests {
    @Test func notificationReachesListener() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 2)
        let sequence = try database.notifications(channels: ["meeting_events"])
        let listener = Task { () -> DatabaseNotification? in
            for try await event in sequence {
                if case .notification(let notification) = event { return notification }
            }
            return nil  // cancelled before anything arrived
        }
        // The listener connects asynchronously: notify until it has heard one, for five seconds at most.
        let sender = Task {
            for _ in 0..<50 {
                try await database.notify(channel: "meeting_events", payload: "회의 42")
                try await Task.sleep(for: .milliseconds(100))
            }
            listener.cancel()
        }
        let notification = try #require(try await listener.value)
        sender.cancel()
        #expect(notification == DatabaseNotification(channel: "meeting_events", payload: "회의 42"))
        await database.shutdown()
    }

    @Test func channelNamesMustBePlainIdentifiers() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
        #expect(throws: PQError.self) { try database.notifications(channels: ["bad; DROP TABLE x"]) }
        #expect(throws: PQError.self) { try database.notifications(channels: ["Upper"]) }
        await database.shutdown()
    }
}
