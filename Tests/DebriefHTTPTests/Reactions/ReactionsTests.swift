@testable import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Reactions during the meeting (issue 71 goal 4, SQL/0087, docs/decisions/0100): a participant
/// sends one with the room's identity, the host reads the counts, each identity is capped per
/// minute and per meeting, and nothing stored names who reacted.
@Suite("Reactions during the meeting")
struct ReactionsTests {
    let room = RoomQuestionsTests()

    func react(_ api: APIClient, code: String, _ reaction: Any?, as voter: String?) async throws -> APIClient.Reply {
        var body: [String: Any] = [:]
        if let reaction { body["reaction"] = reaction }
        return try await api.send(
            .post, "/v1/f/\(code)/reactions", json: body, headers: voter.map { [RoomQuestionsTests.voter: $0] } ?? [:])
    }

    static func count(_ reply: APIClient.Reply, _ reaction: String) -> Int? {
        let items = reply.json?["items"] as? [[String: Any]] ?? []
        return items.first { $0["reaction"] as? String == reaction }?["count"] as? Int
    }

    @Test func aReactionIsCountedAndTheHostReadsTheCounts() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room.room(api, token: token)
            let voter = try #require(try await RoomQuestionsTests.issue(api, code: code))
            let sent = try await self.react(api, code: code, "thumbsUp", as: voter)
            #expect(sent.status == .ok, "\(sent.text)")
            #expect(Self.count(sent, "thumbsUp") == 1)
            #expect(try await self.react(api, code: code, "👍", as: voter).status == .ok, "the emoji names it too")
            #expect(try await self.react(api, code: code, "❤", as: voter).status == .ok, "with or without the variation selector")
            let host = try await api.send(.get, "/v1/meetings/\(meeting)/reactions", token: token)
            #expect(host.status == .ok, "\(host.text)")
            #expect(Self.count(host, "thumbsUp") == 2)
            #expect(Self.count(host, "heart") == 1)
            #expect(Self.count(host, "clap") == 0, "every reaction is listed, zeros included")
            #expect(host.json?["total"] as? Int == 3)
            let items = try #require(host.json?["items"] as? [[String: Any]])
            #expect(items.map { $0["reaction"] as? String } == Reaction.allCases.map(\.rawValue), "in the one list's order")
            #expect(items.allSatisfy { Set($0.keys) == ["reaction", "emoji", "count"] }, "nothing but the counts")
            let head = try await api.send(.head, "/v1/meetings/\(meeting)/reactions", token: token)
            #expect(head.status == .ok)
            #expect(head.body.isEmpty)
            // What the caps keep is a keyed hash, never the identity.
            let voterID = String(voter.split(separator: ".")[0])
            let senders = try await database.query("SELECT sender, total FROM reaction_senders")
            #expect(senders.count == 1)
            let sender: String = try senders.single().decode("sender")
            #expect(!sender.lowercased().contains(voterID.lowercased()))
            #expect(try senders.single().decode("total", as: Int.self) == 3)
            let other = try await api.signUpAndLogIn(email: "other@example.com")
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/reactions", token: other.0).status == .notFound)
        }
    }

    @Test func anUnknownReactionOrAMissingIdentityIsRefusedAndNothingCounted() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.room.room(api, token: token)
            let voter = try #require(try await RoomQuestionsTests.issue(api, code: code))
            for bad: Any? in ["🍕", "thumbs", "", 5, nil, String(repeating: "👍", count: 40)] {
                let reply = try await self.react(api, code: code, bad, as: voter)
                #expect(reply.status == .unprocessableContent, "\(String(describing: bad)): \(reply.text)")
                #expect(reply.problemPaths.first?.hasPrefix("reaction") == true, "\(reply.text)")
            }
            let anonymous = try await self.react(api, code: code, "clap", as: nil)
            #expect(anonymous.status == .badRequest)
            #expect(anonymous.text.contains("Debrief-Voter"))
            let forged = try await self.react(api, code: code, "clap", as: UUID().uuidString.lowercased() + ".forged")
            #expect(forged.status == .badRequest)
            #expect(try await database.query("SELECT count(*)::int8 AS n FROM reaction_counts").single().decode("n", as: Int.self) == 0)
            #expect(try await database.query("SELECT count(*)::int8 AS n FROM reaction_senders").single().decode("n", as: Int.self) == 0)
        }
    }

    @Test func oneIdentityIsCappedPerMinuteAndPerMeeting() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room.room(api, token: token)
            let voter = try #require(try await RoomQuestionsTests.issue(api, code: code))
            for _ in 0..<ReactionCaps.perMinute {
                #expect(try await self.react(api, code: code, "laugh", as: voter).status == .ok)
            }
            let refused = try await self.react(api, code: code, "laugh", as: voter)
            #expect(refused.status == .tooManyRequests, "\(refused.text)")
            let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect(wait >= 1 && wait <= ReactionCaps.window)
            let another = try #require(try await RoomQuestionsTests.issue(api, code: code))
            #expect(try await self.react(api, code: code, "laugh", as: another).status == .ok, "another identity has its own cap")
            // The window has passed: the identity may react again.
            try await database.execute("UPDATE reaction_senders SET window_started_at = now() - interval '61 seconds'")
            #expect(try await self.react(api, code: code, "laugh", as: voter).status == .ok)
            // Near the meeting's cap: one more, then none, whatever the window.
            try await database.execute(
                "UPDATE reaction_senders SET total = \(ReactionCaps.perMeeting - 1), window_started_at = now() - interval '61 seconds'")
            #expect(try await self.react(api, code: code, "laugh", as: voter).status == .ok)
            try await database.execute("UPDATE reaction_senders SET window_started_at = now() - interval '61 seconds'")
            let capped = try await self.react(api, code: code, "laugh", as: voter)
            #expect(capped.status == .tooManyRequests)
            #expect(capped.text.contains(String(ReactionCaps.perMeeting)))
            let host = try await api.send(.get, "/v1/meetings/\(meeting)/reactions", token: token)
            #expect(Self.count(host, "laugh") == ReactionCaps.perMinute + 3, "refused reactions are not counted")
        }
    }

    @Test func reactionsNeedTheRoomOnAndTheFormOpen() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.room.room(api, token: token)
            let voter = try #require(try await RoomQuestionsTests.issue(api, code: code))
            let off = try await api.send(
                .put, "/v1/meetings/\(meeting)/room-questions/settings", token: token,
                json: ["enabled": false, "moderation": "postThenHide", "names": "anonymous"])
            #expect(off.status == .ok)
            #expect(try await self.react(api, code: code, "wow", as: voter).status == .unprocessableContent, "the name is checked first")
            #expect(try await self.react(api, code: code, "surprised", as: voter).status == .conflict)
            _ = try await api.send(
                .put, "/v1/meetings/\(meeting)/room-questions/settings", token: token,
                json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
            #expect(try await self.react(api, code: code, "surprised", as: voter).status == .ok)
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token).status == .ok)
            #expect(try await self.react(api, code: code, "surprised", as: voter).status == .gone)
            #expect(try await database.query("SELECT count FROM reaction_counts").single().decode("count", as: Int.self) == 1)
        }
    }

    @Test func theHourlyPurgeDeletesExpiredSenders() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.room.room(api, token: token)
            for _ in 0..<2 {
                let voter = try #require(try await RoomQuestionsTests.issue(api, code: code))
                #expect(try await self.react(api, code: code, "clap", as: voter).status == .ok)
            }
            try await database.execute("UPDATE reaction_senders SET expires_at = now() - interval '1 second' WHERE ctid = (SELECT min(ctid) FROM reaction_senders)")
            let store = ReactionStore(database: database, notifier: ResultsNotifier(database: database, mode: .standard), senders: ReactionSenders(keys: ServerKeys(database: database)))
            #expect(try await store.purgeExpiredSenders() == 1)
            #expect(try await database.query("SELECT count(*)::int8 AS n FROM reaction_senders").single().decode("n", as: Int.self) == 1)
            #expect(try await database.query("SELECT count FROM reaction_counts").single().decode("count", as: Int.self) == 2, "the counts stay")
        }
    }
}
