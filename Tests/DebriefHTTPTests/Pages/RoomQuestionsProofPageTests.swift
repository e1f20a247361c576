import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 67: the page's posts and votes in the room's questions need the identity the page issued
/// (its cookie) and the proof every other page form carries (`csrf`, keyed by that identity).
/// Before, a vote from any site counted (`Origin: https://evil.example`, `Sec-Fetch-Site:
/// cross-site` → 303, a new participant each time), and a vote while the room was off was taken.
@Suite("Pages: questions from the room, the proof a post carries")
struct RoomQuestionsProofPageTests {
    static let crossSite: HTTPFields = [
        HTTPField.Name("Origin")!: "https://evil.example", HTTPField.Name("Sec-Fetch-Site")!: "cross-site",
    ]

    /// A published room with one question; its vote path.
    static func roomWithAQuestion(_ api: ParticipantAPI) async throws -> (PublishedFixture, String) {
        let fixture = try await api.publish()
        try await RoomQuestionsPageTests.turnOn(api, fixture)
        let id = try #require(try await api.roomPost(fixture.code, json: ["text": "Who owns the roadmap?"]).string("id"))
        return (fixture, "/f/\(fixture.code)/room-questions/\(id)/vote")
    }

    @Test func aVoteFromAnotherSiteIsRefusedAndCountsNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let (fixture, vote) = try await Self.roomWithAQuestion(api)
            // A browser on another site's page sends no `Lax` cookie: refused, naming the cookie.
            for _ in 0..<3 {
                let forged = try await api.post(vote, [("up", "true")], headers: Self.crossSite)
                #expect(forged.status == .badRequest, "\(forged.status) \(forged.text)")
                #expect(forged.text.contains("debrief_room_voter"), "\(forged.text)")
                #expect(RoomQuestionsPageTests.voterCookie(forged) == nil, "a refused post issues nothing")
            }
            // A site that can make the browser send the cookie (a frame, a sibling site) still
            // cannot read the page's proof: without it, or with another browser's, 403.
            let victim = try await api.joinRoom(fixture.code)
            let other = try await api.joinRoom(fixture.code)
            let unproven = try await api.post(vote, [("up", "true")], cookie: victim.cookie, headers: Self.crossSite)
            #expect(unproven.status == .forbidden, "\(unproven.status)")
            let borrowed = try await api.post(vote, [("csrf", other.csrf), ("up", "true")], cookie: victim.cookie, headers: Self.crossSite)
            #expect(borrowed.status == .forbidden, "\(borrowed.status)")
            #expect(try await RoomQuestionsPageTests.count(database, "room_question_votes") == 0)
            // The page's own form counts.
            #expect(try await api.roomPagePost(vote, [("up", "true")], as: victim).status == .seeOther)
            #expect(try await RoomQuestionsPageTests.count(database, "room_question_votes") == 1)
        }
    }

    @Test func aPostWithoutThePagesProofStoresNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let (fixture, _) = try await Self.roomWithAQuestion(api)
            let post = "/f/\(fixture.code)/room-questions"
            for _ in 0..<3 {
                #expect(try await api.post(post, [("text", "Flood")], headers: Self.crossSite).status == .badRequest)
            }
            let browser = try await api.joinRoom(fixture.code)
            #expect(try await api.post(post, [("text", "Flood")], cookie: browser.cookie).status == .forbidden)
            let forged = try await api.post(post, [("csrf", "x"), ("text", "Flood")], cookie: "debrief_room_voter=\(UUID().uuidString).abc")
            #expect(forged.status == .forbidden, "a made-up cookie has no proof either")
            #expect(try await RoomQuestionsPageTests.count(database, "room_questions") == 1)
        }
    }

    @Test func aVoteWhileTheRoomIsOffIsRefused() async throws {
        try await ParticipantAPI.run { api, database in
            let (fixture, vote) = try await Self.roomWithAQuestion(api)
            let browser = try await api.joinRoom(fixture.code)
            let off = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/room-questions/settings", token: fixture.hostToken,
                json: ["enabled": false, "moderation": "postThenHide", "names": "anonymous"])
            #expect(off.status == .ok)
            let refused = try await api.roomPagePost(vote, [("up", "true")], as: browser)
            #expect(refused.status == .conflict, "\(refused.status)")
            #expect(try await RoomQuestionsPageTests.count(database, "room_question_votes") == 0)
        }
    }
}
