@testable import DebriefApp
@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 33, "The API round-trips": a client GETs a form, changes a word and PUTs it back
/// (read-only members such as `id`, `code` and `state` are accepted and ignored), and exports a
/// form definition with a bearer token to import it into another meeting.
@Suite("Forms: GET → PUT round trip, definition export and import over the API")
struct FormRoundTripTests {
    /// A meeting with no form yet, of the host behind `token`.
    static func meeting(_ api: ParticipantAPI, token: String) async throws -> String {
        let start = Date().addingTimeInterval(86_400 * Double.random(in: 1...300))
        let meeting = try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Second retro", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        return try #require(meeting.string("id"), "\(meeting.text)")
    }

    static func form() -> [String: Any] {
        var form = FormLanguageFlowTests.form()
        form["closesAt"] = ParticipantAPI.iso(Date().addingTimeInterval(86_400 * 400))
        form["speederThresholdSeconds"] = 7
        return form
    }

    /// Seen on main: the PUT of the GET's body was refused with 422 on `id`, `code`, `state`, ….
    @Test func theGetsBodyWithOneWordChangedIsAcceptedByPut() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            let got = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken)
            var body = try #require(got.json, "\(got.text)")
            #expect(body["code"] as? String == fixture.code && body["state"] as? String == "open")
            var questions = try #require(body["questions"] as? [[String: Any]])
            questions[0]["prompt"] = "How helpful?"
            body["questions"] = questions
            let put = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: body)
            #expect(put.status == .ok, "\(put.text)")
            let again = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken)
            let prompts = (again.json?["questions"] as? [[String: Any]])?.map { $0["prompt"] as? String }
            #expect(prompts == ["How helpful?", "Best topic?"], "\(again.text)")
            #expect(again.string("code") == fixture.code && again.json?["version"] as? Int == 1, "a wording fix in place")
            // Everything else came back as it was: the GET's body is the PUT's body, unchanged.
            var expected = try #require(got.json)
            expected["questions"] = questions
            expected.removeValue(forKey: "updatedAt")
            var actual = try #require(again.json)
            actual.removeValue(forKey: "updatedAt")
            #expect(try ParticipantAPI.text(actual) == ParticipantAPI.text(expected))
        }
    }

    /// Read-only members are ignored, whatever their value (a copy of another meeting's GET
    /// is imported as a definition); unknown members are still refused with their path.
    @Test func readOnlyMembersAreIgnoredAndUnknownOnesStillRefused() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            var body = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken).json)
            let other = try await Self.meeting(api, token: fixture.hostToken)
            let copied = try await api.send(.put, "/v1/meetings/\(other)/form", token: fixture.hostToken, json: body)
            #expect(copied.status == .ok, "\(copied.text)")
            #expect(copied.string("meetingId") == other && copied.string("state") == "draft" && copied.string("id") != body["id"] as? String)
            #expect(copied.json?["code"] is NSNull, "the draft has no code of its own yet: \(copied.text)")

            body["colour"] = "blue"
            body["state"] = 7
            let refused = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: body)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problemPaths == ["colour: is not a known field"], "\(refused.text)")
        }
    }

    /// Seen on main: the clean export needed a page cookie (a bearer token got 303).
    @Test func aDefinitionExportedWithABearerTokenImportsIntoAnotherMeeting() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            let exported = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form/definition", token: fixture.hostToken)
            #expect(exported.status == .ok, "\(exported.text)")
            #expect(exported.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(exported.headers[.cacheControl] == "no-store")
            let definition = try #require(exported.json, "\(exported.text)")
            #expect(Set(definition.keys).isDisjoint(with: ["id", "meetingId", "code", "state", "version", "participantUrl"]))
            #expect((definition["translations"] as? [String: Any])?["ko"] != nil && definition["speederThresholdSeconds"] as? Int == 7)

            let other = try await Self.meeting(api, token: fixture.hostToken)
            let imported = try await api.send(.put, "/v1/meetings/\(other)/form", token: fixture.hostToken, json: definition)
            #expect(imported.status == .ok, "\(imported.text)")
            let again = try await api.send(.get, "/v1/meetings/\(other)/form/definition", token: fixture.hostToken)
            #expect(try ParticipantAPI.text(try #require(again.json)) == ParticipantAPI.text(definition), "the import is the export")

            let stranger = try await api.publish(Self.form()).hostToken
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form/definition", token: stranger).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form/definition").status == .unauthorized)
        }
    }
}
