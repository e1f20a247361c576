import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The room's votes go through a batcher that shares commits, and each question keeps its count
/// (issue 52, SQL/0071, docs/decisions/0075): whatever arrives at once, a vote is stored once, a
/// take-back removes it, the count is always the number of stored votes, and the list the room
/// reads shows it through moderation.
@Suite("Questions from the room: votes at once, and the counts kept from them")
struct RoomQuestionVoteCountTests {
    let room = RoomQuestionsTests()

    /// A new voter's token, as the server issues it.
    func newVoter(_ api: APIClient, code: String) async throws -> String {
        try #require(try await RoomQuestionsTests.issue(api, code: code))
    }

    func vote(_ api: APIClient, code: String, _ question: String, up: Bool, as voter: String) async throws -> HTTPResponse.Status {
        try await api.send(up ? .put : .delete, "/v1/f/\(code)/room-questions/\(question)/vote", headers: [RoomQuestionsTests.voter: voter]).status
    }

    typealias Call = @Sendable () async throws -> HTTPResponse.Status

    /// Sends every request of `requests` at once; their statuses.
    func atOnce(_ requests: [Call]) async throws -> [HTTPResponse.Status] {
        try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
            for request in requests { group.addTask { try await request() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// Each question's count as stored, and its vote rows as counted, by question id.
    func stored(_ database: Database) async throws -> (counts: [String: Int], rows: [String: Int]) {
        let rows = try await database.query(
            """
            SELECT q.id::text AS id, q.votes, (SELECT count(*) FROM room_question_votes v WHERE v.question_id = q.id)::int8 AS n
            FROM room_questions q
            """)
        var counts: [String: Int] = [:]
        var counted: [String: Int] = [:]
        for row in rows {
            let id: String = try row.decode("id")
            counts[id] = try row.decode("votes")
            counted[id] = try row.decode("n")
        }
        return (counts, counted)
    }

    @Test func oneVoterVotingManyTimesAtOnceIsCountedOnce() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.room.room(api, token: token)
            let id = try #require(try await self.room.post(api, code: code, "Can we talk about the roadmap?").0.string("id"))
            let voter = try await self.newVoter(api, code: code)
            let again: Call = { try await self.vote(api, code: code, id, up: true, as: voter) }
            let statuses = try await self.atOnce(Array(repeating: again, count: 24))
            #expect(statuses.allSatisfy { $0 == .noContent }, "\(statuses)")
            let (counts, rows) = try await self.stored(database)
            #expect(rows[id.lowercased()] == 1)
            #expect(counts[id.lowercased()] == 1, "the count moved once, by the one row stored")
            let listed = try await self.room.roomList(api, code: code, as: voter)
            #expect(listed.first?["votes"] as? Int == 1)
            #expect(listed.first?["votedByMe"] as? Bool == true)
        }
    }

    @Test func votesAndTakeBacksAtOnceLeaveEachCountEqualToItsVotes() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.room.room(api, token: token)
            var questions: [String] = []
            for text in ["First?", "Second?", "Third?"] {
                questions.append(try #require(try await self.room.post(api, code: code, text).0.string("id")))
            }
            var voters: [String] = []
            for _ in 0..<12 { voters.append(try await self.newVoter(api, code: code)) }
            let (q0, q1, q2) = (questions[0], questions[1], questions[2])
            var everyVote: [Call] = []
            for voter in voters {
                for question in questions { everyVote.append { try await self.vote(api, code: code, question, up: true, as: voter) } }
            }
            #expect(try await self.atOnce(everyVote).allSatisfy { $0 == .noContent })
            // Five take back on the first, three vote again on the second, one takes back twice on the third.
            var mixed: [Call] = []
            for voter in voters[0..<5] { mixed.append { try await self.vote(api, code: code, q0, up: false, as: voter) } }
            for voter in voters[0..<3] { mixed.append { try await self.vote(api, code: code, q1, up: true, as: voter) } }
            let twice = voters[6]
            for _ in 0..<2 { mixed.append { try await self.vote(api, code: code, q2, up: false, as: twice) } }
            #expect(try await self.atOnce(mixed).allSatisfy { $0 == .noContent })
            let (counts, rows) = try await self.stored(database)
            #expect(rows[q0.lowercased()] == 7 && rows[q1.lowercased()] == 12 && rows[q2.lowercased()] == 11, "\(rows)")
            #expect(counts == rows, "every count is its question's stored votes")
            let listed = try await self.room.roomList(api, code: code, as: voters[0])
            let votes = Dictionary(uniqueKeysWithValues: listed.map { ($0["id"] as? String ?? "", $0["votes"] as? Int ?? -1) })
            #expect(votes == [q0: 7, q1: 12, q2: 11], "\(votes)")
            #expect(listed.first { $0["id"] as? String == q0 }?["votedByMe"] as? Bool == false, "the first voter took theirs back")
        }
    }

    @Test func aTakenBackVoteIsGoneAndTakingItBackAgainChangesNothing() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.room.room(api, token: token)
            let id = try #require(try await self.room.post(api, code: code, "Why Fridays?").0.string("id"))
            let (ana, ben) = (try await self.newVoter(api, code: code), try await self.newVoter(api, code: code))
            #expect(try await self.vote(api, code: code, id, up: true, as: ana) == .noContent)
            #expect(try await self.vote(api, code: code, id, up: true, as: ben) == .noContent)
            #expect(try await self.vote(api, code: code, id, up: false, as: ana) == .noContent)
            #expect(try await self.vote(api, code: code, id, up: false, as: ana) == .noContent)
            let listed = try await self.room.roomList(api, code: code, as: ana)
            #expect(listed.first?["votes"] as? Int == 1, "Ben's vote stays, Ana's is gone once")
            #expect(listed.first?["votedByMe"] as? Bool == false)
            #expect(try await self.room.roomList(api, code: code, as: ben).first?["votedByMe"] as? Bool == true)
            let (counts, rows) = try await self.stored(database)
            #expect(counts == [id.lowercased(): 1] && rows == counts)
        }
    }

    @Test func theRoomsCountFollowsItsVotesThroughModeration() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room.room(api, token: token)
            let id = try #require(try await self.room.post(api, code: code, "Budget?").0.string("id"))
            let (ana, ben) = (try await self.newVoter(api, code: code), try await self.newVoter(api, code: code))
            #expect(try await self.vote(api, code: code, id, up: true, as: ana) == .noContent)
            #expect(try await self.vote(api, code: code, id, up: true, as: ben) == .noContent)
            #expect(try await self.room.roomList(api, code: code).first?["votes"] as? Int == 2)
            let hide = try await api.send(.patch, "/v1/meetings/\(meeting)/room-questions/\(id)", token: token, json: ["status": "hidden"])
            #expect(hide.status == .ok, "\(hide.text)")
            #expect(try await self.room.roomList(api, code: code).isEmpty)
            // Hidden, it takes no vote and no take-back: its count stays.
            #expect(try await self.vote(api, code: code, id, up: false, as: ana) == .notFound)
            #expect(try await self.vote(api, code: code, id, up: true, as: try await self.newVoter(api, code: code)) == .notFound)
            let host = try await api.send(.get, "/v1/meetings/\(meeting)/room-questions", token: token)
            #expect((host.json?["questions"] as? [[String: Any]])?.first?["votes"] as? Int == 2, "\(host.text)")
            let show = try await api.send(.patch, "/v1/meetings/\(meeting)/room-questions/\(id)", token: token, json: ["status": "visible"])
            #expect(show.status == .ok, "\(show.text)")
            #expect(try await self.vote(api, code: code, id, up: false, as: ben) == .noContent)
            #expect(try await self.room.roomList(api, code: code).first?["votes"] as? Int == 1)
            let (counts, rows) = try await self.stored(database)
            #expect(counts == [id.lowercased(): 1] && rows == counts)
        }
    }
}
