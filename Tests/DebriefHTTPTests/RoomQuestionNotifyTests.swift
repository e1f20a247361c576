@testable import DebriefApp
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Every change to the room's questions announces its meeting on the live channel
/// (`debrief_results`, the one the live hub listens to): a post, a vote and its taking back, the
/// host's moderation and settings, from the pages as from the API (decision 75: the live refetch
/// hangs on it, and no second fan-out exists).
@Suite("Questions from the room: each change announces its meeting")
struct RoomQuestionNotifyTests {
    /// Runs `change`, then waits (a bounded number of polls) until the listener heard one more
    /// announcement of `meeting` than before.
    static func announces(
        _ meeting: String, _ heard: HeardNotifications, _ what: String, _ change: () async throws -> Void
    ) async throws {
        let before = await heard.payloads.count
        try await change()
        for _ in 0..<100 {
            if await heard.payloads.count > before { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let after = await heard.payloads.dropFirst(before)
        #expect(after.contains(meeting.lowercased()), "\(what) announced its meeting")
    }

    @Test func postsVotesModerationAndSettingsAnnounceTheirMeeting() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = .coalesced(.milliseconds(20))
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let fixture = try await api.publish()
            let meeting = fixture.meetingID
            let owner = try await RoomQuestionsModerationPageTests.owner(api, fixture)
            _ = try await ParticipantNotifyTests.listening(database) { heard in
                // The listener connects asynchronously: a first change until it hears one.
                for _ in 0..<50 where await heard.payloads.isEmpty {
                    try await RoomQuestionsPageTests.turnOn(api, fixture)
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(await !heard.payloads.isEmpty, "settings announced their meeting")
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
            }
        }
    }
}
