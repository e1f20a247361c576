import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Feedback forms over HTTP")
struct FormFlowTests {
    @Test func draftCanBeReplacedAndMeetingWithoutFormIsFine() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/form", token: token).status == .notFound)
            let draft = try await api.putSampleForm(token: token, meeting: meeting)
            #expect(draft.string("state") == "draft")
            #expect(draft.json?["code"] is NSNull || draft.json?["code"] == nil)
            var changed = sampleForm
            changed["title"] = "Shorter"
            let replaced = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: changed)
            #expect(replaced.string("title") == "Shorter")
            #expect(replaced.json?["version"] as? Int == 1)
        }
    }

    @Test func invalidDefinitionsReportExactPaths() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            let form: [String: Any] = [
                "title": "Bad",
                "questions": [
                    ["prompt": "Scale?", "kind": "rating", "min": 2, "max": 5],
                    ["prompt": "Pick", "kind": "choice", "options": [["label": "A"], ["label": "A"]]],
                    ["prompt": String(repeating: "x", count: 301), "kind": "shortAnswer", "maxLength": 5000],
                    ["prompt": "What?", "kind": "poll"],
                ],
            ]
            let reply = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form)
            #expect(reply.status == .unprocessableContent)
            let paths = Set(reply.problem?.errors?.map(\.path) ?? [])
            #expect(paths.contains("questions[0].min"))
            #expect(paths.contains("questions[1].options[1]"))
            #expect(paths.contains("questions[2].prompt"))
            #expect(paths.contains("questions[2].maxLength"))
            #expect(paths.contains("questions[3].kind"))
            #expect(reply.problemPaths.contains("questions[1].options[1]: duplicate option"))
            let empty = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: ["title": "x", "questions": []])
            #expect(empty.problem?.errors?.map(\.path) == ["questions"])
        }
    }

    @Test func publishFreezesCloseAndReopen() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            try await api.putSampleForm(token: token, meeting: meeting)
            let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
            #expect(published.status == .ok)
            #expect(published.string("state") == "open")
            let code = try #require(published.string("code"))
            #expect(code.count == 10)
            #expect(published.string("participantUrl") == "http://127.0.0.1:8080/f/\(code)")
            // Publishing again changes nothing; what the questions mean is frozen (a wording edit
            // is saved in place, see FormEditSameCodeTests).
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code") == code)
            let same = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: sampleForm)
            #expect(same.status == .ok)
            #expect(same.json?["version"] as? Int == 1)
            var meaning = sampleForm
            meaning["anonymous"] = !(sampleForm["anonymous"] as? Bool ?? true)
            let edit = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: meaning)
            #expect(edit.status == .conflict)
            let closed = try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token)
            #expect(closed.string("state") == "closed")
            #expect(closed.string("closedAt") != nil)
            let reopened = try await api.send(.post, "/v1/meetings/\(meeting)/form/reopen", token: token)
            #expect(reopened.string("state") == "open")
            // A closing time that passes closes the form by itself.
            try await database.execute("UPDATE forms SET closes_at = now() - interval '1 second'")
            let auto = try await api.send(.get, "/v1/meetings/\(meeting)/form", token: token)
            #expect(auto.string("state") == "closed")
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/reopen", token: token).string("state") == "open")
            // After closing, saving starts version 2 as a new draft; version 1 keeps its code, and
            // publishing version 2 gives it the same code (decision record 20).
            _ = try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token)
            let second = try await api.putSampleForm(token: token, meeting: meeting)
            #expect(second.json?["version"] as? Int == 2)
            #expect(second.string("state") == "draft")
            let codes = try await database.query("SELECT code FROM forms ORDER BY version")
            #expect(try codes.map { try $0.decode("code", as: String?.self) } == [code, nil])
            let republished = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
            #expect(republished.json?["version"] as? Int == 2)
            #expect(republished.string("code") == code)
        }
    }

    @Test func closingTimeInThePastIsRefused() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            var form = sampleForm
            form["closesAt"] = iso(Date().addingTimeInterval(-60))
            let reply = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.problem?.errors?.map(\.path) == ["closesAt"])
        }
    }
}
