import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import PropertyBased
import Testing

/// The oracle: random responses (ratings, multiple choices with "other", check-ins and repeated
/// check-ins) are recounted in plain Swift from what was sent, and every output that shows the
/// numbers must agree with the recount — the JSON results and trends, the rating chart's
/// `<desc>`, and the `summary` CSV.
@Suite("Results: an oracle for every number", .serialized)
struct ResultsOraclePropertyTests {
    struct Sent {
        var useful: Int?
        var topics: [String]
        var other: String?
        var nps: Int
        var checkedIn: Bool
    }

    @Test func everyOutputAgreesWithARecountOfTheRows() async throws {
        // Each case signs a host up, more than one address may in an hour.
        var configuration = ParticipantAPI.configuration()
        configuration.signUpsPerAddressPerHour = 1_000
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            await propertyCheck(count: 12, input: Gen.int(in: 0...1_000_000)) { seed in
                do {
                    try await Self.check(api, seed: seed)
                } catch {
                    Issue.record(error)
                }
            }
        }
    }

    static func check(_ api: ParticipantAPI, seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let start = Date().addingTimeInterval(-2 * 3600)
        let meeting = try #require(try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Oracle", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600)),
                   "expectedHeadCount": 30]).json)
        let meetingID = try #require(meeting["id"] as? String)
        let seriesID = try #require(meeting["seriesId"] as? String)
        let form: [String: Any] = [
            "title": "Oracle", "anonymous": true, "privacyThreshold": 1,
            "questions": [
                ["key": "useful", "prompt": "Useful?", "kind": "rating", "min": 1, "max": 5],
                ["key": "topic", "prompt": "Topics?", "kind": "choice", "allowsMultiple": true, "allowsOther": true,
                 "options": [["id": "a", "label": "A"], ["id": "b", "label": "B"], ["id": "c", "label": "C"]]],
                ["key": "nps", "prompt": "Recommend?", "kind": "rating", "min": 0, "max": 10, "required": true],
            ],
        ]
        try #require(try await api.send(.put, "/v1/meetings/\(meetingID)/form", token: token, json: form).status == .ok)
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meetingID)/form/publish", token: token).string("code"))

        var sent: [Sent] = []
        var checkIns = 0
        for _ in 0..<random.next(in: 0...14) {
            let response = Sent(
                useful: random.next(in: 0...3) == 0 ? nil : random.next(in: 1...5),
                topics: ["a", "b", "c"].filter { _ in random.next(in: 0...1) == 1 },
                other: random.next(in: 0...3) == 0 ? "other \(random.word())" : nil,
                nps: random.next(in: 0...10), checkedIn: random.next(in: 0...2) == 0)
            var answers: [[String: Any]] = [["questionKey": "nps", "rating": response.nps]]
            if let useful = response.useful { answers.append(["questionKey": "useful", "rating": useful]) }
            if !response.topics.isEmpty || response.other != nil {
                var topic: [String: Any] = ["questionKey": "topic", "optionIds": response.topics]
                if let other = response.other { topic["otherText"] = other }
                answers.append(topic)
            }
            var body: [String: Any] = ["answers": answers]
            if response.checkedIn {
                let participant = try await api.checkIn(code)
                checkIns += 1
                // A repeated check-in with the token is the same person.
                if random.next(in: 0...1) == 1 {
                    let again = try await api.send(.post, "/v1/f/\(code)/check-in", json: ["participantToken": participant])
                    #expect(again.status == .ok)
                }
                body["participantToken"] = participant
            }
            let reply = try await api.submit(code, body)
            try #require(reply.status == .created, "\(reply.text)")
            sent.append(response)
        }
        // Some people check in and never answer.
        for _ in 0..<random.next(in: 0...2) {
            _ = try await api.checkIn(code)
            checkIns += 1
        }

        // The recount, in plain Swift.
        let usefulValues = sent.compactMap(\.useful)
        let topicRespondents = sent.filter { !$0.topics.isEmpty || $0.other != nil }.count
        let optionCounts = ["a", "b", "c"].map { id in sent.filter { $0.topics.contains(id) }.count } + [sent.filter { $0.other != nil }.count]
        let usefulCounts = (1...5).map { value in usefulValues.filter { $0 == value }.count }
        let npsCounts = (0...10).map { value in sent.filter { $0.nps == value }.count }
        let responded = sent.filter(\.checkedIn).count

        // JSON results.
        let results = try #require(try await api.send(.get, "/v1/meetings/\(meetingID)/results", token: token).json)
        let summary = try #require(results["summary"] as? [String: Any])
        #expect(summary["responses"] as? Int == sent.count)
        #expect(summary["checkedIn"] as? Int == checkIns)
        #expect(summary["checkedInResponded"] as? Int == responded)
        let rate = summary["responseRateOfCheckedIn"] as? Double
        #expect(checkIns == 0 ? rate == nil : abs((rate ?? -1) - (Double(responded) * 1000 / Double(checkIns)).rounded() / 10) < 1e-9)
        let questions = try #require(results["questions"] as? [[String: Any]])
        func question(_ key: String) throws -> [String: Any] { try #require(questions.first { $0["key"] as? String == key }) }
        func counts(_ question: [String: Any]) -> [Int?] {
            ((question["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []).map { $0["count"] as? Int }
        }
        let useful = try question("useful")
        #expect(useful["respondents"] as? Int == usefulValues.count)
        #expect(counts(useful) == usefulCounts)
        if usefulValues.isEmpty {
            #expect((useful["statistics"] as? [String: Any])?["mean"] == nil)
        } else {
            let mean = Double(usefulValues.reduce(0, +)) / Double(usefulValues.count)
            #expect(abs(((useful["statistics"] as? [String: Any])?["mean"] as? Double ?? -1) - mean) < 1e-9)
        }
        let topic = try question("topic")
        #expect(topic["respondents"] as? Int == topicRespondents)
        #expect(counts(topic) == optionCounts)
        let nps = try question("nps")
        #expect(counts(nps) == npsCounts)
        if !sent.isEmpty {
            let breakdown = try #require((nps["statistics"] as? [String: Any])?["nps"] as? [String: Any])
            #expect(breakdown["promoters"] as? Int == sent.filter { $0.nps >= 9 }.count)
            #expect(breakdown["detractors"] as? Int == sent.filter { $0.nps <= 6 }.count)
        }

        // The rating chart's description.
        let svg = try await api.send(.get, "/v1/meetings/\(meetingID)/charts/useful.svg", token: token).text
        let desc = try #require(svg.range(of: "<desc>").flatMap { open in svg.range(of: "</desc>").map { String(svg[open.upperBound..<$0.lowerBound]) } })
        #expect(desc.contains(usefulValues.count == 1 ? "1 respondent," : "\(usefulValues.count) respondents,"), "\(desc)")
        if !usefulValues.isEmpty {
            for (value, count) in zip(1...5, usefulCounts) {
                #expect(desc.contains(" \(value): \(count) \(count == 1 ? "answer" : "answers")."), "\(value) in \(desc)")
            }
        }

        // The summary CSV.
        let csv = try await api.send(.get, "/v1/meetings/\(meetingID)/export.csv?layout=summary", token: token)
        let rows = try CSVParser.records(csv.body).rows
        #expect(rows.filter { $0["question_key"] == "useful" }.map { Int($0["count"] ?? "") } == usefulCounts.map { $0 })
        #expect(rows.filter { $0["question_key"] == "topic" }.map { Int($0["count"] ?? "") } == optionCounts.map { $0 })
        #expect(rows.filter { $0["question_key"] == "nps" }.allSatisfy { Int($0["respondents"] ?? "") == sent.count })

        // Trends.
        let trends = try #require(try await api.send(.get, "/v1/series/\(seriesID)/trends", token: token).json)
        let session = try #require((trends["sessions"] as? [[String: Any]])?.first)
        #expect(session["responses"] as? Int == sent.count)
        #expect(session["checkedIn"] as? Int == checkIns)
        #expect(session["checkedInResponded"] as? Int == responded)
    }
}
