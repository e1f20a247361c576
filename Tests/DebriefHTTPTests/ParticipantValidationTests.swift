@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// A few representative rules, to show the domain's validation reaches HTTP with its exact paths
/// (the domain's own tests cover every rule).
@Suite("Participants: validation at the HTTP layer")
struct ParticipantValidationTests {
    @Test func everyProblemIsReportedAtOnceWithItsPath() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let reply = try await api.submit(
                form.code,
                [
                    "answers": [
                        ["questionKey": "useful", "rating": 9],
                        ["questionKey": "topic", "optionIds": ["roadmap", "nope", "roadmap"]],
                        ["questionKey": "notes", "text": "bell\u{07} here"],
                        ["questionKey": "nps", "text": "ten"],
                        ["questionKey": "ghost", "rating": 1],
                        ["questionKey": "pace", "optionIds": ["ok"], "otherText": "x"],
                    ],
                ])
            #expect(reply.status == .unprocessableContent)
            #expect(reply.problemCode == "validation_failed")
            let paths = reply.problemPaths
            #expect(paths.contains("answers[0].rating: must be between 1 and 5"), "\(paths)")
            #expect(paths.contains("answers[1].optionIds[1]: must be one of the question's options"), "\(paths)")
            #expect(paths.contains("answers[1].optionIds[2]: selected more than once"), "\(paths)")
            #expect(paths.contains("answers[2].text: must not contain control characters"), "\(paths)")
            #expect(paths.contains { $0.hasPrefix("answers[3].text: ") }, "\(paths)")
            #expect(paths.contains("answers[4].questionKey: unknown question"), "\(paths)")
            #expect(paths.contains("answers[5].otherText: not allowed for this question"), "\(paths)")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 0)
        }
    }

    @Test func requiredQuestionsAndTheAnswersListAreChecked() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let missing = try await api.submit(form.code, ["answers": [["questionKey": "nps", "rating": 3]]])
            #expect(missing.problemPaths == ["answers: question useful is required"])
            let absent = try await api.submit(form.code, [:])
            #expect(absent.problemPaths == ["answers: is required"])
            let wrongType = try await api.submit(form.code, ["answers": [["questionKey": "useful", "rating": "five"]]])
            #expect(wrongType.status == .unprocessableContent)
            #expect(wrongType.problemPaths == ["answers[0].rating: expected an integer"])
        }
    }

    @Test func participantTokensAreCheckedWithTheAnswers() async throws {
        try await ParticipantAPI.run { api, _ in
            let named = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let noToken = try await api.submit(named.code, ["answers": [["questionKey": "useful", "rating": 0]]])
            #expect(noToken.problemPaths.first?.hasPrefix("participantToken: is required") == true, "\(noToken.problemPaths)")
            #expect(noToken.problemPaths.contains("answers[0].rating: must be between 1 and 5"))
            let bogus = try await api.submit(named.code, ["participantToken": "hello world", "answers": ParticipantAPI.answers()])
            #expect(bogus.problemPaths == ["participantToken: is not a participant token"])
            let unknown = try await api.submit(
                named.code, ["participantToken": "dbp_" + String(repeating: "A", count: 32), "answers": ParticipantAPI.answers()])
            #expect(unknown.problemPaths == ["participantToken: is not a check-in on this form"])
            // A token of another form is not one of this form's.
            let other = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let foreign = try await api.checkIn(other.code, name: "Ana")
            let crossed = try await api.submit(named.code, ["participantToken": foreign, "answers": ParticipantAPI.answers()])
            #expect(crossed.problemPaths == ["participantToken: is not a check-in on this form"])
        }
    }

    @Test func malformedBodiesAndHeadersAreClientErrors() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let path = "/v1/f/\(form.code)/responses"
            #expect(try await api.send(.post, path, raw: "{\"answers\": [").status == .badRequest)
            #expect(try await api.send(.post, path).status == .badRequest)
            #expect(try await api.send(.post, path, raw: "[1,2]").status == .unprocessableContent)
            let nul = try await api.send(.post, path, raw: #"{"answers":[{"questionKey":"notes","text":"a\u0000b"},{"questionKey":"useful","rating":1}]}"#)
            #expect(nul.problemPaths == ["answers[0].text: must not contain control characters"])
            let key = try #require(HTTPField.Name("Idempotency-Key"))
            for bad in ["", String(repeating: "k", count: 201), "tab\there", "ключ"] {
                let reply = try await api.send(.post, path, json: ["answers": ParticipantAPI.answers()], headers: [key: bad])
                #expect(reply.status == .badRequest, "\(bad.debugDescription): \(reply.text)")
                #expect(reply.problemPaths.first?.hasPrefix("Idempotency-Key: ") == true)
            }
            // Anonymous forms ignore the name (and an absent body), but a body must be JSON.
            let notJSON = try await api.send(.post, "/v1/f/\(form.code)/check-in", raw: "not json")
            #expect(notJSON.status == .badRequest, "\(notJSON.text)")
            #expect(notJSON.problemPaths == ["body: is not valid JSON"])
            #expect(try await api.send(.post, "/v1/f/\(form.code)/check-in", raw: "[null]").status == .unprocessableContent)
            for body in [nil, "{}", #"{"name":"Ana"}"#, #"{"name":null}"#] {
                #expect(try await api.send(.post, "/v1/f/\(form.code)/check-in", raw: body).status == .created, "\(body ?? "no body")")
            }
            let blank = try await api.send(.post, "/v1/f/\(form.code)/check-in", raw: #"{"name":" "}"#)
            #expect(blank.problemPaths == ["name: must not be empty"])
        }
    }

    @Test func checkInNamesAreValidated() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let path = "/v1/f/\(form.code)/check-in"
            #expect(try await api.send(.post, path, json: [:]).problemPaths == ["name: is required"])
            #expect(try await api.send(.post, path, json: ["name": "  "]).problemPaths == ["name: must not be empty"])
            #expect(try await api.send(.post, path, json: ["name": "Ana\nB"]).problemPaths == ["name: must not contain line breaks or tabs"])
            #expect(try await api.send(.post, path, json: ["name": "Ana\u{1B}[31m"]).problemPaths == ["name: must not contain control characters"])
            #expect(try await api.send(.post, path, json: ["name": String(repeating: "가", count: 101)]).problemPaths
                == ["name: must be at most 100 characters"])
            #expect(try await api.send(.post, path, json: ["name": String(repeating: "가", count: 100)]).status == .created)
        }
    }

    @Test func oversizedBodiesAre413() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            // 80 KiB: under the service-wide limit, over the participant routes' 64 KiB.
            let big = String(repeating: "x", count: 80 * 1024)
            for path in ["/v1/f/\(form.code)/responses", "/v1/f/\(form.code)/check-in"] {
                let reply = try await api.send(.post, path, json: ["answers": [["questionKey": "notes", "text": big]]])
                #expect(reply.status == .contentTooLarge, "\(path): \(reply.status)")
                #expect(reply.problemCode == "body_too_large")
            }
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM check_ins") == 0)
        }
    }
}
