@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Follow-up questions through the API and the pages, on a real database
/// (docs/decisions/0034-follow-up-questions.md): hidden answers refused, "shown to N of M" in the
/// results JSON, the SVG, the summary and trends CSV, k withholding it, and the participant
/// page without script. With `DEBRIEF_WRITE_EXAMPLES=1` it writes `docs/examples/follow-up-results.*`.
@Suite("Follow-up questions: API, charts, CSV and pages")
struct FollowUpQuestionFlowTests {
    static func form(privacyThreshold: Int) -> [String: Any] {
        [
            "title": "Retro", "anonymous": true, "privacyThreshold": privacyThreshold,
            "questions": [
                ["key": "nps", "prompt": "Would you recommend this meeting?", "kind": "rating", "min": 0, "max": 10, "required": true],
                ["key": "change", "prompt": "What should change?", "kind": "shortAnswer", "required": true,
                 "showWhen": ["question": "nps", "ratingBetween": [0, 6]]],
            ],
        ]
    }

    @Test func onlyThoseShownAFollowUpAnswerItAndResultsSaySo() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            let promoter = try await api.submit(fixture.code, ["answers": [["questionKey": "nps", "rating": 9]]])
            #expect(promoter.status == .created, "a hidden required follow-up is not required: \(promoter.text)")
            let hidden = try await api.submit(
                fixture.code, ["answers": [["questionKey": "nps", "rating": 10], ["questionKey": "change", "text": "nothing"]]])
            #expect(hidden.status == .unprocessableContent)
            #expect(hidden.problemPaths.contains { $0.hasPrefix("answers[1].questionKey") }, "\(hidden.text)")
            let missing = try await api.submit(fixture.code, ["answers": [["questionKey": "nps", "rating": 2]]])
            #expect(missing.status == .unprocessableContent, "shown, the follow-up is required: \(missing.text)")
            let detractor = try await api.submit(
                fixture.code, ["answers": [["questionKey": "nps", "rating": 3], ["questionKey": "change", "text": "shorter"]]])
            #expect(detractor.status == .created, "\(detractor.text)")

            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let change = try #require((results.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "change" })
            #expect(change["respondents"] as? Int == 1)
            #expect(change["shownTo"] as? Int == 1)
            #expect(change["shownOf"] as? Int == 2)
            #expect(change["skipped"] as? Int == 0, "the promoter was never asked: not a skip")
            #expect(change["answeredPercentOfShown"] as? Double == 100)
            #expect((change["showWhen"] as? [String: Any])?["ratingBetween"] as? [Int] == [0, 6])

            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/change.svg", token: fixture.hostToken)
            #expect(svg.status == .ok)
            #expect(svg.text.contains("Shown to 1 of 2 respondents"), "\(svg.text.prefix(600))")
            let korean = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/change.svg?lang=ko", token: fixture.hostToken)
            #expect(korean.text.contains("응답자 2명 중 1명에게 표시"))

            let csv = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=summary", token: fixture.hostToken)
            let (header, rows) = try await CSVParser.records(csv.body)
            #expect(header.contains("shown_to") && header.contains("shown_of"))
            let changeRows = rows.filter { $0["question_key"] == "change" }
            #expect(!changeRows.isEmpty && changeRows.allSatisfy { $0["shown_to"] == "1" && $0["shown_of"] == "2" && $0["skipped"] == "0" })
            #expect(rows.filter { $0["question_key"] == "nps" }.allSatisfy { $0["shown_to"] == "" })

            if ProcessInfo.processInfo.environment["DEBRIEF_WRITE_EXAMPLES"] == "1" {
                let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/examples").standardized
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let json = try JSONSerialization.data(withJSONObject: change, options: [.prettyPrinted, .sortedKeys])
                try json.write(to: folder.appendingPathComponent("follow-up-results.json"))
                try svg.body.write(to: folder.appendingPathComponent("follow-up-results.svg"))
            }
        }
    }

    @Test func theNumberShownIsWithheldWithItsDecidingQuestion() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 3))
            for rating in [9, 3] {
                var answers: [[String: Any]] = [["questionKey": "nps", "rating": rating]]
                if rating <= 6 { answers.append(["questionKey": "change", "text": "shorter"]) }
                #expect(try await api.submit(fixture.code, ["answers": answers]).status == .created)
            }
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let questions = try #require(results.json?["questions"] as? [[String: Any]])
            #expect(questions.first { $0["key"] as? String == "nps" }?["withheld"] as? Bool == true)
            let change = try #require(questions.first { $0["key"] as? String == "change" })
            #expect(change["shownTo"] == nil, "2 ratings under k = 3: how many rated 0–6 would tell them")
            #expect(change["shownOf"] as? Int == 2)
            let svg = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/charts/change.svg", token: fixture.hostToken)
            #expect(svg.text.contains("Shown to some of 2 respondents"), "\(svg.text.prefix(600))")
        }
    }

    @Test func theParticipantPageStatesTheConditionAndWorksWithoutScript() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            let page = try await api.page("/f/\(fixture.code)")
            #expect(page.text.contains("Answer if you rated 0–6 on “Would you recommend this meeting?”."), "\(page.text.prefix(2000))")
            #expect(page.text.contains("data-show-when-rule=\"rating 0 6\""))
            #expect(page.text.contains("/assets/follow-up.js"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            // Without script the follow-up shows; what was written in it while rating 9 is not sent.
            let key = try #require(page.inputValue("idempotency_key"))
            let posted = try await api.post("/f/\(fixture.code)", [("idempotency_key", key), ("q.nps", "9"), ("q.change", "all good")])
            #expect(posted.status == .seeOther, "\(posted.text.prefix(500))")
            let second = try #require(try await api.page("/f/\(fixture.code)").inputValue("idempotency_key"))
            let refused = try await api.post("/f/\(fixture.code)", [("idempotency_key", second), ("q.nps", "2")])
            #expect(refused.status == .unprocessableContent, "shown by a 2, the follow-up is required")
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            let change = try #require((results.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "change" })
            #expect(change["respondents"] as? Int == 0)
            #expect(change["shownTo"] as? Int == 0)
        }
    }

    @Test func trendsCountWhoWasShownInEachSession() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(privacyThreshold: 1))
            #expect(try await api.submit(fixture.code, ["answers": [["questionKey": "nps", "rating": 5], ["questionKey": "change", "text": "a"]]]).status == .created)
            let start = Date().addingTimeInterval(500 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            let published = try await api.send(.post, "/v1/meetings/\(nextID)/form/publish", token: fixture.hostToken)
            let code = try #require(published.string("code"), "\(published.text)")
            for rating in [8, 9] { #expect(try await api.submit(code, ["answers": [["questionKey": "nps", "rating": rating]]]).status == .created) }
            let trends = try await api.send(.get, "/v1/series/\(fixture.seriesID)/trends", token: fixture.hostToken)
            let change = try #require((trends.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "change" }, "\(trends.text.prefix(800))")
            let points = try #require(change["points"] as? [[String: Any]])
            #expect(points.map { $0["shownTo"] as? Int } == [1, 0])
            let csv = try await api.send(.get, "/v1/series/\(fixture.seriesID)/export.csv?layout=trends", token: fixture.hostToken)
            let (_, rows) = try await CSVParser.records(csv.body)
            #expect(rows.filter { $0["question_key"] == "change" }.map { $0["shown_to"] } == ["1", "0"])
        }
    }
}
