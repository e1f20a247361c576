import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Issue 14, "Editing a published form must not break printed QR codes or hide answers": the
/// participant code belongs to the meeting's form for its whole life (decision record 20).
@Suite("Forms: one code for the form's life, wording edits in place, versions merged")
struct FormEditSameCodeTests {
    /// The sample form with `change` applied to its questions.
    static func form(_ change: (inout [[String: Any]]) -> Void = { _ in }) -> [String: Any] {
        var form = ParticipantAPI.sampleForm()
        form["privacyThreshold"] = 1
        var questions = form["questions"] as? [[String: Any]] ?? []
        change(&questions)
        form["questions"] = questions
        return form
    }

    static func results(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> [String: Any] {
        try #require(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken).json)
    }

    static func question(_ results: [String: Any], _ key: String, in list: String = "questions") throws -> [String: Any] {
        try #require((results[list] as? [[String: Any]])?.first { $0["key"] as? String == key }, "\(key) in \(list)")
    }

    static func counts(_ question: [String: Any]) -> [Int?] {
        ((question["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []).map { $0["count"] as? Int }
    }

    static func summary(_ results: [String: Any]) -> [String: Any] { results["summary"] as? [String: Any] ?? [:] }

    /// Closes the open form, saves `form` (a new version) and publishes it; returns the code.
    static func republish(_ api: ParticipantAPI, _ fixture: PublishedFixture, _ form: [String: Any]) async throws -> String {
        try #require(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", token: fixture.hostToken).status == .ok)
        let saved = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: form)
        try #require(saved.status == .ok, "\(saved.text)")
        let published = try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/publish", token: fixture.hostToken)
        try #require(published.status == .ok, "\(published.text)")
        return try #require(published.string("code"))
    }

    /// Seen on main: close → new version → publish gave a new code; the old code answered 410 and
    /// `/results` showed 0 responses. Now the new version keeps the code, the code opens it, and
    /// the results count the earlier answers.
    @Test func republishingKeepsTheCodeAndTheAnswers() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            for rating in [2, 4, 5] {
                try #require(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: rating)]).status == .created)
            }
            // The useful scale goes from 1–5 to 1–10: a change of meaning, so a new version.
            let code = try await Self.republish(api, fixture, Self.form { $0[0]["max"] = 10 })
            #expect(code == fixture.code, "the new version keeps the printed code")
            let page = try await api.send(.get, "/v1/f/\(fixture.code)")
            #expect(page.status == .ok, "\(page.text)")
            #expect(((page.json?["questions"] as? [[String: Any]])?.first?["max"]) as? Int == 10, "the code opens the new version")
            // The answering instance had the first version cached: the submission lands in the new one.
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: 9)]).status == .created)
            let results = try await Self.results(api, fixture)
            #expect(results["formVersion"] as? Int == 2)
            #expect(Self.summary(results)["responses"] as? Int == 4, "earlier answers are counted, not 0")
            let versions = try #require(results["versions"] as? [[String: Any]])
            #expect(versions.map { $0["version"] as? Int } == [1, 2])
            #expect(versions.map { $0["responses"] as? Int } == [3, 1])
        }
    }

    @Test func aWordingEditKeepsTheVersionTheCodeAndTheAnswers() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form())
            for rating in [3, 4] {
                try #require(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: rating)]).status == .created)
            }
            _ = try await api.send(.get, "/v1/f/\(fixture.code)")  // cached with the old wording
            let fixed = Self.form {
                $0[0]["prompt"] = "How useful was it?"
                $0[1]["options"] = [["id": "roadmap", "label": "The roadmap"], ["id": "hiring", "label": "Hiring"], ["id": "budget", "label": "Budget"]]
                $0[2]["placeholder"] = "Optional"
            }
            let saved = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: fixed)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved.json?["version"] as? Int == 1)
            #expect(saved.string("state") == "open")
            #expect(saved.string("code") == fixture.code)
            let page = try await api.send(.get, "/v1/f/\(fixture.code)")
            #expect(((page.json?["questions"] as? [[String: Any]])?.first?["prompt"]) as? String == "How useful was it?", "seen at once")
            let html = try await api.send(.get, "/f/\(fixture.code)").text
            #expect(html.contains("How useful was it?") && html.contains("The roadmap"))
            let results = try await Self.results(api, fixture)
            let useful = try Self.question(results, "useful")
            #expect(useful["prompt"] as? String == "How useful was it?")
            #expect(useful["respondents"] as? Int == 2, "the answers are kept")
            #expect(useful["versions"] == nil, "one version")
            #expect(try await database.query("SELECT count(*) AS n FROM forms").single().decode("n", as: Int.self) == 1)
            // A change of meaning is refused on the open form, naming the field.
            let meaning = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: Self.form { $0[1]["options"] = [["id": "roadmap", "label": "Roadmap"], ["id": "hiring", "label": "Hiring"]] })
            #expect(meaning.status == .conflict)
            #expect(meaning.text.contains("questions"))
        }
    }

    @Test func resultsMergeComparableQuestionsAndCountTheSplit() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            for rating in [1, 2, 5] {
                let answers = ParticipantAPI.answers(rating: rating, topics: ["roadmap"], notes: "first \(rating)", pace: "slow")
                try #require(try await api.submit(fixture.code, ["answers": answers]).status == .created)
            }
            // Version 2: `useful` on another scale (not comparable), `topic` relabelled and
            // reordered (comparable), `pace` loses an option (not comparable), the rest unchanged.
            _ = try await Self.republish(api, fixture, Self.form {
                $0[0]["max"] = 10
                $0[1]["options"] = [["id": "budget", "label": "Money"], ["id": "roadmap", "label": "Plans"], ["id": "hiring", "label": "Hiring"]]
                $0[4]["options"] = [["id": "slow", "label": "Slow"], ["id": "ok", "label": "Fine"]]
            })
            for rating in [7, 10] {
                let answers = ParticipantAPI.answers(rating: rating, topics: ["roadmap", "budget"], notes: "second", pace: "ok")
                try #require(try await api.submit(fixture.code, ["answers": answers]).status == .created)
            }
            let results = try await Self.results(api, fixture)
            #expect(Self.summary(results)["responses"] as? Int == 5)
            // Comparable: counted together, the split per version.
            let topic = try Self.question(results, "topic")
            #expect(topic["respondents"] as? Int == 5)
            #expect(Self.counts(topic) == [2, 5, 0, 0], "budget, roadmap, hiring, other in the current order")
            let split = try #require(topic["versions"] as? [[String: Any]])
            #expect(split.map { $0["version"] as? Int } == [1, 2])
            #expect(split.map { $0["respondents"] as? Int } == [3, 2])
            let nps = try Self.question(results, "nps")
            #expect(nps["respondents"] as? Int == 5)
            #expect(nps["skipped"] as? Int == 0)
            let notes = try Self.question(results, "notes")
            #expect(notes["respondents"] as? Int == 5)
            // Not comparable: the current question counts its own version only …
            let useful = try Self.question(results, "useful")
            #expect(useful["respondents"] as? Int == 2)
            #expect(useful["skipped"] as? Int == 0)
            #expect((useful["versions"] as? [[String: Any]])?.map { $0["version"] as? Int } == [2])
            #expect(Self.counts(useful) == [0, 0, 0, 0, 0, 0, 1, 0, 0, 1])
            // … and the earlier one is listed on its own, with its version.
            let earlier = try #require(results["earlierQuestions"] as? [[String: Any]])
            #expect(earlier.map { $0["key"] as? String } == ["useful", "pace"])
            #expect(earlier.allSatisfy { $0["version"] as? Int == 1 })
            #expect(Self.counts(earlier[0]) == [1, 1, 0, 0, 1])
            #expect(Self.counts(earlier[1]) == [3, 0, 0])
            #expect(try Self.question(results, "pace")["respondents"] as? Int == 2)
            // The summary CSV has the same numbers, the earlier question under its version.
            let csv = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=summary", token: fixture.hostToken)
            let rows = try await CSVParser.records(csv.body).rows
            #expect(rows.filter { $0["question_key"] == "topic" }.map { $0["count"] } == ["2", "5", "0", "0"])
            #expect(rows.filter { $0["question_key"] == "useful" && $0["form_version"] == "1" }.map { $0["count"] } == ["1", "1", "0", "0", "1"])
            // Trends count both versions too.
            let trends = try #require(try await api.send(.get, "/v1/series/\(fixture.seriesID)/trends", token: fixture.hostToken).json)
            #expect((trends["sessions"] as? [[String: Any]])?.first?["responses"] as? Int == 5)
        }
    }

    /// Codes drawn for earlier versions before this change (one per version) still open the
    /// current form, and what is sent through them is counted in it.
    @Test func aCodePrintedForAnEarlierVersionOpensTheCurrentForm() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form())
            _ = try await Self.republish(api, fixture, Self.form { $0[0]["max"] = 10 })
            // As the old behaviour left them: version 2 under a code of its own.
            try await database.execute("UPDATE forms SET code = 'ZZZZZZZZZZ' WHERE version = 2")
            let old = try await api.send(.get, "/v1/f/\(fixture.code)")
            #expect(old.status == .ok, "\(old.text)")
            #expect(old.string("code") == "ZZZZZZZZZZ")
            #expect(((old.json?["questions"] as? [[String: Any]])?.first?["max"]) as? Int == 10)
            #expect(try await api.send(.get, "/f/\(fixture.code)").status == .ok)
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: 8)]).status == .created)
            let stored = try await database.query(
                "SELECT f.version FROM responses r JOIN forms f ON f.id = r.form_id").map { try $0.decode("version", as: Int.self) }
            #expect(stored == [2])
            // A third version keeps the code of the one before it.
            let third = try await Self.republish(api, fixture, Self.form { $0[0]["max"] = 7 })
            #expect(third == "ZZZZZZZZZZ")
            #expect(try await api.send(.get, "/v1/f/\(fixture.code)").json?["code"] as? String == "ZZZZZZZZZZ")
        }
    }

    /// A participant who checked in to one version answers the next with the same token.
    @Test func aCheckInCarriesOverToTheNextVersion() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            let token = try await api.checkIn(fixture.code)
            _ = try await Self.republish(api, fixture, Self.form { $0[0]["max"] = 10 })
            let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: 9), "participantToken": token])
            #expect(reply.status == .created, "\(reply.text)")
            let results = try await Self.results(api, fixture)
            #expect(Self.summary(results)["checkedInResponded"] as? Int == 1)
        }
    }
}
