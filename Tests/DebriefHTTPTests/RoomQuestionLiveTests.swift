import Debrief
import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import PQ
import Synchronization
import Testing

/// The room's questions, live (decision 75): `GET /v1/f/{code}/room-questions/live` is one more
/// audience of the live hub, written by `RoomBroadcast`, carrying only the version of the list
/// the room sees, whether or not the results are shared, and only when that list changed.
@Suite("Questions from the room: the live stream")
struct RoomQuestionLiveTests {
    /// `"version":"…"` of each `questions` event received so far, in order.
    static func versions(_ stream: EventStream) -> [String] {
        stream.received.components(separatedBy: "\n").filter { $0.hasPrefix("data: {\"version\"") }.compactMap { line in
            line.split(separator: "\"").dropFirst(3).first.map(String.init)
        }
    }

    /// The versions a subscription received, in order.
    final class Seen: Sendable {
        let list = Mutex<[String]>([])
    }

    /// Polls `done` a bounded number of times (two minutes of 20 ms polls: the bound only ends a
    /// broken run, and waiting longer never fails a correct test).
    static func eventually(_ done: () async -> Bool) async throws -> Bool {
        for _ in 0..<6_000 {
            if await done() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return await done()
    }

    /// Posts `text` to the room as a new participant; returns the reply and its voter token.
    static func post(_ api: ParticipantAPI, _ code: String, _ text: String) async throws -> (ParticipantReply, String) {
        let issued = try await api.send(.post, "/v1/f/\(code)/room-questions/voter")
        let voter = try #require(issued.headers[RoomQuestionsTests.voter], "\(issued.text)")
        let reply = try await api.send(.post, "/v1/f/\(code)/room-questions", json: ["text": text], headers: [RoomQuestionsTests.voter: voter])
        try #require(reply.status == .created, "\(reply.text)")
        return (reply, voter)
    }

    static func patch(_ api: ParticipantAPI, _ fixture: PublishedFixture, _ id: String, _ body: [String: Any]) async throws {
        let reply = try await api.send(.patch, "/v1/meetings/\(fixture.meetingID)/room-questions/\(id)", token: fixture.hostToken, json: body)
        try #require(reply.status == .ok, "\(reply.text)")
    }

    /// Over real sockets, with the results NOT shared: the stream opens (the results' does not),
    /// starts from the version the page printed, moves with a post, a vote and the host's hiding,
    /// never carries a question's text, and ends `off` when the host turns questions off.
    @Test func theStreamRunsWithoutSharedResultsAndEndsWhenQuestionsAreOff() async throws {
        try await ParticipantAPI.runLive { api, fixture, port in
            let path = "/v1/f/\(fixture.code)/room-questions/live"
            #expect(try await ResponseHead.get(path, port: port).status == .notFound, "questions off: 404, like an unknown code")
            #expect(try await ResponseHead.get("/v1/f/NOPE-NOPE/room-questions/live", port: port).status == .notFound)
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            #expect(try await ResponseHead.get("/v1/f/\(fixture.code)/results/live", port: port).status == .notFound, "results not shared")

            let page = try await api.page("/f/\(fixture.code)")
            #expect(page.text.contains("data-room-questions-live=\"\(path)\""), "\(page.text)")
            #expect(page.text.contains("/assets/room-questions.js?v="))
            #expect(page.headers[.contentSecurityPolicy]?.contains("connect-src 'self'") == true)
            let printed = try #require(page.text.components(separatedBy: "data-room-questions-version=\"").dropFirst().first?.prefix { $0 != "\"" })

            let viewer = try await EventStream.open(path, port: port)
            #expect(await viewer.wait { _ in Self.versions(viewer).count == 1 }, "\(viewer.received)")
            #expect(Self.versions(viewer) == [String(printed)], "the first event is the version the page shows: no refetch")
            #expect(viewer.received.contains("event: questions"))

            let (posted, voter) = try await Self.post(api, fixture.code, "A secret plan?")
            let id = try #require(posted.string("id"))
            #expect(await viewer.wait { _ in Self.versions(viewer).count == 2 }, "a post: \(viewer.received)")
            let vote = try await api.send(.put, "/v1/f/\(fixture.code)/room-questions/\(id)/vote", headers: [RoomQuestionsTests.voter: voter])
            #expect(vote.status == .noContent)
            #expect(await viewer.wait { _ in Self.versions(viewer).count == 3 }, "a vote: \(viewer.received)")
            try await Self.patch(api, fixture, id, ["status": "hidden"])
            #expect(await viewer.wait { _ in Self.versions(viewer).count == 4 }, "hidden: \(viewer.received)")
            let versions = Self.versions(viewer)
            #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 != $1 }, "each event a new version: \(versions)")
            #expect(versions.last == versions.first, "its one question hidden, the room's list is empty again: \(versions)")
            #expect(!viewer.received.lowercased().contains("secret plan"), "no text on the stream")

            let off = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/room-questions/settings", token: fixture.hostToken,
                json: ["enabled": false, "moderation": "postThenHide", "names": "anonymous"])
            #expect(off.status == .ok)
            #expect(await viewer.wait { $0.contains("event: end\ndata: {\"reason\":\"off\"}") }, "\(viewer.received)")
            #expect(await viewer.wait { $0.hasSuffix("\r\n0\r\n\r\n") }, "the response ends: \(viewer.received.suffix(80))")
            await viewer.close()
            #expect(try await ResponseHead.get(path, port: port).status == .notFound)
        }
    }

    /// On real PostgreSQL, with a hub of its own fed change by change: what the room cannot see
    /// (a post waiting for approval, the host marking a hidden question answered, a submission)
    /// recomputes the version and sends nothing; what it can (an approval, a hiding, a post shown
    /// at once) sends exactly one event, whose version is the list's as the store reads it. Each
    /// expected event comes after the changes that must send nothing, so one sent by mistake
    /// would stand before it in the list.
    @Test func aChangeTheRoomCannotSeeSendsNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let meeting = try #require(UUID(uuidString: fixture.meetingID))
            try await RoomQuestionsPageTests.turnOn(api, fixture, moderation: "approveFirst")
            let services = AppServices(configuration: ParticipantAPI.configuration(), database: database)
            let hub = services.liveResults
            let questions = services.api.roomQuestions
            let running = Task { try await hub.run() }
            defer { running.cancel() }
            let seen = Seen()
            let events = try await hub.subscribe(to: meeting, audience: .roomQuestions)
            let reading = Task {
                for await event in events {
                    guard case .results(let snapshot) = event else { continue }
                    let version = try JSONDecoder().decode(RoomListVersion.self, from: snapshot.json).version
                    seen.list.withLock { $0.append(version) }
                }
            }
            defer { reading.cancel() }
            /// The changes come through `api`'s application, another instance to this hub's: its
            /// shared list hears of them as the listener would tell it (issue 72).
            func version() async throws -> String {
                questions.lists.changed(meeting)
                return try #require(try await questions.liveVersion(meeting: meeting)).version
            }
            /// One recomputation for `meeting`, as a change heard on the room's channel makes (a
            /// submission's, on the results' channel, recomputes the room's audiences too).
            func recompute(results: Bool = false) async throws {
                let before = await hub.recomputationCount
                if results { await hub.changed(meeting) } else { await hub.roomChanged(meeting) }
                try #require(try await Self.eventually { await hub.recomputationCount > before })
            }
            func heard(_ expected: [String]) async throws {
                #expect(try await Self.eventually { seen.list.withLock { $0.count >= expected.count } })
                #expect(seen.list.withLock { $0 } == expected)
            }
            let empty = try await version()
            try await heard([empty])

            let (waiting, _) = try await Self.post(api, fixture.code, "Waiting for the host?")
            let waitingID = try #require(waiting.string("id"))
            #expect(try await version() == empty, "a post waiting for approval is not in the room's list")
            try await recompute()
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            try await recompute(results: true)

            try await Self.patch(api, fixture, waitingID, ["status": "visible"])
            let approved = try await version()
            #expect(approved != empty)
            try await recompute()
            try await heard([empty, approved])

            try await Self.patch(api, fixture, waitingID, ["status": "hidden"])
            let hidden = try await version()
            try await recompute()
            try await Self.patch(api, fixture, waitingID, ["answered": true])
            #expect(try await version() == hidden, "a hidden question's answered mark is not the room's")
            try await recompute()
            #expect(hidden == empty, "hidden again, the room's list is as empty as before")
            // Shown again (answered now): the event that follows is this one, so nothing came between.
            try await Self.patch(api, fixture, waitingID, ["status": "visible"])
            let shownAgain = try await version()
            try await recompute()
            try await heard([empty, approved, hidden, shownAgain])
        }
    }
}
