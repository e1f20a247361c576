@testable import DebriefApp
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Every change to the room's questions announces its meeting on the room's channel
/// (`debrief_room`, which the live hub's room audiences and the room's shared list follow): a
/// post, a vote and its taking back, the host's moderation and settings, from the pages as from
/// the API (decision 75: the live refetch hangs on it) — and never on the results' channel
/// (`debrief_results`), whose every notification makes the results report stale (issue 72).
@Suite("Questions from the room: each change announces its meeting")
struct RoomQuestionNotifyTests {
    /// Listens on the room's channel while `body` runs, and on the results' into `results`.
    static func listening(
        _ database: Database, results: HeardNotifications, _ body: @Sendable (HeardNotifications) async throws -> Void
    ) async throws {
        let heard = HeardNotifications()
        let sequence = try database.notifications(channels: [RoomEvents.channel, ParticipantEvents.channel])
        let listener = Task {
            for try await event in sequence {
                guard case .notification(let notification) = event else { continue }
                if notification.channel == RoomEvents.channel {
                    await heard.add(notification.payload)
                } else {
                    await results.add(notification.payload)
                }
            }
        }
        defer { listener.cancel() }
        try await body(heard)
    }

    /// Runs `change`, then waits until the listener heard one more announcement of `meeting` than
    /// before: an event that must come, so the wait only ends a broken run (two minutes).
    static func announces(
        _ meeting: String, _ heard: HeardNotifications, _ what: String, _ change: () async throws -> Void
    ) async throws {
        let id = meeting.lowercased()
        let before = await heard.payloads.filter { $0 == id }.count
        try await change()
        _ = try await ParticipantNotifyTests.heard(heard, within: 12_000) { $0.filter { $0 == id }.count > before }
        let after = await heard.payloads.filter { $0 == id }.count
        #expect(after > before, "\(what) announced its meeting")
    }

    @Test func postsVotesModerationAndSettingsAnnounceTheirMeeting() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = .coalesced(.milliseconds(20))
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let fixture = try await api.publish()
            let meeting = fixture.meetingID
            let owner = try await RoomQuestionsModerationPageTests.owner(api, fixture)
            let results = HeardNotifications()
            try await Self.listening(database, results: results) { heard in
                try await ParticipantNotifyTests.mark("ready", database, heard, on: RoomEvents.channel)
                try await Self.announces(meeting, heard, "settings") { try await RoomQuestionsPageTests.turnOn(api, fixture) }
                let browser = try await api.joinRoom(fixture.code)
                try await Self.announces(meeting, heard, "a page's post") {
                    let posted = try await api.roomPagePost("/f/\(fixture.code)/room-questions", [("text", "Lunch?")], as: browser)
                    #expect(posted.status == .seeOther)
                }
                let id: UUID = try await database.query("SELECT id FROM room_questions").single().decode("id")
                let vote = "/f/\(fixture.code)/room-questions/\(id.uuidString.lowercased())/vote"
                try await Self.announces(meeting, heard, "a vote") {
                    let reply = try await api.roomPagePost(vote, [("up", "true")], as: browser)
                    #expect(reply.status == .seeOther)
                }
                try await Self.announces(meeting, heard, "a vote taken back") {
                    let reply = try await api.roomPagePost(vote, [("up", "false")], as: browser)
                    #expect(reply.status == .seeOther)
                }
                for (field, value) in [("pinned", "true"), ("answered", "true"), ("status", "hidden")] {
                    try await Self.announces(meeting, heard, "the host's \(field)") {
                        let changed = try await api.post(
                            "/m/\(meeting)/room-questions/\(id.uuidString.lowercased())", [("csrf", owner.csrf), (field, value)],
                            cookie: owner.cookie)
                        #expect(changed.status == .seeOther)
                    }
                }
                try await Self.announces(meeting, heard, "an API post") {
                    let reply = try await api.roomPost(fixture.code, json: ["text": "Coffee?"])
                    #expect(reply.status == .created)
                }
                // Whatever the results' channel carried was sent before the last room change was heard.
                #expect(await !results.payloads.contains(meeting.lowercased()), "no room change announced as the results'")
            }
        }
    }
}
