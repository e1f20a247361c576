import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("LISTEN and NOTIFY")
struct NotificationTests {
    /// `.listening` comes first, once LISTEN is in place: a notification sent after it is heard.
    /// The time limit only ends a run that never hears it (generous: on a busy machine the test's
    /// database can queue behind the whole suite's).
    @Test(.timeLimit(.minutes(10))) func listeningIsAnnouncedAndANotificationSentAfterItIsHeard() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            var events = try database.notifications(channels: ["meeting_events"]).makeAsyncIterator()
            #expect(try await events.next() == .listening)
            try await database.notify(channel: "meeting_events", payload: "회의 42")
            #expect(try await events.next() == .notification(DatabaseNotification(channel: "meeting_events", payload: "회의 42")))
        }
    }

    @Test func channelNamesMustBePlainIdentifiers() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            #expect(throws: PQError.self) { try database.notifications(channels: ["bad; DROP TABLE x"]) }
            #expect(throws: PQError.self) { try database.notifications(channels: ["Upper"]) }
        }
    }
}
