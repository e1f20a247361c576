@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Participants: check-in, roster and attendance")
struct ParticipantAttendanceTests {
    @Test func checkInsAreLinkedToTheRosterAndCounted() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let roster = "/v1/series/\(form.seriesID)/roster"
            var ids: [String: String] = [:]
            for name in ["Ana Lima", "Bo", "Émile"] {
                let reply = try await api.send(.post, roster, token: form.hostToken, json: ["name": name])
                #expect(reply.status == .created, "\(reply.text)")
                #expect(reply.string("seriesId") == form.seriesID)
                let id = try #require(reply.string("id"))
                ids[name] = id
            }
            // Case, spacing and a decomposed "É" (E + U+0301) still match.
            let checkIn = try await api.send(.post, "/v1/f/\(form.code)/check-in", json: ["name": "  ana LIMA "])
            #expect(checkIn.status == .created)
            #expect(checkIn.headers[.cacheControl] == "no-store")
            let token = try #require(checkIn.string("participantToken"))
            #expect(token.hasPrefix("dbp_"))
            #expect(checkIn.string("checkedInAt") != nil)
            _ = try await api.checkIn(form.code, name: "E\u{301}mile")
            _ = try await api.checkIn(form.code, name: "ÉMILE")  // a second device: counted once
            _ = try await api.checkIn(form.code, name: "Walk-in Guest")

            let reply = try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken)
            #expect(reply.status == .ok, "\(reply.text)")
            let json = try #require(reply.json)
            #expect(json["presentCount"] as? Int == 3)
            let checkIns = try #require(json["checkIns"] as? [[String: Any]])
            #expect(checkIns.map { $0["name"] as? String } == ["ana LIMA", "Émile", "ÉMILE", "Walk-in Guest"])
            #expect(checkIns.map { $0["rosterMemberId"] as? String } == [ids["Ana Lima"], ids["Émile"], ids["Émile"], nil])
            let expected = try #require(json["roster"] as? [[String: Any]])
            #expect(expected.map { $0["name"] as? String } == ["Ana Lima", "Bo", "Émile"])
            #expect(expected.map { $0["present"] as? Bool } == [true, false, true])
            #expect(expected[1]["checkedInAt"] == nil && expected[0]["checkedInAt"] is String)

            // The token is stored only as its hash.
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM check_ins WHERE token_hash = \(token)") == 0)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM check_ins WHERE token_hash LIKE 'dbp_%'") == 0)
        }
    }

    @Test func theRosterCanChangeAfterPeopleArrive() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let roster = "/v1/series/\(form.seriesID)/roster"
            _ = try await api.checkIn(form.code, name: "Jon")
            let member = try await api.send(.post, roster, token: form.hostToken, json: ["name": "John"])
            let id = try #require(member.string("id"))
            func present() async throws -> [Bool?] {
                let reply = try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken)
                return (reply.json?["roster"] as? [[String: Any]] ?? []).map { $0["present"] as? Bool }
            }
            #expect(try await present() == [false])
            let renamed = try await api.send(.patch, "\(roster)/\(id)", token: form.hostToken, json: ["name": "jon"])
            #expect(renamed.status == .ok && renamed.string("name") == "jon")
            #expect(try await present() == [true])
            #expect(try await api.send(.post, roster, token: form.hostToken, json: ["name": "JON"]).status == .conflict)
            let list = try await api.send(.get, roster, token: form.hostToken)
            #expect((list.json?["items"] as? [[String: Any]])?.count == 1)
            #expect(try await api.send(.delete, "\(roster)/\(id)", token: form.hostToken).status == .noContent)
            #expect(try await api.send(.delete, "\(roster)/\(id)", token: form.hostToken).status == .notFound)
            #expect(try await present() == [])
        }
    }

    @Test func anonymousCheckInsKeepNoName() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: true))
            _ = try await api.send(.post, "/v1/series/\(form.seriesID)/roster", token: form.hostToken, json: ["name": "Ana"])
            _ = try await api.checkIn(form.code, name: "Ana")
            _ = try await api.checkIn(form.code)
            let reply = try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken)
            let json = try #require(reply.json)
            #expect(json["presentCount"] as? Int == 2)
            let checkIns = try #require(json["checkIns"] as? [[String: Any]])
            #expect(checkIns.allSatisfy { $0["name"] == nil && $0["rosterMemberId"] == nil })
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM check_ins WHERE name IS NOT NULL") == 0)
        }
    }

    @Test func anotherHostSeesNothing() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let stranger = try await api.publish()
            let roster = "/v1/series/\(form.seriesID)/roster"
            let member = try await api.send(.post, roster, token: form.hostToken, json: ["name": "Ana"])
            let id = try #require(member.string("id"))
            for (method, path, body) in [
                (HTTPRequest.Method.get, "/v1/meetings/\(form.meetingID)/attendance", nil),
                (.get, roster, nil), (.post, roster, ["name": "Mallory"]),
                (.patch, "\(roster)/\(id)", ["name": "Mallory"]), (.delete, "\(roster)/\(id)", nil),
            ] as [(HTTPRequest.Method, String, [String: String]?)] {
                let reply = try await api.send(method, path, token: stranger.hostToken, json: body)
                #expect(reply.status == .notFound, "\(method) \(path): \(reply.status)")
            }
            #expect(try await api.send(.get, roster).status == .unauthorized)
            #expect(try await api.send(.get, "/v1/series/not-a-uuid/roster", token: form.hostToken).status == .notFound)
        }
    }
}
