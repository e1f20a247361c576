import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Results over HTTP")
struct ResultsTests {
    /// A published sample form; returns the meeting id and the public code.
    func publishedMeeting(_ api: APIClient, token: String) async throws -> (meeting: String, code: String) {
        let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)
        try await api.putSampleForm(token: token, meeting: meeting)
        let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
        return (meeting, try #require(published.string("code")))
    }

    func submit(_ api: APIClient, code: String, rating: Int, topic: String?, other: String? = nil, notes: String? = nil) async throws {
        var answers: [[String: Any]] = [["questionKey": "useful", "rating": rating]]
        if let topic { answers.append(["questionKey": "topic", "optionIds": [topic]]) }
        if let other { answers.append(["questionKey": "topic", "optionIds": [], "otherText": other]) }
        if let notes { answers.append(["questionKey": "notes", "text": notes]) }
        let reply = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": answers])
        #expect(reply.status == .created, "\(reply.text)")
    }

    func question(_ reply: APIClient.Reply, _ key: String) throws -> [String: Any] {
        let questions = try #require(reply.json?["questions"] as? [[String: Any]])
        return try #require(questions.first { $0["key"] as? String == key })
    }

    func counts(_ question: [String: Any]) -> [Int?] {
        let rows = (question["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return rows.map { $0["count"] as? Int }
    }

    @Test func handCheckedCountsStatisticsAndNPS() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: token)
            try await self.submit(api, code: code, rating: 10, topic: "roadmap", notes: "Great roadmap discussion")
            try await self.submit(api, code: code, rating: 9, topic: "roadmap", notes: "roadmap was clear")
            try await self.submit(api, code: code, rating: 7, topic: "hiring")
            try await self.submit(api, code: code, rating: 3, topic: nil, other: "Budget")
            try await self.submit(api, code: code, rating: 10, topic: "roadmap", notes: "회의 좋았어요 로드맵")
            let results = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(results.status == .ok, "\(results.text)")
            let summary = try #require(results.json?["summary"] as? [String: Any])
            #expect(summary["responses"] as? Int == 5)
            #expect(summary["responsesUnfiltered"] as? Int == 5)
            #expect(summary["filtered"] as? Bool == false)
            #expect(summary["responseRateOfExpected"] as? Double == 50.0)

            let useful = try self.question(results, "useful")
            #expect(self.counts(useful) == [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 2])
            let statistics = try #require(useful["statistics"] as? [String: Any])
            #expect(statistics["mean"] as? Double == 7.8)
            #expect(statistics["median"] as? Double == 9)
            let nps = try #require(statistics["nps"] as? [String: Any])
            #expect(nps["promoters"] as? Int == 3)
            #expect(nps["passives"] as? Int == 1)
            #expect(nps["detractors"] as? Int == 1)
            #expect(nps["score"] as? Double == 40)

            let topic = try self.question(results, "topic")
            #expect(self.counts(topic) == [3, 1, 1])
            #expect(topic["respondents"] as? Int == 5)
            #expect(topic["otherTexts"] as? [String] == ["Budget"])
            let chart = try #require(topic["chart"] as? [String: Any])
            #expect(chart["labels"] as? [String] == ["Roadmap", "Hiring", "Other"])
            let datasets = try #require(chart["datasets"] as? [[String: Any]])
            #expect(datasets.last?["data"] as? [Double] == [60, 20, 20])

            let notes = try self.question(results, "notes")
            #expect(notes["respondents"] as? Int == 3)
            #expect(notes["skipped"] as? Int == 2)
            let words = ((notes["chart"] as? [String: Any])?["rows"] as? [[String: Any]])?.compactMap { $0["category"] as? String } ?? []
            #expect(words.first == "roadmap")
            #expect(words.contains("로드맵"))
            let timeline = try #require(results.json?["timeline"] as? [String: Any])
            #expect(timeline["total"] as? Int == 5)
        }
    }

    @Test func shortAnswersArePagedNewestFirst() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: token)
            for index in 1...5 { try await self.submit(api, code: code, rating: 5, topic: nil, notes: "note \(index)") }
            var texts: [String] = []
            var cursor: String?
            repeat {
                let page = try await api.send(
                    .get, "/v1/meetings/\(meeting)/questions/notes/answers?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: token)
                #expect(page.status == .ok, "\(page.text)")
                texts += (page.json?["items"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
                cursor = page.json?["nextCursor"] as? String
            } while cursor != nil
            #expect(texts == ["note 5", "note 4", "note 3", "note 2", "note 1"])
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/questions/useful/answers", token: token).status == .notFound)
        }
    }

    @Test func filtersApplyToEveryCountAndAreReported() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: token)
            for rating in [5, 6, 7] { try await self.submit(api, code: code, rating: rating, topic: "hiring") }
            let future = iso(Date().addingTimeInterval(3600))
            let later = try await api.send(.get, "/v1/meetings/\(meeting)/results?since=\(future)", token: token)
            let summary = try #require(later.json?["summary"] as? [String: Any])
            #expect(summary["responses"] as? Int == 0)
            #expect(summary["responsesUnfiltered"] as? Int == 3)
            #expect(summary["filtered"] as? Bool == true)
            #expect(self.counts(try self.question(later, "topic")) == [0, 0, 0])
            let checkedIn = try await api.send(.get, "/v1/meetings/\(meeting)/results?checkedInOnly=true", token: token)
            #expect((checkedIn.json?["summary"] as? [String: Any])?["responses"] as? Int == 0)
            let bad = try await api.send(.get, "/v1/meetings/\(meeting)/results?since=yesterday&checkedInOnly=maybe", token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.problem?.errors?.map(\.path) ?? []) == ["since", "checkedInOnly"])
        }
    }

    @Test func smallAnonymousGroupsAreWithheld() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: token)
            try await self.submit(api, code: code, rating: 2, topic: "hiring", notes: "only two of us")
            try await self.submit(api, code: code, rating: 9, topic: "hiring")
            let results = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            let useful = try self.question(results, "useful")
            #expect(useful["withheld"] as? Bool == true)
            #expect(self.counts(useful).allSatisfy { $0 == nil })
            #expect(useful["statistics"] == nil || useful["statistics"] is NSNull)
            #expect(!results.text.contains("only two of us"))
            #expect((results.json?["summary"] as? [String: Any])?["responses"] as? Int == 2)
        }
    }

    @Test func participantsSeeResultsOnlyWhenShared() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (_, code) = try await self.publishedMeeting(api, token: token)
            try await self.submit(api, code: code, rating: 8, topic: "roadmap")
            #expect(try await api.send(.get, "/v1/f/\(code)/results").status == .notFound)
            let shared = try await api.createMeeting(token: token, daysFromNow: 5)
            var form = sampleForm
            form["sharesResultsWithParticipants"] = true
            #expect(try await api.send(.put, "/v1/meetings/\(shared)/form", token: token, json: form).status == .ok)
            let sharedCode = try #require(try await api.send(.post, "/v1/meetings/\(shared)/form/publish", token: token).string("code"))
            try await self.submit(api, code: sharedCode, rating: 9, topic: "hiring")
            let visible = try await api.send(.get, "/v1/f/\(sharedCode.lowercased())/results")
            #expect(visible.status == .ok)
            #expect((visible.json?["summary"] as? [String: Any])?["responses"] as? Int == 1)
        }
    }

    @Test func onlyTheHostSeesResultsAndDraftsHaveNone() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: token)
            try await self.submit(api, code: code, rating: 8, topic: "roadmap")
            let (other, _) = try await api.signUpAndLogIn()
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: other).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/results").status == .unauthorized)
            let draftOnly = try await api.createMeeting(token: token, daysFromNow: 3)
            try await api.putSampleForm(token: token, meeting: draftOnly)
            // A draft is not an unknown meeting: its own problem, which the host can fix by publishing.
            let draft = try await api.send(.get, "/v1/meetings/\(draftOnly)/results", token: token)
            #expect(draft.status == .conflict)
            #expect(draft.problem?.code == "no_published_form")
        }
    }
}
