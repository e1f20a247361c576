import DebriefTestSupport
import Foundation
import Testing

/// Issue 67: a question whose prompt is only a byte-order mark was stored, and shown blank. Every
/// text checked for "blank" — question prompts, option labels, meeting titles, check-in names,
/// short answers — refuses invisible-only text as it refuses whitespace (``TextRules/isBlank(_:)``).
@Suite("Invisible-only text is blank, over the API")
struct InvisibleTextAPITests {
    @Test func invisibleOnlyTextIsRefusedLikeWhitespace() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            var form = ParticipantAPI.sampleForm()
            var questions = try #require(form["questions"] as? [[String: Any]])
            questions[0]["prompt"] = "\u{FEFF}"
            questions[1]["options"] = [["id": "roadmap", "label": "\u{200B}\u{200D}"], ["id": "hiring", "label": "Hiring"]]
            form["questions"] = questions
            form["title"] = " \u{2060}\u{00AD} "
            let start = Date().addingTimeInterval(86_400 * 30)
            let times = ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))]
            let untitled = try await api.send(.post, "/v1/meetings", token: fixture.hostToken, json: times.merging(["title": "\u{FEFF}"]) { a, _ in a })
            #expect(untitled.problemPaths == ["title: must not be empty"], "\(untitled.status) \(untitled.text)")
            let later = start.addingTimeInterval(86_400)
            let created = try await api.send(
                .post, "/v1/meetings", token: fixture.hostToken,
                json: ["title": "Retro", "startsAt": ParticipantAPI.iso(later), "endsAt": ParticipantAPI.iso(later.addingTimeInterval(3600))])
            let meeting = try #require(created.string("id"), "\(created.text)")
            let saved = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: fixture.hostToken, json: form)
            #expect(saved.status == .unprocessableContent, "\(saved.text)")
            #expect(saved.problemPaths.contains("questions[0].prompt: must not be empty"), "\(saved.problemPaths)")
            #expect(saved.problemPaths.contains("questions[1].options[0].label: must not be empty"), "\(saved.problemPaths)")
            #expect(saved.problemPaths.contains("title: must not be empty"), "\(saved.problemPaths)")
            let checkIn = try await api.send(.post, "/v1/f/\(fixture.code)/check-in", json: ["name": "\u{200B}\u{FEFF}"])
            #expect(checkIn.problemPaths == ["name: must not be empty"], "\(checkIn.text)")
        }
    }

    /// A short answer of only invisible characters is no answer: not stored as one.
    @Test func anInvisibleShortAnswerIsNotAnAnswer() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(notes: "\u{FEFF}\u{200B}")])
            #expect(reply.status == .created, "\(reply.text)")
            let texts: Int = try await database.query("SELECT count(*)::int AS n FROM answers WHERE text_value IS NOT NULL").single().decode("n")
            #expect(texts == 0)
        }
    }
}
