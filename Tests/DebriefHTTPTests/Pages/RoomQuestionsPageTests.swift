import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The participant page's "Questions from the room" (issue 50, docs/decisions/0075): plain forms
/// over the same actions as `/v1/f/{code}/room-questions`, the participant named by the
/// `debrief_room_voter` cookie the page issues, each post proven by the forms' `csrf`; a refused
/// post comes back with the problem next to its field and nothing stored.
@Suite("Pages: questions from the room, the participant's section")
struct RoomQuestionsPageTests {
    /// Turns the fixture's room on with these settings.
    static func turnOn(_ api: ParticipantAPI, _ fixture: PublishedFixture, moderation: String = "postThenHide", names: String = "anonymous")
        async throws
    {
        let settings = try await api.send(
            .put, "/v1/meetings/\(fixture.meetingID)/room-questions/settings", token: fixture.hostToken,
            json: ["enabled": true, "moderation": moderation, "names": names])
        try #require(settings.status == .ok, "\(settings.text)")
    }

    /// The `name=value` of the voter cookie a reply sets, for the next request's `Cookie`.
    static func voterCookie(_ reply: ParticipantReply) -> String? {
        reply.headers[values: .setCookie].first { $0.hasPrefix("debrief_room_voter=") }.map { String($0.prefix { $0 != ";" }) }
    }

    static func count(_ database: Database, _ table: String) async throws -> Int {
        try await database.query(SQLQuery(unsafeSQL: "SELECT count(*)::int8 AS n FROM \(table)")).single().decode("n")
    }

    @Test func theSectionIsShownOnlyWhenTheHostTurnedItOn() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let off = try await api.page("/f/\(fixture.code)")
            #expect(off.status == .ok)
            #expect(!off.text.contains(#"id="room-questions""#))
            #expect(Self.voterCookie(off) == nil, "a room that is off issues no identity")
            #expect(try await api.post("/f/\(fixture.code)/room-questions", [("text", "Hello?")]).status == .badRequest)
            try await Self.turnOn(api, fixture)
            let on = try await api.page("/f/\(fixture.code)")
            #expect(on.text.contains(#"id="room-questions""#))
            #expect(on.text.contains(#"action="/f/\#(fixture.code)/room-questions""#))
            #expect(!on.text.contains(#"id="room-name""#), "an anonymous room asks no name")
            // The page issues the browser its identity (issue 67), with the receipt's attributes.
            let setCookie = try #require(on.headers[values: .setCookie].first { $0.hasPrefix("debrief_room_voter=") })
            #expect(setCookie.contains("Path=/f/\(fixture.code)") && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))
            let cookie = try #require(Self.voterCookie(on))
            let again = try await api.page("/f/\(fixture.code)", cookie: cookie)
            #expect(Self.voterCookie(again) == nil, "a browser that has one keeps it")
            #expect(again.inputValue("csrf") == on.inputValue("csrf"), "its forms' proof follows its identity")
            let korean = try await api.page("/f/\(fixture.code)", language: "ko")
            #expect(korean.text.contains("현장 질문"))
        }
    }

    @Test func aPostIsListedAndAVoteTwiceCountsOnce() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await Self.turnOn(api, fixture)
            let asker = try await api.joinRoom(fixture.code)
            let cookie = asker.cookie
            let posted = try await api.roomPagePost("/f/\(fixture.code)/room-questions", [("text", "Can we talk about the roadmap?")], as: asker)
            #expect(posted.status == .seeOther, "\(posted.status) \(posted.text)")
            #expect(posted.headers[.location] == "/f/\(fixture.code)?room=posted#room-questions")
            #expect(Self.voterCookie(posted) == nil, "a post issues nothing")
            let page = try await api.page("/f/\(fixture.code)?room=posted", cookie: cookie)
            #expect(page.text.contains("Your question is posted."))
            #expect(page.text.contains("Can we talk about the roadmap?"))
            let id: UUID = try await database.query("SELECT id FROM room_questions").single().decode("id")
            let vote = "/f/\(fixture.code)/room-questions/\(id.uuidString.lowercased())/vote"
            #expect(page.text.contains(#"action="\#(vote)""#))
            // Another browser that opened the page votes; the same browser voting twice counts once.
            let browser = try await api.joinRoom(fixture.code)
            let voter = browser.cookie
            let first = try await api.roomPagePost(vote, [("up", "true")], as: browser)
            #expect(first.status == .seeOther, "\(first.status) \(first.text)")
            let second = try await api.roomPagePost(vote, [("up", "true")], as: browser)
            #expect(second.status == .seeOther)
            #expect(Self.voterCookie(second) == nil, "a known identity is kept, not replaced")
            #expect(try await Self.count(database, "room_question_votes") == 1)
            let voted = try await api.page("/f/\(fixture.code)", cookie: voter)
            #expect(voted.text.contains("1 vote"))
            #expect(voted.text.contains(#"aria-pressed="true""#) && voted.text.contains("Remove my vote"))
            #expect(try await api.page("/f/\(fixture.code)", cookie: cookie).text.contains(#"aria-pressed="false""#), "another browser did not vote")
            let back = try await api.roomPagePost(vote, [("up", "false")], as: browser)
            #expect(back.status == .seeOther)
            #expect(try await Self.count(database, "room_question_votes") == 0)
            // The page's identity is the API's: the same token as `Debrief-Voter` sees its vote.
            _ = try await api.roomPagePost(vote, [("up", "true")], as: browser)
            let token = String(voter.dropFirst("debrief_room_voter=".count))
            let listed = try await api.send(.get, "/v1/f/\(fixture.code)/room-questions", headers: [HTTPField.Name("Debrief-Voter")!: token])
            #expect((listed.json?["questions"] as? [[String: Any]])?.first?["votedByMe"] as? Bool == true, "\(listed.text)")
        }
    }

    @Test func aRefusedPostNamesItsFieldKeepsWhatWasTypedAndStoresNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await Self.turnOn(api, fixture, names: "named")
            let named = try await api.page("/f/\(fixture.code)")
            #expect(named.text.contains(#"id="room-name""#), "a named room asks a name")
            let browser = try await api.joinRoom(fixture.code)
            let refused = try await api.roomPagePost("/f/\(fixture.code)/room-questions", [("name", ""), ("text", "Who owns the budget?")], as: browser)
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.isHTML)
            #expect(refused.text.contains(#"id="room-name-error""#), "the name's problem is next to it")
            #expect(refused.text.contains(##"href="#room-name""##), "and linked from the summary")
            #expect(refused.text.contains(">Who owns the budget?</textarea>"), "what was typed is kept")
            let long = try await api.roomPagePost(
                "/f/\(fixture.code)/room-questions", [("name", "Ada"), ("text", String(repeating: "a", count: 281))], as: browser)
            #expect(long.status == .unprocessableContent)
            #expect(long.text.contains(#"id="room-text-error""#))
            #expect(try await Self.count(database, "room_questions") == 0)
        }
    }

    @Test func hiddenAndWaitingQuestionsAreNotShownAndTakeNoVote() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await Self.turnOn(api, fixture, moderation: "approveFirst")
            let browser = try await api.joinRoom(fixture.code)
            let cookie = browser.cookie
            let posted = try await api.roomPagePost("/f/\(fixture.code)/room-questions", [("text", "Waiting for the host")], as: browser)
            #expect(posted.headers[.location] == "/f/\(fixture.code)?room=waiting#room-questions")
            let waiting = try await api.page("/f/\(fixture.code)?room=waiting", cookie: cookie)
            #expect(waiting.text.contains("your question appears once the host approves it"))
            #expect(!waiting.text.contains("Waiting for the host</p>"), "not listed before the host approves it")
            let id: UUID = try await database.query("SELECT id FROM room_questions").single().decode("id")
            let vote = try await api.roomPagePost("/f/\(fixture.code)/room-questions/\(id.uuidString.lowercased())/vote", [("up", "true")], as: browser)
            #expect(vote.status == .notFound)
            #expect(vote.text.contains("That question is no longer shown."))
            #expect(try await Self.count(database, "room_question_votes") == 0)
            let approve = try await api.send(
                .patch, "/v1/meetings/\(fixture.meetingID)/room-questions/\(id.uuidString.lowercased())", token: fixture.hostToken,
                json: ["status": "visible"])
            #expect(approve.status == .ok)
            #expect(try await api.page("/f/\(fixture.code)").text.contains("Waiting for the host</p>"))
            let hide = try await api.send(
                .patch, "/v1/meetings/\(fixture.meetingID)/room-questions/\(id.uuidString.lowercased())", token: fixture.hostToken,
                json: ["status": "hidden"])
            #expect(hide.status == .ok)
            #expect(!(try await api.page("/f/\(fixture.code)").text.contains("Waiting for the host</p>")), "hidden again")
        }
    }

    @Test func theParticipantCapIsShownAsAMessage() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await Self.turnOn(api, fixture)
            let browser = try await api.joinRoom(fixture.code)
            for n in 1...20 {
                #expect(try await api.roomPagePost("/f/\(fixture.code)/room-questions", [("text", "question \(n)")], as: browser).status == .seeOther)
            }
            let over = try await api.roomPagePost("/f/\(fixture.code)/room-questions", [("text", "one too many")], as: browser)
            #expect(over.status == .conflict, "\(over.status)")
            #expect(over.text.contains("You have posted the most questions one person may post to this session (20)."))
            #expect(try await Self.count(database, "room_questions") == 20)
        }
    }
}
