@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Participants: opening a form by its code")
struct ParticipantFormViewTests {
    @Test func thePublishedFormShowsMeetingQuestionsAndState() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false, allowsEditing: true))
            let reply = try await api.send(.get, "/v1/f/\(form.code)")
            #expect(reply.status == .ok, "\(reply.text)")
            let json = try #require(reply.json)
            #expect(json["code"] as? String == form.code)
            #expect(json["title"] as? String == "How was it?")
            #expect(json["anonymous"] as? Bool == false)
            #expect(json["allowsEditing"] as? Bool == true)
            #expect(json["state"] as? String == "open")
            #expect(json["closesAt"] is NSNull)
            let meeting = try #require(json["meeting"] as? [String: Any])
            #expect(meeting["title"] as? String == "Retro 회고")
            #expect(meeting["place"] as? String == "Room 4")
            #expect(meeting["startsAt"] is String && meeting["endsAt"] is String)
            let questions = try #require(json["questions"] as? [[String: Any]])
            #expect(questions.map { $0["key"] as? String } == ["useful", "topic", "notes", "nps", "pace"])
            #expect(questions[0]["kind"] as? String == "rating" && questions[0]["max"] as? Int == 5)
            // Nothing about the host or internal ids.
            #expect(json["meetingId"] == nil && json["id"] == nil && meeting["hostId"] == nil)
        }
    }

    @Test func aTypedCodeIsNormalized() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let typed = form.code.lowercased().prefix(5) + "-" + form.code.lowercased().dropFirst(5)
            #expect(try await api.send(.get, "/v1/f/\(typed)").status == .ok)
        }
    }

    @Test func unknownAndMalformedCodesAre404() async throws {
        try await ParticipantAPI.run { api, _ in
            for code in ["0000000000", "ZZZZZZZZZZ", "short", "UUUUUUUUUU", "%F0%9F%91%8D", String(repeating: "A", count: 300)] {
                let reply = try await api.send(.get, "/v1/f/\(code)")
                #expect(reply.status == .notFound, "\(code): \(reply.text)")
                #expect(reply.problemCode == "not_found")
                let submit = try await api.submit(code, ["answers": ParticipantAPI.answers()])
                #expect(submit.status == .notFound)
                let checkIn = try await api.send(.post, "/v1/f/\(code)/check-in", json: ["name": "Ana"])
                #expect(checkIn.status == .notFound)
            }
        }
    }

    @Test func aDraftIsInvisible() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            // Close it and save a second version as a draft: the old code stays closed, the draft has none.
            try #require(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
            let draft = try await api.send(
                .put, "/v1/meetings/\(form.meetingID)/form", token: form.hostToken, json: ParticipantAPI.sampleForm())
            #expect(draft.json?["code"] is NSNull)
            let codes = try await database.query("SELECT count(*)::int AS n FROM forms WHERE code IS NULL")
            #expect(try codes[0].decode("n", as: Int.self) == 1)
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .gone)
        }
    }

    @Test func aClosedFormIs410WithItsClosingTime() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .ok)
            let closed = try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken)
            let closedAt = try #require(closed.string("closedAt"))
            for reply in [
                try await api.send(.get, "/v1/f/\(form.code)"),
                try await api.submit(form.code, ["answers": ParticipantAPI.answers()]),
                try await api.send(.post, "/v1/f/\(form.code)/check-in", json: [:]),
            ] {
                #expect(reply.status == .gone, "\(reply.text)")
                #expect(reply.problemCode == "gone")
                #expect(reply.string("closedAt") == closedAt)
            }
            // Reopened, it answers again (the cached definition is still right).
            try #require(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/reopen", token: form.hostToken).status == .ok)
            #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()]).status == .created)
        }
    }

    @Test func aDeletedMeetingsCodeIs404EvenWhenCached() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()]).status == .created)
            try #require(try await api.send(.delete, "/v1/meetings/\(form.meetingID)", token: form.hostToken).status == .noContent)
            #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()]).status == .notFound)
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .notFound)
        }
    }
}
