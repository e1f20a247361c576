@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Grid questions through the API and the pages, on a real database
/// (docs/decisions/0035-grid-questions.md): answers refused by their statement's path, results
/// per statement in the JSON and the SVG, every CSV layout, k per statement, trends, and the
/// participant page without script. With `DEBRIEF_WRITE_EXAMPLES=1` it writes
/// `docs/examples/grid-results.*`.
@Suite("Grid questions: API, charts, CSV and pages")
struct GridQuestionFlowTests {
    static func form(privacyThreshold: Int) -> [String: Any] {
        [
            "title": "Retro", "anonymous": true, "privacyThreshold": privacyThreshold,
            "questions": [
                [
                    "key": "meeting", "prompt": "How was the meeting?", "kind": "grid", "min": 1, "max": 5,
                    "minLabel": "Disagree", "maxLabel": "Agree",
                    "statements": [
                        ["key": "agenda", "label": "The agenda was clear"], ["key": "time", "label": "We finished on time"],
                        ["key": "voice", "label": "=HYPERLINK(\"x\") everyone could speak"],
                    ],
                ],
            ],
        ]
    }

    /// Four responses: `agenda` rated by all, `time` by three, `voice` by one.
    static let ratings: [[String: Int]] = [
        ["agenda": 4, "time": 3, "voice": 5], ["agenda": 2, "time": 1], ["agenda": 4, "time": 3], ["agenda": 5],
    ]

    @Test func ratingsAreCountedPerStatementEverywhere() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 2))
            for ratings in Self.ratings {
                let sent = try await api.submit(fixture.code, ["answers": [["questionKey": "meeting", "ratings": ratings]]])
                #expect(sent.status == .created, "\(sent.text)")
            }
            let bad = try await api.submit(fixture.code, ["answers": [["questionKey": "meeting", "ratings": ["agenda": 9, "nope": 1]]]])
            #expect(bad.status == .unprocessableContent)
            #expect(
                Set(bad.problemPaths.map { String($0.prefix { $0 != ":" }) }) == ["answers[0].ratings.agenda", "answers[0].ratings.nope"],
                "\(bad.text)")

            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let grid = try #require((results.json?["questions"] as? [[String: Any]])?.first, "\(results.text)")
            #expect(grid["kind"] as? String == "grid" && grid["respondents"] as? Int == 4)
            let statements = try #require(grid["statements"] as? [[String: Any]])
            #expect(statements.map { $0["key"] as? String } == ["agenda", "time", "voice"])
            #expect(statements.map { $0["respondents"] as? Int } == [4, 3, 1])
            #expect(statements.map { $0["withheld"] as? Bool } == [false, false, true], "one rating under k = 2 is withheld on its own")
            let agenda = statements[0]
            let rows = try #require((agenda["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
            #expect(rows.map { $0["count"] as? Int } == [0, 1, 0, 2, 1])
            #expect((agenda["statistics"] as? [String: Any])?["mean"] as? Double == 3.75)
            #expect(statements[2]["statistics"] == nil)

            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/meeting.svg", token: fixture.hostToken)
            #expect(svg.status == .ok)
            #expect(svg.text.components(separatedBy: "class=\"row\"").count - 1 == 3, "one bar per statement")
            #expect(svg.text.contains("class=\"centre\""))
            #expect(svg.text.contains("The agenda was clear. Mean 3.8."), "\(svg.text.prefix(1500))")
            #expect(svg.text.contains("everyone could speak: withheld."))
            let korean = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/meeting.svg?lang=ko", token: fixture.hostToken)
            #expect(korean.text.contains("평점 표"))

            try await Self.checkCSV(api, fixture)

            if ProcessInfo.processInfo.environment["DEBRIEF_WRITE_EXAMPLES"] == "1" {
                let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/examples").standardized
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let json = try JSONSerialization.data(withJSONObject: grid, options: [.prettyPrinted, .sortedKeys])
                try json.write(to: folder.appendingPathComponent("grid-results.json"))
                try svg.body.write(to: folder.appendingPathComponent("grid-results.svg"))
            }
        }
    }

    /// Every layout: a column per statement, a row per rated statement, rows per statement and
    /// scale value, the statement labels neutralised, the withheld statement's ratings absent.
    static func checkCSV(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws {
        let base = "/v1/meetings/\(fixture.meetingID)/export.csv?layout="
        let responses = try await CSVParser.records(try await api.send(.get, base + "responses", token: fixture.hostToken).body)
        let agendaColumn = "How was the meeting?: The agenda was clear [meeting.agenda]"
        #expect(responses.header.contains(agendaColumn) && responses.header.contains("How was the meeting?: We finished on time [meeting.time]"))
        let voiceColumn = try #require(responses.header.first { $0.hasSuffix("[meeting.voice]") })
        #expect(voiceColumn.hasPrefix("How was the meeting?: "), "a column header is the question's wording and the statement's")
        #expect(responses.rows.map { $0[agendaColumn] ?? "" }.sorted() == ["2", "4", "4", "5"])
        #expect(responses.rows.allSatisfy { $0[voiceColumn] == "withheld" }, "one rating under k = 2 never leaves the database")

        let answers = try await CSVParser.records(try await api.send(.get, base + "answers", token: fixture.hostToken).body)
        #expect(answers.header.contains("statement_key") && answers.header.contains("statement_label"))
        let grid = answers.rows.filter { $0["question_key"] == "meeting" }
        #expect(grid.count == 4 + 3, "one row per rated statement, the withheld one left out")
        #expect(Set(grid.map { $0["statement_key"] }) == ["agenda", "time"])
        #expect(grid.filter { $0["statement_key"] == "agenda" }.allSatisfy { $0["statement_label"] == "The agenda was clear" })

        let summary = try await CSVParser.records(try await api.send(.get, base + "summary", token: fixture.hostToken).body)
        let statementRows = summary.rows.filter { !($0["statement_key"] ?? "").isEmpty }
        #expect(statementRows.count == 3 * 5, "a row per statement and scale value")
        let agendaRows = statementRows.filter { $0["statement_key"] == "agenda" }
        #expect(agendaRows.map { $0["count"] } == ["0", "1", "0", "2", "1"])
        #expect(agendaRows.allSatisfy { $0["mean"] == "3.75" && $0["respondents"] == "4" && $0["withheld"] == "false" })
        let voiceRows = statementRows.filter { $0["statement_key"] == "voice" }
        #expect(voiceRows.allSatisfy { $0["withheld"] == "true" && $0["count"] == "" && $0["mean"] == "" })
        #expect(voiceRows.allSatisfy { $0["statement_label"]?.hasPrefix("'=") == true }, "a label a spreadsheet would run is neutralised")
    }

    @Test func trendsCarryEachStatementsMean() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            for ratings in Self.ratings {
                #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "meeting", "ratings": ratings]]]).status == .created)
            }
            let start = Date().addingTimeInterval(500 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            let published = try await api.send(.post, "/v1/meetings/\(nextID)/form/publish", token: fixture.hostToken)
            let code = try #require(published.string("code"), "\(published.text)")
            #expect(try await api.submit(code, ["answers": [["questionKey": "meeting", "ratings": ["agenda": 1, "time": 5]]]]).status == .created)

            let trends = try await api.send(.get, "/v1/series/\(fixture.seriesID)/trends", token: fixture.hostToken)
            let grid = try #require((trends.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "meeting" }, "\(trends.text.prefix(800))")
            let points = try #require(grid["points"] as? [[String: Any]])
            let means = points.map { $0["statementMeans"] as? [String: Double] }
            #expect(means[0] == ["agenda": 3.75, "time": 7 / 3.0, "voice": 5])
            #expect(means[1] == ["agenda": 1, "time": 5])
            let csv = try await api.send(.get, "/v1/series/\(fixture.seriesID)/export.csv?layout=trends", token: fixture.hostToken)
            let (_, rows) = try await CSVParser.records(csv.body)
            // Tidy: a row per session and statement, rounded as the page rounds; a statement the
            // session did not rate has an empty mean.
            let statementRows = rows.filter { $0["question_key"] == "meeting" }
                .map { [$0["session_number"] ?? "", $0["statement_key"] ?? "", $0["statement_mean"] ?? ""] }
            #expect(statementRows == [["1", "agenda", "3.8"], ["1", "time", "2.3"], ["1", "voice", "5"], ["2", "agenda", "1"], ["2", "time", "5"], ["2", "voice", ""]])
            let page = try await Self.hostPage(api, "/m/\(nextID)/trends", fixture)
            #expect(page.text.contains("The agenda was clear"), "\(page.text.prefix(1500))")
        }
    }

    @Test func theParticipantPageIsATableOfRadioButtonsThatWorksWithoutScript() async throws {
        try await ParticipantAPI.run { api, _ in
            var form = Self.form(privacyThreshold: 1)
            var questions = try #require(form["questions"] as? [[String: Any]])
            questions[0]["required"] = true
            form["questions"] = questions
            let fixture = try await api.publish(form)
            let page = try await api.page("/f/\(fixture.code)")
            #expect(page.text.contains("<table class=\"grid\">"), "\(page.text.prefix(2000))")
            #expect(page.text.contains("name=\"g.meeting.agenda\" value=\"4\" aria-labelledby=\"q-meeting-agenda q-meeting-value-4\""))
            #expect(page.text.contains("<th scope=\"col\" id=\"q-meeting-value-4\">4</th>"))
            #expect(page.text.contains("<th scope=\"row\" id=\"q-meeting-agenda\">The agenda was clear</th>"))
            let key = try #require(page.inputValue("idempotency_key"))
            let partial = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("g.meeting.agenda", "4")])
            #expect(partial.status == .unprocessableContent, "a required grid needs every statement")
            #expect(partial.text.contains("We finished on time: is required"), "the statement is named: \(partial.text.prefix(3000))")
            #expect(partial.text.contains("value=\"4\" aria-labelledby=\"q-meeting-agenda q-meeting-value-4\" checked"), "what was picked stays picked")
            let posted = try await api.post(
                "/f/\(fixture.code)",
                [("idempotency_key", key), ("g.meeting.agenda", "4"), ("g.meeting.time", "2"), ("g.meeting.voice", "5")])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(500))")
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let statements = try #require((results.json?["questions"] as? [[String: Any]])?.first?["statements"] as? [[String: Any]])
            #expect(statements.map { ($0["statistics"] as? [String: Any])?["mean"] as? Double } == [4, 2, 5])
            let dashboard = try await Self.hostPage(api, "/m/\(fixture.meetingID)", fixture)
            // On a phone the table scrolls inside its box, so no header or number breaks mid-word.
            #expect(dashboard.text.contains("<div class=\"scroll\">\n<table class=\"statements\">"), "\(dashboard.text.prefix(3000))")
        }
    }

    /// A host page, read in a browser session of the fixture's host.
    static func hostPage(_ api: ParticipantAPI, _ uri: String, _ fixture: PublishedFixture) async throws -> ParticipantReply {
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        let session = try #require(try await api.signIn(email: email).1)
        let page = try await api.page(uri, cookie: session.cookie)
        try #require(page.status == .ok, "\(uri): \(page.status)")
        return page
    }
}
