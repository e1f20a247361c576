import Debrief
import DebriefTestSupport
import Foundation
import Testing

/// Issue 67: `{"number": 1e-400}` was a 400 "is not valid JSON". Every number RFC 8259 allows is
/// valid JSON: a body that has one is accepted or refused with a 422 naming its member, whichever
/// reader reads it (the submission's one-pass reader or the general path) and whatever the
/// member's type (an integer, a decimal).
@Suite("JSON numbers: every valid number is accepted or a 422 naming its field")
struct JSONNumberEdgeTests {
    static let numbers = [
        "1e-400", "-1e-400", "1e400", "-1e400", "0e-400", "0e400", "1e-130", "1e128", "-0", "-0.0", "1E+2", "1e2", "4.5e1",
        "1e-2147483649", "1e99999999999", "123456789012345678901234567890123456789012", "1.00000000000000000000000000000000000000000001",
    ]

    static func form() -> [String: Any] {
        [
            "title": "Retro", "anonymous": true,
            "questions": [
                ["key": "minutes", "prompt": "How long?", "kind": "number", "minimum": 0, "maximum": 200],
                ["key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5],
            ],
        ]
    }

    /// A 201 or a 422 whose first problem is at `path`; never a 400.
    static func expectAcceptedOrNamed(_ reply: ParticipantReply, _ path: String, _ number: String) {
        #expect(reply.status == .created || reply.status == .unprocessableContent, "\(number): \(reply.status) \(reply.text)")
        if reply.status == .unprocessableContent {
            #expect(reply.problemPaths.first?.hasPrefix(path + ": ") == true, "\(number): \(reply.text)")
        }
    }

    @Test func everyNumberInAnAnswerIsAcceptedOrNamed() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            for number in Self.numbers {
                let decimal = try await api.submit(fixture.code, raw: #"{"answers":[{"questionKey":"minutes","number":\#(number)}]}"#)
                Self.expectAcceptedOrNamed(decimal, "answers[0].number", number)
                let integer = try await api.submit(fixture.code, raw: #"{"answers":[{"questionKey":"useful","rating":\#(number)}]}"#)
                Self.expectAcceptedOrNamed(integer, "answers[0].rating", number)
            }
            // A tiny number is refused as such, and a plain 1E+2 is the number 100.
            let tiny = try await api.submit(fixture.code, raw: #"{"answers":[{"questionKey":"minutes","number":1e-400}]}"#)
            #expect(tiny.problemPaths == ["answers[0].number: is out of range"], "\(tiny.text)")
            let hundred = try await api.submit(fixture.code, raw: #"{"answers":[{"questionKey":"minutes","number":1E+2}]}"#)
            #expect(hundred.status == .created, "\(hundred.text)")
        }
    }

    /// The member named is the one the decoder could not read, not the first unusual number of
    /// the body (a decimal's 32.5 is a fine number).
    @Test func theMemberNamedIsTheOneThatCouldNotBeRead() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            let reply = try await api.submit(
                fixture.code, raw: #"{"answers":[{"questionKey":"minutes","number":32.5},{"questionKey":"useful","rating":1e400}]}"#)
            #expect(reply.problemPaths == ["answers[1].rating: is out of range"], "\(reply.text)")
            let fraction = try await api.submit(
                fixture.code, raw: #"{"answers":[{"questionKey":"minutes","number":1e-400},{"questionKey":"useful","rating":4.5}]}"#)
            #expect(fraction.problemPaths.first == "answers[0].number: is out of range", "\(fraction.text)")
        }
    }

    /// A form's figures (decimals) and the meeting's head count (an integer) too.
    @Test func everyNumberInADefinitionIsAcceptedOrNamed() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            // A meeting whose form is a draft: its figures may change.
            let start = Date().addingTimeInterval(86_400 * 400)
            let draft = try await api.send(
                .post, "/v1/meetings", token: fixture.hostToken,
                json: ["title": "Draft", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let meetingID = try #require(draft.string("id"), "\(draft.text)")
            for number in Self.numbers {
                let question = #"{"key":"minutes","prompt":"How long?","kind":"number","minimum":\#(number)}"#
                let saved = try await api.send(
                    .put, "/v1/meetings/\(meetingID)/form", token: fixture.hostToken,
                    raw: #"{"title":"Retro","questions":[\#(question)]}"#)
                #expect(saved.status == .ok || saved.status == .unprocessableContent, "\(number): \(saved.status) \(saved.text)")
                if saved.status == .unprocessableContent {
                    #expect(saved.problemPaths.first?.hasPrefix("questions[0].minimum: ") == true, "\(number): \(saved.text)")
                }
                let meeting = try await api.send(
                    .patch, "/v1/meetings/\(meetingID)", token: fixture.hostToken, raw: #"{"expectedHeadCount":\#(number)}"#)
                #expect(meeting.status == .ok || meeting.status == .unprocessableContent, "\(number): \(meeting.status) \(meeting.text)")
                if meeting.status == .unprocessableContent {
                    #expect(meeting.problemPaths.first?.hasPrefix("expectedHeadCount: ") == true, "\(number): \(meeting.text)")
                }
            }
        }
    }

    /// The submission's one-pass reader gives up on what it does not read itself, so both readers
    /// agree: either it declines, or it reads what the general path reads.
    @Test(arguments: Self.numbers)
    func theTwoReadersOfASubmissionAgree(_ number: String) throws {
        for body in [#"{"answers":[{"questionKey":"useful","rating":\#(number)}]}"#, #"{"answers":[{"questionKey":"m","number":\#(number)}]}"#] {
            guard let fast = SubmissionJSON.decode(Array(body.utf8)) else { continue }
            let general = try? JSONCoding.decoder.decode(SubmissionInput.self, from: Data(body.utf8))
            #expect(general == fast, "\(body)")
        }
    }
}
