@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Date questions through the API and the pages, on a real database (docs/decisions/0084):
/// definitions and answers refused naming the field with nothing stored, the histogram by day
/// (and by week over a long span) with the median day under k, the CSV's and the workbook's
/// typed days, and the participant page's native `<input type=date>` without script.
@Suite("Date questions: API, results, CSV, xlsx and pages")
struct DateQuestionFlowTests {
    static func form(privacyThreshold: Int, earliest: String = "2026-12-01", latest: String = "2026-12-20") -> [String: Any] {
        [
            "title": "Offsite", "anonymous": true, "privacyThreshold": privacyThreshold,
            "questions": [
                ["key": "when", "prompt": "When suits you for the offsite?", "kind": "date", "earliest": earliest, "latest": latest],
            ],
        ]
    }

    static let answers = ["2026-12-04", "2026-12-04", "2026-12-11", "2026-12-18"]

    @Test func aDefinitionIsRefusedNamingTheField() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            for (fields, path) in [
                (["earliest": "2026-12-20", "latest": "2026-12-01"] as [String: Any], "questions[0].latest"),
                (["earliest": "tomorrow"], "questions[0].earliest"),
                (["latest": "2026-02-30"], "questions[0].latest"),
                (["minimum": 1], "questions[0].minimum"),
            ] {
                var question: [String: Any] = ["key": "when", "prompt": "When?", "kind": "date"]
                question.merge(fields) { $1 }
                let refused = try await api.send(
                    .put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: ["title": "Offsite", "questions": [question]])
                #expect(refused.status == .unprocessableContent, "\(fields): \(refused.text)")
                #expect(refused.problemPaths.map { String($0.prefix { $0 != ":" }) } == [path], "\(fields): \(refused.text)")
            }
        }
    }

    @Test func answersAreCheckedAndTheDaysShownUnderKAndExportedAsDates() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 3))
            for (bad, message) in [("2026-11-30", "between 2026-12-01 and 2026-12-20"), ("12/04/2026", "YYYY-MM-DD"), ("2026-12-32", "YYYY-MM-DD")] {
                let refused = try await api.submit(fixture.code, ["answers": [["questionKey": "when", "date": bad]]])
                #expect(refused.status == .unprocessableContent)
                #expect(refused.problemPaths.count == 1 && refused.problemPaths[0].hasPrefix("answers[0].date:"), "\(bad): \(refused.text)")
                #expect(refused.text.contains(message), "\(bad): \(refused.text)")
            }
            for day in Self.answers {
                let sent = try await api.submit(fixture.code, ["answers": [["questionKey": "when", "date": day]]])
                #expect(sent.status == .created, "\(sent.text)")
            }

            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let date = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(date["kind"] as? String == "date" && date["respondents"] as? Int == 4, "nothing refused was stored")
            let statistics = try #require(date["statistics"] as? [String: Any], "\(date)")
            #expect(statistics["medianValue"] as? String == "2026-12-04", "the lower middle of four days")
            // Twenty days from the earliest to the latest: a bin per day.
            let rows = try #require((date["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.count == 20)
            #expect(rows[3]["label"] as? String == "2026-12-04" && rows[3]["count"] as? Int == 2, "\(rows)")
            #expect(rows.map { $0["count"] as? Int ?? -1 }.reduce(0, +) == 4)

            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/when.svg", token: fixture.hostToken)
            #expect(svg.status == .ok && svg.text.contains("2026-12-04"), "\(svg.text.prefix(2000))")

            let csv = try await CSVParser.records(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=responses", token: fixture.hostToken).body)
            let column = try #require(csv.header.first { $0.hasSuffix("[when]") }, "\(csv.header)")
            #expect(csv.rows.map { $0[column] ?? "" }.sorted() == Self.answers, "the day as YYYY-MM-DD")

            let sheets = try await XLSXParser.sheets(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.xlsx", token: fixture.hostToken).body)
            let responses = try #require(sheets.first { $0.name == "responses" }?.sheet)
            let index = try #require(responses.rows.first?.firstIndex { $0.hasSuffix("[when]") })
            let cells = zip(responses.rows, responses.types).dropFirst().map { row, types in (row[index], types[index]) }
            // 2026-12-04 is day 46360 of the spreadsheet's calendar (1899-12-30 is day 0).
            #expect(cells.allSatisfy { $0.1 == "d" }, "a date cell, not text: \(cells)")
            #expect(cells.map(\.0).sorted() == ["46360", "46360", "46367", "46374"], "\(cells)")
        }
    }

    @Test func aLongSpanIsBinnedByWeekAndUnderKNothingIsShown() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 5, earliest: "2026-12-01", latest: "2027-02-28"))
            for day in Self.answers {
                #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "when", "date": day]]]).status == .created)
            }
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let date = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(date["withheld"] as? Bool == true && date["statistics"] == nil, "no median under k")
            let rows = (date["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
            #expect(rows.isEmpty, "the bins would tell the days answered")

            let lowered = try await api.publish(Self.form(privacyThreshold: 1, earliest: "2026-12-01", latest: "2027-02-28"))
            for day in Self.answers {
                #expect(try await api.submit(lowered.code, ["answers": [["questionKey": "when", "date": day]]]).status == .created)
            }
            let shown = try await api.send(.get, "/v1/meetings/\(lowered.meetingID)/results", token: lowered.hostToken)
            let weeks = try #require(
                ((shown.json?["questions"] as? [[String: Any]])?.first?["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
            // 90 days: 13 weeks from the earliest day, the last one shorter.
            #expect(weeks.count == 13, "\(weeks)")
            #expect(weeks[0]["label"] as? String == "2026-12-01 – 2026-12-07" && weeks[0]["count"] as? Int == 2, "\(weeks)")
            #expect(weeks[12]["label"] as? String == "2027-02-23 – 2027-02-28")
        }
    }

    @Test func theParticipantPageTakesANativeDateField() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            let page = try await api.page("/f/\(fixture.code)")
            #expect(
                page.text.contains("<input type=\"date\" id=\"q-when\" name=\"q.when\" value=\"\" min=\"2026-12-01\" max=\"2026-12-20\""),
                "\(page.text.prefix(4000))")
            let key = try #require(page.inputValue("idempotency_key"))
            let late = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("q.when", "2026-12-21")])
            #expect(late.status == .unprocessableContent)
            #expect(late.text.contains("value=\"2026-12-21\""), "what was typed stays typed")
            let posted = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("q.when", "2026-12-11")])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(500))")
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let statistics = (results.json?["questions"] as? [[String: Any]])?.first?["statistics"] as? [String: Any]
            #expect(statistics?["medianValue"] as? String == "2026-12-11")
        }
    }
}
