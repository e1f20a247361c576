@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Ranking questions through the API and the pages, on a real database
/// (docs/decisions/0070-ranking-questions.md): definitions and answers refused naming the field,
/// average rank, Borda points and first choices under k, the SVG, the raw CSV's rank per option,
/// trends, and the participant page without script. With `DEBRIEF_WRITE_EXAMPLES=1` it writes
/// `docs/examples/ranking-results.*`.
@Suite("Ranking questions: API, charts, CSV and pages")
struct RankingQuestionFlowTests {
    static func form(privacyThreshold: Int) -> [String: Any] {
        [
            "title": "Retro", "anonymous": true, "privacyThreshold": privacyThreshold,
            "questions": [
                [
                    "key": "next", "prompt": "What should we tackle next?", "kind": "ranking",
                    "options": [["id": "tests", "label": "Flaky tests"], ["id": "docs", "label": "Docs"], ["id": "deploy", "label": "Deploys"]],
                ],
            ],
        ]
    }

    /// Three full orders: `tests` first twice, `deploy` once.
    static let orders: [[String]] = [["tests", "docs", "deploy"], ["tests", "deploy", "docs"], ["deploy", "tests", "docs"]]

    @Test func aDefinitionIsRefusedNamingTheField() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            let one = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken,
                json: ["title": "Retro", "questions": [["key": "next", "prompt": "Rank", "kind": "ranking", "options": [["label": "Only"]]]]])
            #expect(one.status == .unprocessableContent)
            #expect(one.problemPaths.contains { $0.hasPrefix("questions[0].options:") && $0.contains("between 2 and 10") }, "\(one.text)")
            let eleven = (0..<11).map { ["label": "Option \($0)"] }
            let tooMany = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken,
                json: ["title": "Retro", "questions": [["key": "next", "prompt": "Rank", "kind": "ranking", "options": eleven, "allowsMultiple": true]]])
            #expect(tooMany.status == .unprocessableContent)
            let paths = Set(tooMany.problemPaths.map { String($0.prefix { $0 != ":" }) })
            #expect(paths == ["questions[0].options", "questions[0].allowsMultiple"], "\(tooMany.text)")
        }
    }

    @Test func scoresAreCountedAndShownUnderK() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 3))
            for order in Self.orders {
                let sent = try await api.submit(fixture.code, ["answers": [["questionKey": "next", "ranking": order]]])
                #expect(sent.status == .created, "\(sent.text)")
            }
            for (bad, path) in [
                (["tests", "docs"], "answers[0].ranking"), (["tests", "tests", "docs"], "answers[0].ranking[1]"),
                (["tests", "nope", "docs"], "answers[0].ranking[1]"), (["tests", "docs", "deploy", "x"], "answers[0].ranking"),
            ] {
                let refused = try await api.submit(fixture.code, ["answers": [["questionKey": "next", "ranking": bad]]])
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problemPaths.map { String($0.prefix { $0 != ":" }) } == [path], "\(bad): \(refused.text)")
            }

            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let ranking = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(ranking["kind"] as? String == "ranking" && ranking["respondents"] as? Int == 3)
            let scores = try #require(ranking["ranking"] as? [[String: Any]], "\(ranking)")
            // Borda (n − rank, n = 3): tests 2+2+1 = 5, deploy 0+1+2 = 3, docs 1+0+0 = 1.
            #expect(scores.map { $0["optionId"] as? String } == ["tests", "deploy", "docs"])
            #expect(scores.map { $0["bordaPoints"] as? Int } == [5, 3, 1])
            #expect(scores.map { $0["averageRank"] as? Double } == [1.33, 2, 2.67])
            #expect(scores.map { $0["firstChoices"] as? Int } == [2, 1, 0])
            #expect(scores.map { $0["firstChoiceShare"] as? Double } == [66.7, 33.3, 0])
            let rows = try #require((ranking["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.map { $0["count"] as? Int } == [5, 3, 1], "bars by Borda points, most first")
            #expect(rows.map { $0["percent"] as? Double } == [55.6, 33.3, 11.1])

            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/next.svg", token: fixture.hostToken)
            #expect(svg.status == .ok)
            #expect(svg.text.components(separatedBy: "class=\"row\"").count - 1 == 3, "one bar per option")
            #expect(svg.text.contains("Flaky tests: 5 · 55.6% of points · avg. rank 1.3."), "\(svg.text.prefix(2000))")

            let csv = try await CSVParser.records(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=responses", token: fixture.hostToken).body)
            let testsColumn = try #require(csv.header.first { $0.hasSuffix("[next.tests]") }, "\(csv.header)")
            #expect(csv.rows.map { $0[testsColumn] ?? "" }.sorted() == ["1", "1", "2"], "a column per option holding its rank")

            if ProcessInfo.processInfo.environment["DEBRIEF_WRITE_EXAMPLES"] == "1" {
                let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/examples").standardized
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let json = try JSONSerialization.data(withJSONObject: ranking, options: [.prettyPrinted, .sortedKeys])
                try json.write(to: folder.appendingPathComponent("ranking-results.json"))
                try svg.body.write(to: folder.appendingPathComponent("ranking-results.svg"))
            }
        }
    }

    @Test func underKNeitherTheScoresNorTheirOrderAreShown() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 4))
            for order in Self.orders {
                #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "next", "ranking": order]]]).status == .created)
            }
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let ranking = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(ranking["withheld"] as? Bool == true && ranking["ranking"] == nil)
            let rows = try #require((ranking["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.map { $0["category"] as? String } == ["tests", "docs", "deploy"], "the host's order, not the points'")
            #expect(rows.allSatisfy { $0["count"] == nil && $0["percent"] == nil })
            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/next.svg", token: fixture.hostToken)
            #expect(!svg.text.contains("avg. rank") && !svg.text.contains("55.6"), "\(svg.text.prefix(1500))")
        }
    }

    @Test func theParticipantPageRanksWithAPlaceSelectPerOption() async throws {
        try await ParticipantAPI.run { api, _ in
            var form = Self.form(privacyThreshold: 1)
            var questions = try #require(form["questions"] as? [[String: Any]])
            questions[0]["required"] = true
            form["questions"] = questions
            let fixture = try await api.publish(form)
            let page = try await api.page("/f/\(fixture.code)")
            #expect(page.text.contains("<select id=\"q-next-docs\" name=\"g.next.docs\">"), "\(page.text.prefix(3000))")
            let key = try #require(page.inputValue("idempotency_key"))
            let partial = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("g.next.docs", "1"), ("g.next.tests", "2")])
            #expect(partial.status == .unprocessableContent, "every option needs its place")
            #expect(partial.text.contains("missing: deploy"), "\(partial.text.prefix(3000))")
            #expect(partial.text.contains("<option value=\"1\" selected>1</option>"), "what was picked stays picked")
            let posted = try await api.post(
                "/f/\(fixture.code)", [("idempotency_key", key), ("g.next.docs", "1"), ("g.next.tests", "3"), ("g.next.deploy", "2")])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(500))")
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let scores = try #require((results.json?["questions"] as? [[String: Any]])?.first?["ranking"] as? [[String: Any]])
            #expect(scores.map { $0["optionId"] as? String } == ["docs", "deploy", "tests"])
            let dashboard = try await GridQuestionFlowTests.hostPage(api, "/m/\(fixture.meetingID)", fixture)
            #expect(dashboard.text.contains("Docs"))
        }
    }
}
