@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The three leaks of the privacy threshold found in issue 31, each as it was reproduced: an
/// output that showed a value every other output withholds (docs/decisions/0009). k = 3 throughout.
@Suite("Privacy: the leaks of issue 31 stay closed")
struct PrivacyLeakTests {
    /// A grid `g` of three statements on a 1–9 scale, and a required rating `mood`.
    static var gridForm: [String: Any] { [
        "title": "Retro", "anonymous": true, "privacyThreshold": 3, "sharesResultsWithParticipants": true,
        "questions": [
            ["key": "mood", "prompt": "Mood?", "kind": "rating", "min": 1, "max": 5, "required": true],
            ["key": "g", "prompt": "The meeting", "kind": "grid", "min": 1, "max": 9,
             "statements": [["key": "a", "label": "Alpha"], ["key": "b", "label": "Beta"], ["key": "c", "label": "Gamma"]]],
        ],
    ] }

    /// Three people rate statements a and b; the fourth rates a, b and c, c with `c`.
    func gridResponses(_ api: ParticipantAPI, _ code: String, last: [String: Int]) async throws -> [String] {
        var ids: [String] = []
        for ratings in [["a": 1, "b": 2], ["a": 2, "b": 3], ["a": 3, "b": 1], last] {
            let reply = try await api.submit(code, ["answers": [["questionKey": "mood", "rating": 3], ["questionKey": "g", "ratings": ratings]]])
            try #require(reply.status == .created, "\(reply.text)")
            ids.append(try #require(reply.string("id")))
        }
        return ids
    }

    /// A host with a browser session publishes `form`.
    func publish(_ api: ParticipantAPI, _ form: [String: Any]) async throws -> (meetingID: String, code: String, token: String, session: BrowserSession) {
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let start = Date().addingTimeInterval(-600)
        let meeting = try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Retro", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let id = try #require(meeting.string("id"), "\(meeting.text)")
        let saved = try await api.send(.put, "/v1/meetings/\(id)/form", token: token, json: form)
        try #require(saved.status == .ok, "\(saved.text)")
        let code = try #require(try await api.send(.post, "/v1/meetings/\(id)/form/publish", token: token).string("code"))
        return (id, code, token, try #require(try await api.signIn(email: email).1))
    }

    /// HIGH: the responses page (and the removal confirmation) named statement c's rating, which
    /// the JSON, the charts, live and the summary CSV withhold (one person rated it).
    @Test func theResponsesPageWithholdsAStatementFewerThanKRated() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await self.publish(api, Self.gridForm)
            let ids = try await self.gridResponses(api, fixture.code, last: ["a": 4, "b": 5, "c": 9])
            let results = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.token).json)
            let grid = try #require((results["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "g" })
            #expect((grid["statements"] as? [[String: Any]])?.map { $0["withheld"] as? Bool } == [false, false, true])

            let cookie = fixture.session.cookie
            let list = try await api.page("/m/\(fixture.meetingID)/responses", cookie: cookie)
            #expect(list.status == .ok)
            #expect(list.text.contains("Alpha: 4"), "a statement k people rated is listed")
            #expect(!list.text.contains("Gamma: 9"), "the withheld statement's rating is not listed")
            let confirm = try await api.page("/m/\(fixture.meetingID)/responses/\(ids[3])/remove", cookie: cookie)
            #expect(confirm.status == .ok)
            #expect(!confirm.text.contains("Gamma: 9"))
        }
    }

    /// A choice `pick` one person answers ("a"), a follow-up `why` shown when `pick` is a, and a
    /// required `mood` everyone answers.
    static var followUpForm: [String: Any] { [
        "title": "Retro", "anonymous": true, "privacyThreshold": 3, "sharesResultsWithParticipants": true,
        "questions": [
            ["key": "mood", "prompt": "Mood?", "kind": "rating", "min": 1, "max": 5, "required": true],
            ["key": "pick", "prompt": "Pick one", "kind": "choice", "options": [["id": "a", "label": "A"], ["id": "b", "label": "B"]]],
            ["key": "why", "prompt": "Why?", "kind": "rating", "min": 1, "max": 5, "showWhen": ["question": "pick", "chosen": ["a"]]],
        ],
    ] }

    /// HIGH: `why` said `respondents: 1`, which tells that the one answer to the withheld `pick`
    /// is "a" — in the results, the summary CSV, the live event and the shared results.
    @Test func aFollowUpOfAWithheldQuestionIsWithheldWithItsCounts() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await self.publish(api, Self.followUpForm)
            let first = try await api.submit(
                fixture.code,
                ["answers": [["questionKey": "mood", "rating": 2], ["questionKey": "pick", "optionIds": ["a"]], ["questionKey": "why", "rating": 4]]])
            try #require(first.status == .created, "\(first.text)")
            for _ in 0..<3 {
                try #require(try await api.submit(fixture.code, ["answers": [["questionKey": "mood", "rating": 3]]]).status == .created)
            }
            func follow(_ json: [String: Any]?, _ output: String) {
                let questions = json?["questions"] as? [[String: Any]] ?? []
                let pick = questions.first { $0["key"] as? String == "pick" }
                let why = questions.first { $0["key"] as? String == "why" }
                #expect(pick?["withheld"] as? Bool == true, "\(output)")
                #expect(why?["withheld"] as? Bool == true, "\(output): the follow-up of a withheld question is withheld")
                #expect(why?["respondents"] as? Int == nil && why?["skipped"] as? Int == nil, "\(output): \(why ?? [:])")
                #expect((why?["chart"] as? [String: Any])?["total"] as? Int == nil, "\(output)")
            }
            follow(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.token).json, "results")
            follow(try await api.send(.get, "/v1/f/\(fixture.code)/results").json, "shared results")
            let snapshot = LiveResultsHub.reportSnapshot(ResultsActions(results: ResultsStore(database: database)))
            let meetingID = try #require(UUID(uuidString: fixture.meetingID))
            let event = try #require(try await snapshot(meetingID))
            follow((try? JSONSerialization.jsonObject(with: event)) as? [String: Any], "live event")

            let csv = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=summary", token: fixture.token)
            let rows = try await CSVParser.records(csv.body).rows.filter { $0["question_key"] == "why" }
            #expect(!rows.isEmpty)
            for row in rows {
                #expect(row["withheld"] == "true" && row["respondents"] == "" && row["skipped"] == "" && row["total"] == "", "\(row)")
            }
        }
    }

    /// MEDIUM: `straight_lined=true` in the raw layouts said the one rating of statement c equals
    /// the response's ratings of a and b; the report's quality section counted that one response.
    @Test func straightLiningOfAWithheldStatementIsWithheld() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await self.publish(api, Self.gridForm)
            let ids = try await self.gridResponses(api, fixture.code, last: ["a": 4, "b": 4, "c": 4])
            let base = "/v1/meetings/\(fixture.meetingID)/export.csv?layout="
            let responses = try await CSVParser.records(try await api.send(.get, base + "responses", token: fixture.token).body).rows
            let pseudonym = try await AnonymousExportOrderTests.pseudonym(of: ids[3], database)
            let lined = try #require(responses.first { $0["response_id"] == pseudonym })
            #expect(lined["straight_lined"] == "withheld", "\(lined)")
            #expect(lined["The meeting: Gamma [g.c]"] == "withheld", "\(lined)")
            let answers = try await CSVParser.records(try await api.send(.get, base + "answers", token: fixture.token).body).rows
            #expect(answers.filter { $0["response_id"] == ids[3] }.allSatisfy { $0["straight_lined"] == "withheld" })
            #expect(!answers.contains { $0["statement_key"] == "c" })

            let report = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.token).json)
            let quality = try #require(report["quality"] as? [String: Any])
            // Withheld numbers are null, which the API leaves out.
            #expect(quality["straightLiners"] == nil && quality["flagged"] == nil && quality["speeders"] as? Int == 0, "\(quality)")
            let summary = try await CSVParser.records(try await api.send(.get, base + "summary", token: fixture.token).body).rows
            #expect(summary.allSatisfy { $0["straight_liners"] == "withheld" && $0["flagged"] == "withheld" })

            // Leaving the one flagged response out leaves out fewer than k: the difference would be its answers.
            let excluded = try #require(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results?excludeFlagged=true", token: fixture.token).json)
            let mood = (excluded["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "mood" }
            #expect((excluded["summary"] as? [String: Any])?["responses"] as? Int == 3 && mood?["withheld"] as? Bool == true, "\(mood ?? [:])")
        }
    }

    /// MEDIUM: a language fewer than k people answered in is a group like any other.
    @Test func aLanguageFewerThanKAnsweredInIsWithheld() async throws {
        try await ParticipantAPI.run { api, _ in
            let form: [String: Any] = [
                "title": "Retro", "anonymous": true, "privacyThreshold": 3,
                "questions": [["key": "mood", "prompt": "Mood?", "kind": "rating", "min": 1, "max": 5, "required": true]],
                "translations": ["ko": ["title": "회고", "questions": ["mood": ["prompt": "기분?"]]]],
            ]
            let fixture = try await self.publish(api, form)
            for language in ["en", "en", "en", "ko"] {
                let reply = try await api.submit(fixture.code, ["language": language, "answers": [["questionKey": "mood", "rating": 3]]])
                try #require(reply.status == .created, "\(reply.text)")
            }
            let report = try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.token).json)
            let languages = try #require(report["languages"] as? [String: Any], "\(report["languages"] ?? "none")")
            let rows = try #require(languages["rows"] as? [[String: Any]])
            #expect(rows.count == 2 && rows.allSatisfy { $0["count"] == nil && $0["percent"] == nil }, "one response in ko: \(rows)")
        }
    }
}
