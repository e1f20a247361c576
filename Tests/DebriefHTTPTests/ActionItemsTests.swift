@testable import DebriefApp
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 50, action items (decision 74) on real PostgreSQL through the JSON API: recorded at a
/// session with an owner from the series, reviewed at the next session, capped per session, and
/// every bad field a 422 naming it with nothing stored. Who may call each route:
/// ``AuthorizationMatrixTests``.
@Suite("Action items: recorded at a session, reviewed at the next")
struct ActionItemsTests {
    /// A host's meeting with the sample form and a roster member.
    struct World {
        var api: APIClient
        var database: Database
        var token: String
        var meeting: String
        var series: String
        var member: String
        var actions: String { "/v1/meetings/\(self.meeting)/actions" }
    }

    static func run(_ body: @escaping @Sendable (World) async throws -> Void) async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            try await api.putSampleForm(token: token, meeting: meeting)
            let series = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: token).string("seriesId"))
            let member = try #require(
                try await api.send(.post, "/v1/series/\(series)/roster", token: token, json: ["name": "Grace Hopper"]).string("id"))
            try await body(World(api: api, database: database, token: token, meeting: meeting, series: series, member: member))
        }
    }

    static func count(_ world: World) async throws -> Int {
        try await world.database.query("SELECT count(*) AS n FROM action_items").single().decode("n", as: Int.self)
    }

    @Test func anActionIsRecordedChangedAndDeleted() async throws {
        try await Self.run { world in
            let created = try await world.api.send(
                .post, world.actions, token: world.token,
                json: ["title": "  Shorter status round ", "owner": ["kind": "rosterMember", "id": world.member], "questionKey": "useful"])
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(created.string("id"))
            #expect(created.string("title") == "Shorter status round", "trimmed as a short answer is")
            #expect(created.string("due") == "nextSession" && created.string("status") == "open")
            #expect((created.json?["owner"] as? [String: Any])?["name"] as? String == "Grace Hopper")
            #expect(created.string("questionKey") == "useful")

            let done = try await world.api.send(
                .patch, "\(world.actions)/\(id)", token: world.token, json: ["status": "done", "due": "2026-12-24", "owner": NSNull()])
            #expect(done.status == .ok, "\(done.text)")
            #expect(done.string("status") == "done" && done.string("due") == "2026-12-24")
            #expect(done.json?["owner"] == nil, "null removed the owner")
            #expect(done.string("questionKey") == "useful", "an absent member stays")

            let list = try await world.api.send(.get, world.actions, token: world.token)
            let items = try #require(list.json?["items"] as? [[String: Any]])
            #expect(items.map { $0["id"] as? String } == [id] && list.json?["maxPerSession"] as? Int == ActionItemRules.maxPerSession)

            #expect(try await world.api.send(.delete, "\(world.actions)/\(id)", token: world.token).status == .noContent)
            #expect(try await world.api.send(.delete, "\(world.actions)/\(id)", token: world.token).status == .notFound)
            #expect(try await Self.count(world) == 0)
        }
    }

    @Test func eachBadFieldIsNamedAndNothingIsStored() async throws {
        try await Self.run { world in
            let cases: [(body: [String: Any], path: String)] = [
                ([:], "title"),
                (["title": "   "], "title"),
                (["title": String(repeating: "a", count: 201)], "title"),
                (["title": "Two\nlines"], "title"),
                (["title": "Ok", "due": "2026-02-30"], "due"),
                (["title": "Ok", "due": "next week"], "due"),
                (["title": "Ok", "status": "finished"], "status"),
                (["title": "Ok", "questionKey": "Not A Key"], "questionKey"),
                // A well-formed key that no question of this session's form has.
                (["title": "Ok", "questionKey": "nope"], "questionKey"),
                (["title": "Ok", "owner": ["kind": "team", "id": world.member]], "owner.kind"),
                (["title": "Ok", "owner": ["kind": "rosterMember", "id": "x"]], "owner.id"),
                // Someone who is neither on the roster nor runs the series.
                (["title": "Ok", "owner": ["kind": "rosterMember", "id": UUID().uuidString]], "owner.id"),
                (["title": "Ok", "owner": ["kind": "account", "id": UUID().uuidString]], "owner.id"),
                (["title": "Ok", "colour": "red"], "colour"),
            ]
            for (body, path) in cases {
                let refused = try await world.api.send(.post, world.actions, token: world.token, json: body)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.text)")
                #expect(refused.problem?.errors?.map(\.path) == [path], "\(body): \(refused.text)")
            }
            #expect(try await Self.count(world) == 0, "no refused body stored anything")

            let id = try #require(
                try await world.api.send(.post, world.actions, token: world.token, json: ["title": "Keep"]).string("id"))
            let patched = try await world.api.send(
                .patch, "\(world.actions)/\(id)", token: world.token, json: ["title": "Changed", "status": "gone"])
            #expect(patched.status == .unprocessableContent && patched.problem?.errors?.map(\.path) == ["status"], "\(patched.text)")
            let list = try await world.api.send(.get, world.actions, token: world.token)
            #expect((list.json?["items"] as? [[String: Any]])?.first?["title"] as? String == "Keep", "a refused patch changed nothing")
        }
    }

    @Test func aSessionHoldsAtMostTheCapAndTheRefusalNamesIt() async throws {
        try await Self.run { world in
            for number in 1...ActionItemRules.maxPerSession {
                let created = try await world.api.send(.post, world.actions, token: world.token, json: ["title": "Action \(number)"])
                #expect(created.status == .created, "\(number): \(created.text)")
            }
            let over = try await world.api.send(.post, world.actions, token: world.token, json: ["title": "One too many"])
            #expect(over.status == .conflict, "\(over.text)")
            #expect(over.problem?.errors?.map(\.path) == ["maxPerSession"], "\(over.text)")
            #expect(try await Self.count(world) == ActionItemRules.maxPerSession)
        }
    }

    @Test func theNextSessionReviewsThePreviousSessionsActions() async throws {
        try await Self.run { world in
            let first = try await world.api.send(.get, "\(world.actions)/review", token: world.token)
            #expect(first.status == .ok && first.json?["previousMeetingId"] == nil, "\(first.text)")
            #expect((first.json?["items"] as? [Any])?.isEmpty == true)
            let kept = try #require(
                try await world.api.send(.post, world.actions, token: world.token, json: ["title": "Shorter status round"]).string("id"))
            _ = try await world.api.send(.post, world.actions, token: world.token, json: ["title": "Try a new room", "status": "dropped"])

            let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 8 * 86_400).rounded())
            let next = try await world.api.send(
                .post, "/v1/meetings/\(world.meeting)/next", token: world.token,
                json: ["startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600))])
            #expect(next.status == .created, "\(next.text)")
            let nextID = try #require(next.string("id"))
            let review = try await world.api.send(.get, "/v1/meetings/\(nextID)/actions/review", token: world.token)
            #expect(review.status == .ok, "\(review.text)")
            #expect(review.string("previousMeetingId")?.lowercased() == world.meeting.lowercased())
            let items = try #require(review.json?["items"] as? [[String: Any]])
            #expect(items.map { $0["title"] as? String } == ["Shorter status round", "Try a new room"])
            #expect(items.map { $0["status"] as? String } == ["open", "dropped"])
            let empty = try await world.api.send(.get, "/v1/meetings/\(nextID)/actions", token: world.token)
            #expect((empty.json?["items"] as? [Any])?.isEmpty == true, "the new session starts with none of its own")

            // Marked done in the review: through the previous session, where the action lives.
            let marked = try await world.api.send(.patch, "\(world.actions)/\(kept)", token: world.token, json: ["status": "done"])
            #expect(marked.status == .ok)
            // The action is the previous session's: the new session's path does not reach it.
            let wrongSession = try await world.api.send(
                .patch, "/v1/meetings/\(nextID)/actions/\(kept)", token: world.token, json: ["status": "dropped"])
            #expect(wrongSession.status == .notFound)
            let after = try await world.api.send(.get, "/v1/meetings/\(nextID)/actions/review", token: world.token)
            #expect((after.json?["items"] as? [[String: Any]])?.first?["status"] as? String == "done")
        }
    }

    @Test func anEndpointIsToldOfEachChangeWithoutTheTitle() async throws {
        try await Self.run { world in
            let endpoint = try await world.api.send(
                .post, "/v1/webhooks", token: world.token, json: ["url": "https://hooks.example.com/debrief", "events": ["action.updated"]])
            #expect(endpoint.status == .created, "\(endpoint.text)")
            let id = try #require(
                try await world.api.send(.post, world.actions, token: world.token, json: ["title": "Secret plan"]).string("id"))
            #expect(try await world.api.send(.patch, "\(world.actions)/\(id)", token: world.token, json: ["status": "done"]).status == .ok)
            #expect(try await world.api.send(.delete, "\(world.actions)/\(id)", token: world.token).status == .noContent)
            let rows = try await world.database.query(
                "SELECT data::text AS data FROM webhook_deliveries WHERE event = 'action.updated' ORDER BY seq")
            let data = try rows.map { try $0.decode("data", as: String.self) }
            #expect(data.count == 3, "\(data)")
            #expect(data.map { $0.contains("\"change\": \"created\"") } == [true, false, false], "\(data)")
            #expect(data[1].contains("\"status\": \"done\"") && data[2].contains("\"change\": \"deleted\""), "\(data)")
            #expect(!data.contains { $0.contains("Secret plan") }, "the title stays in the API")
        }
    }

    @Test func aCoHostMayOwnAnActionAndAnEditorMayRecordOne() async throws {
        try await Self.run { world in
            let email = "cohost-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let (coHost, coHostID) = try await world.api.signUpAndLogIn(email: email)
            try await world.database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(email)")
            let shared = try await world.api.send(
                .post, "/v1/series/\(world.series)/shares", token: world.token, json: ["email": email, "role": "editor"])
            #expect(shared.status == .accepted, "\(shared.text)")
            let created = try await world.api.send(
                .post, world.actions, token: coHost, json: ["title": "Book the room", "owner": ["kind": "account", "id": coHostID]])
            #expect(created.status == .created, "\(created.text)")
            #expect((created.json?["owner"] as? [String: Any])?["kind"] as? String == "account")
        }
    }
}
