@testable import DebriefApp
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// Issue 68, goal 6 (decision 85) on real PostgreSQL through the JSON API, over four weekly
/// sessions at chosen instants of the app's ``WallClock``: an open action stays in every review,
/// however many sessions ago it was decided, with the sessions it has been open; one done or
/// dropped shows in the review that closed it and leaves the later ones; the series keeps one
/// list of its open actions, behind the series' gate (a stranger gets 404, a viewer co-host 403).
@Suite("Action items: open actions stay in every review; the series' open actions")
struct ActionReviewCarryTests {
    /// The app's "now", moved by the test.
    final class Clock: Sendable {
        let instant: Mutex<Date>

        init(_ instant: Date) { self.instant = Mutex(instant) }

        var wallClock: WallClock { WallClock { self.instant.withLock { $0 } } }

        /// Half an hour into session `week` (1-based) of ``ActionReviewCarryTests/weekly``.
        func during(week: Int) { self.instant.withLock { $0 = ActionReviewCarryTests.start(week).addingTimeInterval(1800) } }
    }

    /// Session `week`'s start: Tuesdays from 4 March 2031, 16:00 Seoul (07:00 UTC).
    static func start(_ week: Int) -> Date {
        Date(timeIntervalSince1970: 1_930_374_000 + Double(week - 1) * 7 * 86_400)
    }

    /// A host, their weekly series (planned 27 sessions ahead) and the ids of sessions 1–4.
    struct World {
        var api: ParticipantAPI
        var clock: Clock
        var email: String
        var token: String
        var series: String
        var sessions: [String]

        func create(_ title: String, at session: Int) async throws -> String {
            let created = try await self.api.send(
                .post, "/v1/meetings/\(self.sessions[session - 1])/actions", token: self.token, json: ["title": title])
            #expect(created.status == .created, "\(created.text)")
            return try #require(created.string("id"))
        }

        func mark(_ id: String, of session: Int, _ status: String) async throws {
            let marked = try await self.api.send(
                .patch, "/v1/meetings/\(self.sessions[session - 1])/actions/\(id)", token: self.token, json: ["status": status])
            #expect(marked.status == .ok, "\(marked.text)")
        }

        /// The review of session `session`: title → (status, sessionsOpen).
        func review(_ session: Int) async throws -> [String: (status: String, open: Int)] {
            let reply = try await self.api.send(.get, "/v1/meetings/\(self.sessions[session - 1])/actions/review", token: self.token)
            #expect(reply.status == .ok, "\(reply.text)")
            return try Self.lines(reply)
        }

        static func lines(_ reply: ParticipantReply) throws -> [String: (status: String, open: Int)] {
            let items = try #require(reply.json?["items"] as? [[String: Any]], "\(reply.text)")
            var lines: [String: (status: String, open: Int)] = [:]
            for item in items {
                lines[try #require(item["title"] as? String)] = (try #require(item["status"] as? String), try #require(item["sessionsOpen"] as? Int))
            }
            return lines
        }
    }

    static func run(_ body: @escaping @Sendable (World) async throws -> Void) async throws {
        let clock = Clock(Self.start(1).addingTimeInterval(-86_400))
        var configuration = ParticipantAPI.configuration()
        configuration.clock = clock.wallClock
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            let email = try await api.signUp()
            let token = try #require(
                try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let created = try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Weekly retro", "startsAt": "2031-03-04T16:00:00+09:00", "endsAt": "2031-03-04T17:00:00+09:00",
                       "timeZone": "Asia/Seoul", "repeats": "weekly"])
            #expect(created.status == .created, "\(created.text)")
            let series = try #require(created.string("seriesId"))
            let listed = try #require(try await api.send(.get, "/v1/series/\(series)", token: token).json?["sessions"] as? [[String: Any]])
            let sessions = try (1...4).map { number in
                try #require(listed.first { $0["sessionNumber"] as? Int == number }?["id"] as? String)
            }
            try await body(World(api: api, clock: clock, email: email, token: token, series: series, sessions: sessions))
        }
    }

    @Test func anOpenActionStaysInEveryReviewUntilDoneOrDropped() async throws {
        try await Self.run { world in
            world.clock.during(week: 1)
            let carried = try await world.create("Carried along", at: 1)
            let doneAtThree = try await world.create("Done at three", at: 1)
            let droppedAtThree = try await world.create("Dropped at three", at: 1)
            let doneAtTwo = try await world.create("Done at two", at: 1)
            #expect(try await world.review(1).isEmpty, "the first session reviews nothing")

            world.clock.during(week: 2)
            try await world.mark(doneAtTwo, of: 1, "done")
            let two = try await world.review(2)
            #expect(two.mapValues(\.status) == [
                "Carried along": "open", "Done at three": "open", "Dropped at three": "open", "Done at two": "done",
            ])
            #expect(two["Carried along"]?.open == 1)

            world.clock.during(week: 3)
            try await world.mark(doneAtThree, of: 1, "done")
            try await world.mark(droppedAtThree, of: 1, "dropped")
            let three = try await world.review(3)
            #expect(three.mapValues(\.status) == ["Carried along": "open", "Done at three": "done", "Dropped at three": "dropped"],
                    "still open two sessions on; closed at 2, it left")
            #expect(three["Carried along"]?.open == 2 && three["Done at three"]?.open == 2)
            // Session 2's review reads as it stood then: open as of session 2.
            #expect(try await world.review(2).mapValues(\.status) == [
                "Carried along": "open", "Done at three": "open", "Dropped at three": "open", "Done at two": "done",
            ])

            world.clock.during(week: 4)
            let four = try await world.review(4)
            #expect(four.mapValues(\.status) == ["Carried along": "open"], "done and dropped at 3 are not in 4's review")
            #expect(four["Carried along"]?.open == 3)

            // Reopened, it is in every review again.
            try await world.mark(doneAtThree, of: 1, "open")
            #expect(try await world.review(4).mapValues(\.open) == ["Carried along": 3, "Done at three": 3])
            _ = carried
        }
    }

    @Test func theSeriesKeepsOneListOfItsOpenActions() async throws {
        try await Self.run { world in
            world.clock.during(week: 1)
            let first = try await world.create("From session one", at: 1)
            world.clock.during(week: 2)
            _ = try await world.create("From session two", at: 2)
            try await world.mark(first, of: 1, "dropped")
            _ = try await world.create("Also from one", at: 1)
            world.clock.during(week: 3)
            let path = "/v1/series/\(world.series)/actions"
            let list = try await world.api.send(.get, path + "?state=open", token: world.token)
            #expect(list.status == .ok, "\(list.text)")
            let items = try #require(list.json?["items"] as? [[String: Any]])
            #expect(items.map { $0["title"] as? String } == ["Also from one", "From session two"], "oldest session first, dropped left out")
            #expect(items.map { $0["sessionsOpen"] as? Int } == [2, 1])
            #expect(items.map { $0["sessionNumber"] as? Int } == [1, 2])
            #expect(list.json?["maxListed"] as? Int == ActionItemRules.maxListed)
            #expect(try World.lines(try await world.api.send(.get, path, token: world.token)).count == 2, "open is the default")

            let refused = try await world.api.send(.get, path + "?state=done", token: world.token)
            #expect(refused.status == .unprocessableContent && refused.problemPaths.map { $0.components(separatedBy: ":")[0] } == ["state"], "\(refused.text)")

            // Who may see the meeting: a stranger finds nothing, a viewer co-host may not read actions.
            let strangerEmail = try await world.api.signUp()
            let stranger = try #require(
                try await world.api.send(.post, "/v1/tokens", json: ["email": strangerEmail, "password": "correct horse battery"])
                    .string("token"))
            #expect(try await world.api.send(.get, path, token: stranger).status == .notFound)
            #expect(try await world.api.send(.get, "/v1/series/\(UUID().uuidString)/actions", token: world.token).status == .notFound)
            #expect(try await world.api.send(.get, "/v1/meetings/\(world.sessions[2])/actions/review", token: stranger).status == .notFound)
            #expect(try await world.api.send(.get, path).status == .unauthorized)
            let shared = try await world.api.send(
                .post, "/v1/series/\(world.series)/shares", token: world.token, json: ["email": strangerEmail, "role": "viewer"])
            #expect(shared.status == .accepted, "\(shared.text)")
            #expect(try await world.api.send(.get, path, token: stranger).status == .forbidden)
        }
    }

    @Test func anActionClosedAtItsOwnSessionIsReportedAtTheNext() async throws {
        try await Self.run { world in
            world.clock.during(week: 2)
            let id = try await world.create("Done on the spot", at: 2)
            try await world.mark(id, of: 2, "done")
            #expect(try await world.review(3).mapValues(\.status) == ["Done on the spot": "done"])
            #expect(try await world.review(4).isEmpty)
            // Recorded at session 2 but dropped between sessions 3 and 4: session 4's review.
            let later = try await world.create("Dropped between", at: 2)
            world.clock.instant.withLock { $0 = Self.start(4).addingTimeInterval(-2 * 86_400) }
            try await world.mark(later, of: 2, "dropped")
            #expect(try await world.review(3)["Dropped between"]?.status == "open", "open as of session 3")
            #expect(try await world.review(4)["Dropped between"]?.status == "dropped")
        }
    }
}
