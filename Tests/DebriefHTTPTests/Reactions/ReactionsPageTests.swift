import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Reactions on the pages (docs/decisions/0100): the participant's buttons in the room's section,
/// a plain form with the room's cookie and proof; the counts on the dashboard and the presenter,
/// rendered by the server, in English and Korean.
@Suite("Pages: reactions during the meeting")
struct ReactionsPageTests {
    func react(_ api: ParticipantAPI, _ code: String, _ reaction: String, as browser: ParticipantAPI.RoomBrowser) async throws
        -> ParticipantReply
    {
        try await api.roomPagePost("/f/\(code)/reactions", [("reaction", reaction), ("language", "")], as: browser)
    }

    @Test func aParticipantReactsFromThePageAndTheHostSeesTheCounts() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let off = try await api.page("/f/\(fixture.code)")
            #expect(!off.text.contains(#"id="reactions""#), "no buttons while the room is off")
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let browser = try await api.joinRoom(fixture.code)
            let page = try await api.page("/f/\(fixture.code)", cookie: browser.cookie)
            #expect(page.text.contains(#"action="/f/\#(fixture.code)/reactions""#))
            for reaction in Reaction.allCases {
                #expect(page.text.contains(#"name="reaction" value="\#(reaction.rawValue)""#), "\(reaction)")
            }
            let sent = try await self.react(api, fixture.code, "clap", as: browser)
            #expect(sent.status == .seeOther)
            #expect(sent.headers[.location] == "/f/\(fixture.code)?room=reacted#reactions")
            let back = try await api.page("/f/\(fixture.code)?room=reacted", cookie: browser.cookie)
            #expect(back.text.contains("Reaction sent."))
            #expect(try await self.react(api, fixture.code, "heart", as: browser).status == .seeOther)
            #expect(try await database.query("SELECT sum(count)::int8 AS n FROM reaction_counts").single().decode("n", as: Int.self) == 2)

            let owner = try await RoomQuestionsModerationPageTests.owner(api, fixture)
            for path in ["/m/\(fixture.meetingID)", "/m/\(fixture.meetingID)/present"] {
                let host = try await api.page(path, cookie: owner.cookie)
                #expect(host.status == .ok, "\(path)")
                #expect(host.text.contains(#"id="reaction-counts""#), "\(path)")
                #expect(host.text.contains(#"data-reaction="clap">1<"#), "\(path)")
                #expect(host.text.contains(#"data-reaction="heart">1<"#), "\(path)")
                #expect(host.text.contains(#"data-reaction="laugh">0<"#), "\(path)")
                #expect(host.text.contains("2 in all"), "\(path)")
            }
            let korean = try await api.page("/m/\(fixture.meetingID)", language: "ko", cookie: owner.cookie)
            #expect(korean.text.contains("현장 반응"))
            let koreanRoom = try await api.page("/f/\(fixture.code)", language: "ko", cookie: browser.cookie)
            #expect(koreanRoom.text.contains("반응 보내기"))
        }
    }

    @Test func pastTheCapThePageSaysSoAndNothingIsCounted() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let browser = try await api.joinRoom(fixture.code)
            for _ in 0..<ReactionCaps.perMinute {
                #expect(try await self.react(api, fixture.code, "laugh", as: browser).headers[.location]?.contains("room=reacted") == true)
            }
            let refused = try await self.react(api, fixture.code, "laugh", as: browser)
            #expect(refused.status == .seeOther)
            #expect(refused.headers[.location] == "/f/\(fixture.code)?room=reaction-limited#reactions")
            let back = try await api.page("/f/\(fixture.code)?room=reaction-limited", cookie: browser.cookie)
            #expect(back.text.contains("wait a minute"))
            #expect(try await database.query("SELECT count FROM reaction_counts").single().decode("count", as: Int.self) == ReactionCaps.perMinute)
            // Without the room's proof, or with an emoji the service does not have, nothing is counted.
            let forged = try await api.post("/f/\(fixture.code)/reactions", [("csrf", "forged"), ("reaction", "clap")], cookie: browser.cookie)
            #expect(forged.status == .forbidden)
            let unknown = try await self.react(api, fixture.code, "pizza", as: try await api.joinRoom(fixture.code))
            #expect(unknown.status == .unprocessableContent)
            #expect(try await database.query("SELECT sum(count)::int8 AS n FROM reaction_counts").single().decode("n", as: Int.self) == ReactionCaps.perMinute)
        }
    }
}
