import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The privacy rule's cases that were seen leaking, one test each (the property test in
/// ``PrivacyPropertyTests`` covers every output at random).
@Suite("Privacy: the threshold k, seen leaks")
struct PrivacyRuleTests {
    let results = ResultsTests()

    func question(_ reply: APIClient.Reply, _ key: String) throws -> [String: Any] {
        try self.results.question(reply, key)
    }

    @Test func aWithheldShortAnswerKeepsNoWordsAndAWithheldChoiceNoCounts() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            var form = sampleForm
            form["sharesResultsWithParticipants"] = true
            let shared = try await api.createMeeting(token: token, daysFromNow: -0.01)
            #expect(try await api.send(.put, "/v1/meetings/\(shared)/form", token: token, json: form).status == .ok)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(shared)/form/publish", token: token).string("code"))
            try await self.results.submit(api, code: code, rating: 4, topic: nil, other: "Zanzibarian", notes: "wombatish remark")
            for reply in [
                try await api.send(.get, "/v1/meetings/\(shared)/results", token: token),
                try await api.send(.get, "/v1/f/\(code)/results"),
            ] {
                #expect(reply.status == .ok)
                #expect(!reply.text.contains("wombatish") && !reply.text.contains("Zanzibarian"), "\(reply.text)")
                let notes = try self.question(reply, "notes")
                #expect(notes["withheld"] as? Bool == true)
                let chart = try #require(notes["chart"] as? [String: Any])
                #expect((chart["labels"] as? [Any])?.isEmpty == true)
                #expect((chart["rows"] as? [Any])?.isEmpty == true)
                let topic = try self.question(reply, "topic")
                #expect(topic["withheld"] as? Bool == true)
                #expect(self.results.counts(topic) == [nil, nil, nil])
                #expect(topic["otherTexts"] as? [String] == [])
            }
            let summary = try await api.send(.get, "/v1/meetings/\(shared)/export.csv?layout=summary", token: token)
            #expect(summary.status == .ok)
            #expect(!summary.text.contains("wombatish"), "\(summary.text)")
        }
    }

    @Test func rawLayoutsOfAnAnonymousFormBelowKLeaveTheAnswersOut() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.results.publishedMeeting(api, token: token)
            try await self.results.submit(api, code: code, rating: 7, topic: nil, other: "Quokkaish", notes: "platypusine remark")
            let withheld = try await api.send(.get, "/v1/meetings/\(meeting)/questions/notes/answers", token: token)
            #expect(withheld.json?["withheld"] as? Bool == true)
            let responses = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=responses", token: token)
            let (_, rows) = try await CSVParser.records(responses.body)
            #expect(rows.count == 1, "the response is still there")
            #expect(!responses.text.contains("platypusine") && !responses.text.contains("Quokkaish"), "\(responses.text)")
            #expect(rows.first?["How useful was it? [useful]"] == "withheld", "the rating is left out too, and the cell says so")
            let answers = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=answers", token: token)
            #expect(try await CSVParser.records(answers.body).rows.isEmpty, "\(answers.text)")

            // At k the answers are there.
            try await self.results.submit(api, code: code, rating: 8, topic: "roadmap", notes: "second")
            try await self.results.submit(api, code: code, rating: 9, topic: "roadmap", notes: "third")
            let enough = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=answers", token: token)
            #expect(enough.text.contains("platypusine"))
        }
    }

    @Test func aThresholdOfOneShowsEverything() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)
            var form = sampleForm
            form["privacyThreshold"] = 1
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form).status == .ok)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            #expect(try await api.send(.get, "/v1/f/\(code)").json?["privacyThreshold"] as? Int == 1)
            try await self.results.submit(api, code: code, rating: 7, topic: nil, notes: "visible words")
            let reply = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(try self.question(reply, "notes")["withheld"] as? Bool == false)
            #expect(reply.text.contains("visible"))
            let answers = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=answers", token: token)
            #expect(answers.text.contains("visible words"))
        }
    }

    @Test func aFilterThatLeavesOutFewerThanKPeopleIsWithheld() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.results.publishedMeeting(api, token: token)
            try await self.results.submit(api, code: code, rating: 1, topic: "hiring", notes: "aardvarkian first")
            let between = Date()
            for rating in [8, 9, 10] { try await self.results.submit(api, code: code, rating: rating, topic: "roadmap", notes: "later") }
            let all = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(try self.question(all, "useful")["withheld"] as? Bool == false)
            let since = iso(between).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            // Three people after `between`: enough by themselves, but the one left out is the
            // difference between this and the unfiltered results.
            let later = try await api.send(.get, "/v1/meetings/\(meeting)/results?since=\(since)", token: token)
            #expect((later.json?["summary"] as? [String: Any])?["responses"] as? Int == 3)
            for key in ["useful", "topic", "notes"] {
                let question = try self.question(later, key)
                #expect(question["withheld"] as? Bool == true, "\(key)")
                #expect((question["withheldReason"] as? String)?.contains("leaves out") == true)
                #expect(question["statistics"] == nil || question["statistics"] is NSNull)
            }
            let earlier = try await api.send(.get, "/v1/meetings/\(meeting)/results?until=\(since)", token: token)
            #expect(try self.question(earlier, "useful")["withheld"] as? Bool == true)
            #expect(!earlier.text.contains("aardvarkian"))
            // Leaving out nobody is no difference at all.
            let everyone = try await api.send(.get, "/v1/meetings/\(meeting)/results?since=2000-01-01T00:00:00Z", token: token)
            #expect(try self.question(everyone, "useful")["withheld"] as? Bool == false)
        }
    }

    /// issue 15: an earlier code served a newer, unshared version's answers. Since record 20 the
    /// code is the meeting form's, not a version's: it shows shared results only while the current
    /// version shares them, and then only the versions that share theirs.
    @Test func anEarlierCodeShowsOnlyItsOwnVersionsSharedResults() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)
            var first = sampleForm
            first["sharesResultsWithParticipants"] = true
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: first).status == .ok)
            let oldCode = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            for rating in [6, 7, 8] { try await self.results.submit(api, code: oldCode, rating: rating, topic: "roadmap", notes: "version one") }
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token).status == .ok)
            var second = sampleForm
            second["sharesResultsWithParticipants"] = false
            var questions = try #require(second["questions"] as? [[String: Any]])
            questions.append(["key": "salary", "prompt": "Your salary?", "kind": "shortAnswer"])
            second["questions"] = questions
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: second).status == .ok)
            let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
            let newCode = try #require(published.string("code"))
            #expect(newCode == oldCode, "one code for the meeting's form")
            for rating in [1, 2, 3] {
                let reply = try await api.send(.post, "/v1/f/\(newCode)/responses", json: ["answers": [
                    ["questionKey": "useful", "rating": rating], ["questionKey": "salary", "text": "narwhalish secret"],
                ]])
                #expect(reply.status == .created, "\(reply.text)")
            }
            // The current version does not share: nothing, under the code that was printed.
            let hidden = try await api.send(.get, "/v1/f/\(oldCode)/results")
            #expect(hidden.status == .notFound)
            #expect(!hidden.text.contains("narwhalish") && !hidden.text.contains("salary"), "\(hidden.text)")
            // A third version shares again: the shared results count versions 1 and 3, never 2.
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token).status == .ok)
            var third = sampleForm
            third["sharesResultsWithParticipants"] = true
            third["title"] = "Third"
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: third).status == .ok)
            #expect(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code") == oldCode)
            try await self.results.submit(api, code: oldCode, rating: 4, topic: "roadmap", notes: "version three")
            let shared = try await api.send(.get, "/v1/f/\(oldCode)/results")
            #expect(shared.status == .ok)
            #expect(!shared.text.contains("narwhalish") && !shared.text.contains("salary"), "\(shared.text)")
            #expect(shared.json?["formVersion"] as? Int == 3)
            #expect((shared.json?["summary"] as? [String: Any])?["responses"] as? Int == 4)
            #expect((shared.json?["versions"] as? [[String: Any]])?.map { $0["version"] as? Int } == [1, 3])
            // The host sees all three.
            let host = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect((host.json?["summary"] as? [String: Any])?["responses"] as? Int == 7)
        }
    }
}
