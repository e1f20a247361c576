@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Number questions through the API and the pages, on a real database
/// (docs/decisions/0069-number-questions.md): definitions and answers refused naming the field
/// with nothing stored, count, mean, median, interval and histogram under k, the SVG, the raw
/// CSV's number column, and the participant page's `<input type=number>` without script.
@Suite("Number questions: API, charts, CSV and pages")
struct NumberQuestionFlowTests {
    static func form(privacyThreshold: Int, required: Bool = false) -> [String: Any] {
        [
            "title": "Retro", "anonymous": true, "privacyThreshold": privacyThreshold,
            "questions": [
                [
                    "key": "minutes", "prompt": "How many minutes should the meeting last?", "kind": "number", "required": required,
                    "minimum": 5, "maximum": 120, "step": 5, "unit": "min",
                ],
            ],
        ]
    }

    static let answers = [30, 45, 45, 60]

    @Test func aDefinitionIsRefusedNamingTheField() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            for (fields, path) in [
                (["minimum": 10, "maximum": 5] as [String: Any], "questions[0].maximum"),
                (["step": 0], "questions[0].step"),
                (["minimum": 0, "maximum": 10, "step": 3], "questions[0].step"),
                (["step": 0.0000001], "questions[0].step"),
                (["unit": "minutes of everyone's time"], "questions[0].unit"),
                (["min": 1], "questions[0].min"),
            ] {
                var question: [String: Any] = ["key": "minutes", "prompt": "How long?", "kind": "number"]
                question.merge(fields) { $1 }
                let refused = try await api.send(
                    .put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: ["title": "Retro", "questions": [question]])
                #expect(refused.status == .unprocessableContent, "\(fields): \(refused.text)")
                #expect(refused.problemPaths.map { String($0.prefix { $0 != ":" }) } == [path], "\(fields): \(refused.text)")
            }
        }
    }

    @Test func answersAreCheckedAndFiguresShownUnderK() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 3))
            for (bad, message) in [(47.0, "plus a multiple of 5"), (125, "between 5 and 120"), (0, "between 5 and 120"), (32.5, "multiple")] {
                let refused = try await api.submit(fixture.code, ["answers": [["questionKey": "minutes", "number": bad]]])
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problemPaths.count == 1 && refused.problemPaths[0].hasPrefix("answers[0].number:"), "\(bad): \(refused.text)")
                #expect(refused.text.contains(message), "\(bad): \(refused.text)")
            }
            for value in Self.answers {
                let sent = try await api.submit(fixture.code, ["answers": [["questionKey": "minutes", "number": value]]])
                #expect(sent.status == .created, "\(sent.text)")
            }

            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let number = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(number["kind"] as? String == "number" && number["respondents"] as? Int == 4, "nothing refused was stored")
            #expect(number["unit"] as? String == "min")
            let statistics = try #require(number["statistics"] as? [String: Any], "\(number)")
            #expect(statistics["mean"] as? Double == 45 && statistics["median"] as? Double == 45)
            let interval = try #require(statistics["confidenceInterval95"] as? [String: Any])
            // sd = √150 ≈ 12.25, t(0.975, 3) = 3.182: 45 ± 19.49.
            #expect(abs((interval["lower"] as? Double ?? 0) - 25.51) < 0.05 && abs((interval["upper"] as? Double ?? 0) - 64.49) < 0.05, "\(interval)")
            // 24 allowed values: ten equal bins of 11.5 over 5–120.
            let rows = try #require((number["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.count == 10)
            #expect(rows.map { $0["count"] as? Int ?? -1 } == [0, 0, 1, 2, 1, 0, 0, 0, 0, 0], "\(rows)")
            #expect(rows[3]["label"] as? String == "39.5–51")

            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/minutes.svg", token: fixture.hostToken)
            #expect(svg.status == .ok)
            #expect(svg.text.contains("39.5–51"), "\(svg.text.prefix(2000))")

            let csv = try await CSVParser.records(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=responses", token: fixture.hostToken).body)
            let column = try #require(csv.header.first { $0.hasSuffix("[minutes]") }, "\(csv.header)")
            #expect(csv.rows.map { $0[column] ?? "" }.sorted() == ["30", "45", "45", "60"], "the number itself")
        }
    }

    @Test func underKNoFigureIsShown() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 5))
            for value in Self.answers {
                #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "minutes", "number": value]]]).status == .created)
            }
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let number = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(number["withheld"] as? Bool == true && number["statistics"] == nil)
            let rows = (number["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
            #expect(rows.isEmpty, "the bins would tell the range of the answers")
            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/minutes.svg", token: fixture.hostToken)
            #expect(!svg.text.contains("39.5") && !svg.text.contains("45"), "\(svg.text.prefix(1500))")
        }
    }

    @Test func theParticipantPageTakesATypedNumber() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1, required: true))
            let page = try await api.page("/f/\(fixture.code)")
            #expect(
                page.text.contains(
                    "<input type=\"number\" id=\"q-minutes\" name=\"q.minutes\" value=\"\" inputmode=\"decimal\" min=\"5\" max=\"120\" step=\"5\""),
                "\(page.text.prefix(4000))")
            let key = try #require(page.inputValue("idempotency_key"))
            let typo = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("q.minutes", "1,5")])
            #expect(typo.status == .unprocessableContent, "a number written with a comma is not read as 1")
            let off = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("q.minutes", "47")])
            #expect(off.status == .unprocessableContent)
            #expect(off.text.contains("value=\"47\""), "what was typed stays typed")
            let posted = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("q.minutes", "45")])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(500))")
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let statistics = (results.json?["questions"] as? [[String: Any]])?.first?["statistics"] as? [String: Any]
            #expect(statistics?["mean"] as? Double == 45)
        }
    }
}
