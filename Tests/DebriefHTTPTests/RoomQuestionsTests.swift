import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Questions from the room (issue 50, docs/decisions/0075) on real PostgreSQL: participants post
/// and upvote through the form's code, the host moderates through the meeting's id.
@Suite("Questions from the room")
struct RoomQuestionsTests {
    static let voter = HTTPField.Name("Debrief-Voter")!

    /// A published meeting with the room's questions set as given; returns its id and form code.
    func room(
        _ api: APIClient, token: String, moderation: String = "postThenHide", names: String = "anonymous"
    ) async throws -> (meeting: String, code: String) {
        let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)
        try await api.putSampleForm(token: token, meeting: meeting)
        let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
        let settings = try await api.send(
            .put, "/v1/meetings/\(meeting)/room-questions/settings", token: token,
            json: ["enabled": true, "moderation": moderation, "names": names])
        #expect(settings.status == .ok, "\(settings.text)")
        return (meeting, try #require(published.string("code")))
    }

    /// A new identity in the room of `code`, as the server issues it (nil when it refuses).
    static func issue(_ api: APIClient, code: String) async throws -> String? {
        let reply = try await api.send(.post, "/v1/f/\(code)/room-questions/voter")
        guard reply.status == .created else { return nil }
        #expect(reply.string("voter") == reply.headers[Self.voter], "the body and the header carry one token")
        return reply.headers[Self.voter]
    }

    /// Posts `text` as the voter `as` (a newly issued one when nil); returns the reply and the voter's token.
    func post(_ api: APIClient, code: String, _ text: String, as voter: String? = nil, name: String? = nil) async throws -> (APIClient.Reply, String?) {
        var body: [String: Any] = ["text": text]
        if let name { body["name"] = name }
        var voter = voter
        if voter == nil { voter = try await Self.issue(api, code: code) }
        let reply = try await api.send(.post, "/v1/f/\(code)/room-questions", json: body, headers: voter.map { [Self.voter: $0] } ?? [:])
        return (reply, voter)
    }

    func roomList(_ api: APIClient, code: String, as voter: String? = nil) async throws -> [[String: Any]] {
        let reply = try await api.send(.get, "/v1/f/\(code)/room-questions", headers: voter.map { [Self.voter: $0] } ?? [:])
        #expect(reply.status == .ok, "\(reply.text)")
        return reply.json?["questions"] as? [[String: Any]] ?? []
    }

    func count(_ database: Database, _ sql: SQLQuery) async throws -> Int {
        try await database.query(sql).single().decode("n")
    }

    @Test func aDoubleVoteIsStoredOnceAndCanBeTakenBack() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.room(api, token: token)
            let (posted, _) = try await self.post(api, code: code, "Can we talk about the roadmap?")
            #expect(posted.status == .created, "\(posted.text)")
            let id = try #require(posted.string("id"))
            let voter = try #require(try await Self.issue(api, code: code))
            for _ in 0..<2 {
                let vote = try await api.send(.put, "/v1/f/\(code)/room-questions/\(id)/vote", headers: [Self.voter: voter])
                #expect(vote.status == .noContent, "\(vote.text)")
            }
            #expect(try await self.count(database, "SELECT count(*)::int8 AS n FROM room_question_votes") == 1)
            let listed = try await self.roomList(api, code: code, as: voter)
            #expect(listed.first?["votes"] as? Int == 1)
            #expect(listed.first?["votedByMe"] as? Bool == true)
            let unvote = try await api.send(.delete, "/v1/f/\(code)/room-questions/\(id)/vote", headers: [Self.voter: voter])
            #expect(unvote.status == .noContent)
            #expect(try await self.count(database, "SELECT count(*)::int8 AS n FROM room_question_votes") == 0)
        }
    }

    @Test func theListIsSortedByVotesWithThePinnedOneFirst() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room(api, token: token)
            var ids: [String] = []
            for text in ["first", "second", "third"] {
                ids.append(try #require(try await self.post(api, code: code, text).0.string("id")))
            }
            // "third" gets two votes, "second" one.
            for (question, voters) in [(ids[2], 2), (ids[1], 1)] {
                for _ in 0..<voters {
                    let voter = try #require(try await Self.issue(api, code: code))
                    let vote = try await api.send(.put, "/v1/f/\(code)/room-questions/\(question)/vote", headers: [Self.voter: voter])
                    #expect(vote.status == .noContent)
                }
            }
            #expect(try await self.roomList(api, code: code).compactMap { $0["text"] as? String } == ["third", "second", "first"])
            for pinned in [ids[1], ids[0]] {
                let pin = try await api.send(.patch, "/v1/meetings/\(meeting)/room-questions/\(pinned)", token: token, json: ["pinned": true])
                #expect(pin.status == .ok, "\(pin.text)")
            }
            let listed = try await self.roomList(api, code: code)
            #expect(listed.compactMap { $0["text"] as? String } == ["first", "third", "second"])
            #expect(listed.filter { $0["pinned"] as? Bool == true }.count == 1, "pinning one unpins the other")
        }
    }

    @Test func aHiddenQuestionIsInvisibleToTheRoomAndTakesNoVote() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room(api, token: token)
            let id = try #require(try await self.post(api, code: code, "BUY CHEAP WATCHES").0.string("id"))
            #expect(try await self.roomList(api, code: code).count == 1)
            let hide = try await api.send(.patch, "/v1/meetings/\(meeting)/room-questions/\(id)", token: token, json: ["status": "hidden"])
            #expect(hide.status == .ok, "\(hide.text)")
            #expect(try await self.roomList(api, code: code).isEmpty)
            let voter = try #require(try await Self.issue(api, code: code))
            let vote = try await api.send(.put, "/v1/f/\(code)/room-questions/\(id)/vote", headers: [Self.voter: voter])
            #expect(vote.status == .notFound)
            #expect(try await self.count(database, "SELECT count(*)::int8 AS n FROM room_question_votes") == 0)
            let host = try await api.send(.get, "/v1/meetings/\(meeting)/room-questions", token: token)
            let questions = host.json?["questions"] as? [[String: Any]] ?? []
            #expect(questions.first?["status"] as? String == "hidden", "the host still sees it")
        }
    }

    @Test func anApproveFirstQuestionIsInvisibleUntilApproved() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room(api, token: token, moderation: "approveFirst", names: "named")
            let (unnamed, _) = try await self.post(api, code: code, "Who owns the budget?")
            #expect(unnamed.status == .unprocessableContent)
            #expect(unnamed.problemPaths == ["name: is required"])
            let (posted, _) = try await self.post(api, code: code, "Who owns the budget?", name: "Ada")
            #expect(posted.status == .created, "\(posted.text)")
            let id = try #require(posted.string("id"))
            #expect(try await self.roomList(api, code: code).isEmpty)
            let approve = try await api.send(.patch, "/v1/meetings/\(meeting)/room-questions/\(id)", token: token, json: ["status": "visible"])
            #expect(approve.status == .ok, "\(approve.text)")
            let listed = try await self.roomList(api, code: code)
            #expect(listed.first?["name"] as? String == "Ada")
        }
    }

    @Test func badInputNamesTheFieldAndStoresNothing() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room(api, token: token)
            for (text, message) in [("   ", "text: must not be empty"), (String(repeating: "a", count: 281), "text: must be at most 280 characters"),
                                    ("bell\u{07}", "text: must not contain control characters")] {
                let (reply, _) = try await self.post(api, code: code, text)
                #expect(reply.status == .unprocessableContent)
                #expect(reply.problemPaths == [message])
            }
            let settings = try await api.send(
                .put, "/v1/meetings/\(meeting)/room-questions/settings", token: token, json: ["enabled": true, "moderation": "later"])
            #expect(settings.status == .unprocessableContent)
            #expect(Set(settings.problemPaths) == ["moderation: must be one of 'approveFirst', 'postThenHide'", "names: is required"])
            #expect(try await self.count(database, "SELECT count(*)::int8 AS n FROM room_questions") == 0)
        }
    }

    @Test func theCapsRefuseWithTheirNameAndStoreNothing() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room(api, token: token)
            var voter: String?
            for number in 1...20 {
                let (reply, token) = try await self.post(api, code: code, "question \(number)", as: voter)
                #expect(reply.status == .created, "\(reply.text)")
                voter = token
            }
            let (over, _) = try await self.post(api, code: code, "one more", as: voter)
            #expect(over.status == .conflict)
            #expect(over.problem?.detail?.contains("(20)") == true)
            // The meeting's cap: fill it up to one short, directly, then one more post passes and the next does not.
            let meetingID = try #require(UUID(uuidString: meeting))
            try await database.execute(
                """
                INSERT INTO room_questions (meeting_id, author, body, status)
                SELECT \(meetingID), gen_random_uuid(), 'filler', 'visible' FROM generate_series(1, 479)
                """)
            let (last, _) = try await self.post(api, code: code, "the 500th")
            #expect(last.status == .created, "\(last.text)")
            let (refused, _) = try await self.post(api, code: code, "the 501st")
            #expect(refused.status == .conflict)
            #expect(refused.problem?.detail?.contains("(500)") == true)
            #expect(try await self.count(database, "SELECT count(*)::int8 AS n FROM room_questions") == 500)
        }
    }

    @Test func aRoomWithQuestionsOffRefusesPostsAndAnotherHostSeesNothing() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room(api, token: token)
            let earlier = try #require(try await Self.issue(api, code: code))
            let off = try await api.send(
                .put, "/v1/meetings/\(meeting)/room-questions/settings", token: token,
                json: ["enabled": false, "moderation": "postThenHide", "names": "anonymous"])
            #expect(off.status == .ok)
            let (refused, _) = try await self.post(api, code: code, "hello?", as: earlier)
            #expect(refused.status == .conflict)
            #expect(try await Self.issue(api, code: code) == nil, "no identity is issued while the room is off")
            let (stranger, _) = try await api.signUpAndLogIn()
            let other = try await api.send(.get, "/v1/meetings/\(meeting)/room-questions", token: stranger)
            #expect(other.status == .notFound)
            let change = try await api.send(
                .put, "/v1/meetings/\(meeting)/room-questions/settings", token: stranger,
                json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
            #expect(change.status == .notFound)
            #expect(try await self.count(database, "SELECT count(*)::int8 AS n FROM room_questions") == 0)
        }
    }
}
