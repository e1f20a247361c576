import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Every host route × every kind of caller: nobody reaches a meeting that is not theirs.
@Suite("Isolation matrix: host routes by credential")
struct IsolationMatrixTests {
    /// A host route that names one meeting (or its series) of host A.
    struct Route: CustomTestStringConvertible, Sendable {
        var method: HTTPRequest.Method
        var path: String  // {meeting} and {series} are filled in
        var body: [String: String]?
        var testDescription: String { "\(self.method) \(self.path)" }
    }

    static let meetingRoutes: [Route] = [
        Route(method: .get, path: "/v1/meetings/{meeting}"),
        Route(method: .patch, path: "/v1/meetings/{meeting}", body: ["title": "Hijacked"]),
        Route(method: .delete, path: "/v1/meetings/{meeting}"),
        Route(method: .post, path: "/v1/meetings/{meeting}/next", body: ["startsAt": "2031-01-01T09:00:00Z", "endsAt": "2031-01-01T10:00:00Z"]),
        Route(method: .get, path: "/v1/series/{series}"),
        Route(method: .get, path: "/v1/meetings/{meeting}/form"),
        Route(method: .put, path: "/v1/meetings/{meeting}/form", body: ["title": "Hijacked"]),
        Route(method: .post, path: "/v1/meetings/{meeting}/form/publish"),
        Route(method: .post, path: "/v1/meetings/{meeting}/form/close"),
        Route(method: .post, path: "/v1/meetings/{meeting}/form/reopen"),
        Route(method: .get, path: "/v1/meetings/{meeting}/charts/useful.svg"),
        Route(method: .get, path: "/v1/meetings/{meeting}/charts/summary/timeline.svg"),
        Route(method: .get, path: "/v1/meetings/{meeting}/charts/summary/attendance.svg"),
        Route(method: .get, path: "/v1/series/{series}/charts/summary/sessions.svg"),
        Route(method: .get, path: "/v1/meetings/{meeting}/qr.svg"),
        Route(method: .get, path: "/v1/meetings/{meeting}/qr.png"),
    ]

    static let accountRoutes: [Route] = [
        Route(method: .get, path: "/v1/me"),
        Route(method: .patch, path: "/v1/me", body: ["displayName": "X"]),
        Route(method: .delete, path: "/v1/tokens/current"),
        Route(method: .get, path: "/v1/meetings"),
        Route(method: .get, path: "/v1/meetings/next"),
        Route(method: .post, path: "/v1/meetings", body: ["title": "X"]),
    ]

    /// Host A's meeting with a published form, plus every kind of credential.
    struct World {
        var meeting: String
        var series: String
        var owner: String
        var otherHost: String
        var admin: String
        var expired: String
        let garbage = "dbf_not-a-real-token"

        func fill(_ route: Route) -> String {
            route.path.replacingOccurrences(of: "{meeting}", with: self.meeting).replacingOccurrences(of: "{series}", with: self.series)
        }
    }

    static func makeWorld(_ api: APIClient, _ database: Database) async throws -> World {
        let (owner, _) = try await api.signUpAndLogIn(email: "owner@example.com")
        let meeting = try await api.createMeeting(token: owner, title: "Private board meeting")
        try await api.putSampleForm(token: owner, meeting: meeting)
        _ = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: owner)
        let series = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: owner).string("seriesId"))
        let (other, _) = try await api.signUpAndLogIn(email: "other@example.com")
        let (admin, _) = try await api.signUpAndLogIn(email: "admin@example.com")
        try await database.execute("UPDATE accounts SET role = 'admin' WHERE email = 'admin@example.com'")
        let (expired, _) = try await api.signUpAndLogIn(email: "expired@example.com")
        try await database.execute(
            "UPDATE access_tokens t SET expires_at = now() - interval '1 minute' FROM accounts a WHERE a.id = t.account_id AND a.email = 'expired@example.com'")
        return World(meeting: meeting, series: series, owner: owner, otherHost: other, admin: admin, expired: expired)
    }

    @Test(arguments: meetingRoutes + accountRoutes)
    func unauthenticatedCallersGet401(_ route: Route) async throws {
        try await withTestApp { api, database in
            let world = try await Self.makeWorld(api, database)
            for token in [nil, world.garbage, world.expired, "", String(repeating: "a", count: 500)] {
                let reply = try await api.send(route.method, world.fill(route), token: token, json: route.body)
                #expect(reply.status == .unauthorized, "\(route.testDescription) with \(token.map { String($0.prefix(12)) } ?? "no token")")
                #expect(reply.problem?.code == "unauthorized")
            }
            let meeting = try await api.send(.get, "/v1/meetings/\(world.meeting)", token: world.owner)
            #expect(meeting.string("title") == "Private board meeting")
        }
    }

    @Test(arguments: meetingRoutes)
    func anotherHostGets404AndChangesNothing(_ route: Route) async throws {
        try await withTestApp { api, database in
            let world = try await Self.makeWorld(api, database)
            let reply = try await api.send(route.method, world.fill(route), token: world.otherHost, json: route.body)
            #expect(reply.status == .notFound, "\(route.testDescription): \(reply.text)")
            // Exactly as if it did not exist: same answer as for a random id.
            let missing = route.path.replacingOccurrences(of: "{meeting}", with: UUID().uuidString).replacingOccurrences(of: "{series}", with: UUID().uuidString)
            let nonexistent = try await api.send(route.method, missing, token: world.otherHost, json: route.body)
            #expect(nonexistent.status == .notFound)
            #expect(reply.problem?.detail == nonexistent.problem?.detail)
            let owned = try await api.send(.get, "/v1/meetings/\(world.meeting)", token: world.owner)
            #expect(owned.string("title") == "Private board meeting")
            #expect(try await api.send(.get, "/v1/meetings/\(world.meeting)/form", token: world.owner).string("state") == "open")
        }
    }

    @Test(arguments: meetingRoutes.filter { $0.method == .get })
    func adminReadsEveryMeeting(_ route: Route) async throws {
        try await withTestApp { api, database in
            let world = try await Self.makeWorld(api, database)
            let reply = try await api.send(route.method, world.fill(route), token: world.admin)
            #expect(reply.status == .ok, "\(route.testDescription): \(reply.text)")
        }
    }

    @Test func anotherHostsListsNeverShowForeignMeetings() async throws {
        try await withTestApp { api, database in
            let world = try await Self.makeWorld(api, database)
            let list = try await api.send(.get, "/v1/meetings", token: world.otherHost)
            #expect((list.json?["items"] as? [Any])?.isEmpty == true)
            #expect(try await api.send(.get, "/v1/meetings/next", token: world.otherHost).status == .notFound)
        }
    }
}
