@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// "Close the previous session's form" when the next session is planned (issue 32 item 16): an
/// explicit `closePreviousForm` in the API, a checkbox on the page, unticked by default (issue 68:
/// a live form is never closed unless the host ticks it); closing goes
/// through the form's close path, and a refused next session closes nothing.
@Suite("Next session: closing the previous session's form")
struct NextSessionCloseTests {
    static func nextWeek(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> (start: Date, end: Date) {
        let meeting = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).json)
        let start = try #require(Timestamps.parse(meeting["startsAt"] as? String ?? ""), "\(meeting)")
        return (start.addingTimeInterval(7 * 86_400), start.addingTimeInterval(7 * 86_400 + 3600))
    }

    static func formState(_ api: ParticipantAPI, _ fixture: PublishedFixture, meeting: String? = nil) async throws -> String? {
        try await api.send(.get, "/v1/meetings/\(meeting ?? fixture.meetingID)/form", token: fixture.hostToken).string("state")
    }

    @Test(arguments: [true, false, nil] as [Bool?])
    func theAPIClosesThePreviousFormOnlyWhenAsked(_ close: Bool?) async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            let (start, end) = try await Self.nextWeek(api, fixture)
            var body: [String: Any] = ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(end)]
            if let close { body["closePreviousForm"] = close }
            let next = try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken, json: body)
            #expect(next.status == .created, "\(next.text)")
            let nextID = try #require(next.string("id"))
            #expect(try await Self.formState(api, fixture) == (close == true ? "closed" : "open"), "closePreviousForm: \(String(describing: close))")
            #expect(try await Self.formState(api, fixture, meeting: nextID) == "draft", "the new session's form is a draft copy")
            // Closed as the host would close it: participants are told, the results say so.
            let participant = try await api.send(.get, "/v1/f/\(fixture.code)")
            if close == true {
                #expect(participant.status != .ok, "a closed form takes no answers: \(participant.status)")
                let late = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()])
                #expect(late.status != .created, "\(late.status) \(late.text)")
            } else {
                #expect(participant.status == .ok)
            }
        }
    }

    @Test func aRefusedNextSessionClosesNothingAndADraftIsLeftAlone() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let meeting = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).json)
            // The same times as the meeting itself: an overlap, refused.
            let refused = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": meeting["startsAt"] ?? "", "endsAt": meeting["endsAt"] ?? "", "closePreviousForm": true])
            #expect(refused.status == .conflict, "\(refused.text)")
            #expect(try await Self.formState(api, fixture) == "open", "a refused next session leaves last week's form open")
            let wrongType = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": meeting["startsAt"] ?? "", "endsAt": meeting["endsAt"] ?? "", "closePreviousForm": "yes"])
            #expect(wrongType.status == .unprocessableContent || wrongType.status == .badRequest, "\(wrongType.status) \(wrongType.text)")
            #expect(try await Self.formState(api, fixture) == "open")

            // Session 2's form is a draft: asking to close it from session 3 changes nothing.
            let (start, end) = try await Self.nextWeek(api, fixture)
            let second = try #require(try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(end)]).string("id"))
            let third = try await api.send(
                .post, "/v1/meetings/\(second)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start.addingTimeInterval(7 * 86_400)),
                       "endsAt": ParticipantAPI.iso(end.addingTimeInterval(7 * 86_400)), "closePreviousForm": true])
            #expect(third.status == .created, "\(third.text)")
            #expect(try await Self.formState(api, fixture, meeting: second) == "draft")
        }
    }

    @Test func thePageOffersTheChoiceUntickedAndHonoursATick() async throws {
        try await ParticipantAPI.run { api, _ in
            for ticked in [true, false] {
                let fixture = try await api.publish()
                let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
                let session = try #require(try await api.signIn(email: email).1)
                let form = try await api.page("/m/\(fixture.meetingID)/next", cookie: session.cookie)
                #expect(form.text.contains("name=\"closePreviousForm\" value=\"on\" aria-describedby"), "offered: \(form.text.prefix(4000))")
                #expect(!form.text.contains("name=\"closePreviousForm\" value=\"on\" checked"), "unticked by default (issue 68)")
                #expect(form.text.contains("Session 1"), "the choice names the session it closes")
                var fields = [
                    ("csrf", session.csrf), ("title", "Retro"), ("startsAt", try #require(form.inputValue("startsAt"))),
                    ("endsAt", try #require(form.inputValue("endsAt"))),
                ]
                if ticked { fields.append(("closePreviousForm", "on")) }
                let created = try await api.post("/m/\(fixture.meetingID)/next", fields, cookie: session.cookie)
                #expect(created.status == .seeOther, "\(created.status) \(created.text.prefix(2000))")
                #expect(try await Self.formState(api, fixture) == (ticked ? "closed" : "open"), "ticked: \(ticked)")

                // Nothing to close any more (or a draft): the choice is not offered.
                let next = try #require(created.headers[.location])
                let again = try await api.page(next + "/next", cookie: session.cookie)
                #expect(!again.text.contains("closePreviousForm"), "the new session's form is a draft")
            }
        }
    }

    @Test func anErrorKeepsTheChoiceAsPosted() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let refused = try await api.post(
                "/m/\(fixture.meetingID)/next",
                [("csrf", session.csrf), ("title", ""), ("startsAt", "2031-01-01T09:00"), ("endsAt", "2031-01-01T10:00")],
                cookie: session.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("name=\"closePreviousForm\" value=\"on\" aria-describedby"), "unticked stays unticked")
            #expect(try await Self.formState(api, fixture) == "open")
        }
    }
}
