@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 50, the loop's outputs on real PostgreSQL: each session's actions counted by status in
/// the series' trends (JSON, the trends CSV layout, the trends page), the completion rate
/// `done ÷ (done + open + dropped)`, null for a session without actions; and the results digest
/// of the next session saying how many of the previous session's actions were done.
@Suite("Action items in trends: the completion rate per session")
struct ActionOutputsTests {
    /// Session 1 with three actions (done, done, dropped) and session 2 with none and one answer,
    /// both with the sample form published; `body` gets the API, the host's token, both sessions and the series.
    static func run(
        _ body: @escaping @Sendable (ParticipantAPI, PublishedFixture, _ next: String, _ series: String) async throws -> Void
    ) async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(ParticipantAPI.sampleForm())
            for status in ["done", "done", "dropped"] {
                let created = try await api.send(
                    .post, "/v1/meetings/\(fixture.meetingID)/actions", token: fixture.hostToken,
                    json: ["title": "An action, \(status)", "status": status])
                try #require(created.status == .created, "\(created.text)")
            }
            let start = Date().addingTimeInterval(86_400 * 400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            try await Self.publishAndAnswer(api, nextID, token: fixture.hostToken)
            let series = try #require(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).string("seriesId"))
            try await body(api, fixture, nextID, series)
        }
    }

    @Test func trendsCountEachSessionsActionsAndTheirCompletionRate() async throws {
        try await Self.run { api, fixture, _, series in
            let trends = try await api.send(.get, "/v1/series/\(series)/trends", token: fixture.hostToken)
            #expect(trends.status == .ok, "\(trends.text)")
            let sessions = try #require(trends.json?["sessions"] as? [[String: Any]])
            #expect(sessions.count == 2)
            let first = try #require(sessions.first?["actions"] as? [String: Any], "\(trends.text)")
            #expect(first["done"] as? Int == 2 && first["open"] as? Int == 0 && first["dropped"] as? Int == 1)
            #expect(first["total"] as? Int == 3)
            #expect(first["completionRate"] as? Double == 66.7, "a dropped action counts against the rate")
            let second = try #require(sessions.last?["actions"] as? [String: Any], "\(trends.text)")
            #expect(second["total"] as? Int == 0)
            #expect(second["completionRate"] is NSNull, "no actions is no rate (null), not 0 %")
        }
    }

    @Test func theTrendsLayoutAndPageSayTheSameRate() async throws {
        try await Self.run { api, fixture, next, series in
            let reply = try await api.send(.get, "/v1/series/\(series)/export.csv?layout=trends", token: fixture.hostToken)
            #expect(reply.status == .ok, "\(reply.text)")
            let (header, rows) = try await CSVParser.records(reply.body)
            #expect(header.suffix(6) == [
                "actions_done", "actions_open", "actions_dropped", "actions_completion_rate", "planned_sessions_not_shown", "time_zone",
            ])
            let first = rows.filter { $0["session_number"] == "1" }
            let second = rows.filter { $0["session_number"] == "2" }
            #expect(!first.isEmpty && !second.isEmpty)
            #expect(first.allSatisfy {
                $0["actions_done"] == "2" && $0["actions_open"] == "0" && $0["actions_dropped"] == "1" && $0["actions_completion_rate"] == "66.7"
            })
            #expect(second.allSatisfy { $0["actions_done"] == "0" && $0["actions_completion_rate"] == "" }, "empty, never 0")

            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let html = try await api.page("/m/\(next)/trends", cookie: session.cookie).text
            #expect(html.contains("<th scope=\"col\" class=\"number\">Actions done</th>"))
            #expect(html.contains("<td class=\"number\">2 of 3 (66.7%)</td></tr>"), "\(html)")
            #expect(html.contains("<td class=\"number\">none recorded</td></tr>"))
            let korean = try await api.page("/m/\(next)/trends", language: "ko", cookie: session.cookie).text
            #expect(korean.contains("<td class=\"number\">3개 중 2개 (66.7%)</td></tr>"))
        }
    }

    /// Publishes session 2 and answers it once: a planned session with nothing in it is left
    /// out of trends (decision 83), and these tests are about one that counts.
    static func publishAndAnswer(_ api: ParticipantAPI, _ meeting: String, token: String) async throws {
        let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
        let code = try #require(published.string("code"), "\(published.text)")
        let answered = try await api.submit(code, ["answers": [["questionKey": "useful", "rating": 4]]])
        try #require(answered.status == .created, "\(answered.text)")
    }

    /// The chat digest as the delivery service renders it (``ChatDigestRenderer``, real counts).
    static func digest(_ database: Database, meeting: String, kind: ChatKind, language: Language) async throws -> String {
        let renderer = ChatDigestRenderer(
            results: ResultsActions(results: ResultsStore(database: database)), meetings: MeetingStore(database: database),
            accounts: AccountStore(database: database, hasher: PasswordHasher(cost: 4)), publicBaseURL: "https://debrief.example")
        let id = try #require(UUID(uuidString: meeting))
        return try await renderer.payload(ChatDigestJob(meetingID: id, kind: kind, language: language, occasion: .closed))
    }

    @Test func theNextSessionsDigestSaysHowManyOfThePreviousSessionsActionsWereDone() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(ParticipantAPI.sampleForm())
            let path = "/v1/meetings/\(fixture.meetingID)/actions"
            var ids: [String] = []
            for title in ["Shorter status round", "Try a new room", "Send notes the same day"] {
                let created = try await api.send(.post, path, token: fixture.hostToken, json: ["title": title])
                ids.append(try #require(created.string("id"), "\(created.text)"))
            }
            for id in ids.prefix(2) {
                #expect(try await api.send(.patch, "\(path)/\(id)", token: fixture.hostToken, json: ["status": "done"]).status == .ok)
            }
            let start = Date().addingTimeInterval(86_400 * 400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            try await Self.publishAndAnswer(api, nextID, token: fixture.hostToken)

            let slack = try await Self.digest(database, meeting: nextID, kind: .slack, language: .en)
            #expect(slack.contains("Last session's actions: 2 of 3 done"), "\(slack)")
            #expect(!slack.contains("Shorter status round"), "counts only: a chat channel never reads an action's title")
            let teams = try await Self.digest(database, meeting: nextID, kind: .teams, language: .ko)
            #expect(teams.contains("지난 회차 실행 항목: 3개 중 2개 완료"), "\(teams)")
            // The first session has no previous one; a session after one without actions says nothing either.
            let first = try await Self.digest(database, meeting: fixture.meetingID, kind: .slack, language: .en)
            #expect(first.contains("0 responses") && !first.contains("actions"), "\(first)")
        }
    }

    /// The `actions` export is read with the actions' own gate (`.edit`): the host gets the rows
    /// (a formula-like title neutralized), a viewer co-host 403 before any byte, another host 404;
    /// the `roomQuestions` export is the host's list, which a viewer co-host may read.
    @Test func theActionsExportAsksTheActionsGate() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(ParticipantAPI.sampleForm())
            let created = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/actions", token: fixture.hostToken, json: ["title": "=cmd|' /C calc'!A0"])
            try #require(created.status == .created, "\(created.text)")
            let path = "/v1/series/\(fixture.seriesID)/export.csv?layout=actions"
            let host = try await api.send(.get, path, token: fixture.hostToken)
            #expect(host.status == .ok, "\(host.text)")
            #expect(host.headers[.contentDisposition]?.hasSuffix("-actions-utf8.csv") == true)
            #expect(try await CSVParser.records(host.body).rows.map { $0["title"] } == ["'=cmd|' /C calc'!A0"])

            let viewer = try await SeriesSharingTests.host(api)
            let shared = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": viewer.email, "role": "viewer"])
            try #require(shared.status == .accepted, "\(shared.text)")
            #expect(try await api.send(.get, path, token: viewer.token).status == .forbidden)
            let room = try await api.send(.get, "/v1/series/\(fixture.seriesID)/export.csv?layout=roomQuestions", token: viewer.token)
            #expect(room.status == .ok, "\(room.text)")
            let stranger = try await SeriesSharingTests.host(api)
            #expect(try await api.send(.get, path, token: stranger.token).status == .notFound)
        }
    }
}
