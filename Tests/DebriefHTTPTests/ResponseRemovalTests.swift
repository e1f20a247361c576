import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// A host removes one response (`DELETE /v1/meetings/{id}/responses/{responseId}`): every count
/// drops by exactly what it added — whether the tallies had folded it or not — the report says
/// how many the host removed, and a second removal changes nothing.
@Suite("Removing a response")
struct ResponseRemovalTests {
    /// The answers of five responses: the last one is the spam to remove.
    static var answers: [[[String: Any]]] {
        [
        [["questionKey": "useful", "rating": 9], ["questionKey": "topic", "optionIds": ["roadmap"]], ["questionKey": "notes", "text": "good roadmap"]],
        [["questionKey": "useful", "rating": 7], ["questionKey": "topic", "optionIds": ["hiring"]]],
        [["questionKey": "useful", "rating": 8], ["questionKey": "topic", "optionIds": [], "otherText": "Budget"]],
        [["questionKey": "useful", "rating": 6], ["questionKey": "notes", "text": "fine"]],
        [["questionKey": "useful", "rating": 0], ["questionKey": "topic", "optionIds": ["hiring"]], ["questionKey": "notes", "text": "BUY CHEAP WATCHES"]],
        ]
    }

    /// `hoursAgo` keeps two meetings of one host from overlapping.
    func publishedMeeting(_ api: APIClient, token: String, title: String, hoursAgo: Double = 0.25) async throws -> (meeting: String, code: String) {
        let meeting = try await api.createMeeting(token: token, title: title, daysFromNow: -hoursAgo / 24)
        try await api.putSampleForm(token: token, meeting: meeting)
        let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
        return (meeting, try #require(published.string("code")))
    }

    /// Submits `answers`; returns the response ids.
    func submit(_ api: APIClient, code: String, _ answers: [[[String: Any]]]) async throws -> [String] {
        var ids: [String] = []
        for answer in answers {
            let reply = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": answer])
            #expect(reply.status == .created, "\(reply.text)")
            ids.append(try #require(reply.string("id")))
        }
        return ids
    }

    /// What a report says that removal must leave exactly as if the response had never come:
    /// the questions (counts, statistics, texts) and the response counts.
    func comparable(_ api: APIClient, meeting: String, token: String) async throws -> (questions: String, responses: Int?, removed: Int?) {
        let reply = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
        #expect(reply.status == .ok, "\(reply.text)")
        let json = try #require(reply.json)
        let questions = try JSONSerialization.data(withJSONObject: json["questions"] ?? [], options: [.sortedKeys])
        let summary = json["summary"] as? [String: Any]
        return (String(decoding: questions, as: UTF8.self), summary?["responses"] as? Int, summary?["responsesRemovedByHost"] as? Int)
    }

    @Test(arguments: [false, true])
    func removalSubtractsExactlyWhatTheResponseAdded(foldedFirst: Bool) async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let tallies = ResultTallies(database: database)
            // The oracle: the same four responses without the spam, in a meeting of their own.
            let (expected, expectedCode) = try await self.publishedMeeting(api, token: token, title: "Oracle")
            _ = try await self.submit(api, code: expectedCode, Array(Self.answers.prefix(4)))
            let (meeting, code) = try await self.publishedMeeting(api, token: token, title: "Moderated", hoursAgo: 3)
            let ids = try await self.submit(api, code: code, Self.answers)
            if foldedFirst { try await tallies.fold() }
            // Read once, so the shared report of this instance is cached before the removal.
            let before = try await self.comparable(api, meeting: meeting, token: token)
            #expect(before.responses == 5)
            #expect(before.removed == 0)
            #expect(before.questions.contains("\"watches\""), "the spam is counted")

            let removed = try await api.send(.delete, "/v1/meetings/\(meeting)/responses/\(ids[4])", token: token)
            #expect(removed.status == .noContent, "\(removed.text)")
            let oracle = try await self.comparable(api, meeting: expected, token: token)
            let after = try await self.comparable(api, meeting: meeting, token: token)
            #expect(after.questions == oracle.questions)
            #expect(after.responses == 4)
            #expect(after.removed == 1)
            #expect(oracle.removed == 0)
            // Folding the removal's deltas changes nothing a reader sees.
            try await tallies.fold()
            let folded = try await self.comparable(api, meeting: meeting, token: token)
            #expect(folded.questions == oracle.questions)
            #expect(folded.responses == 4)
            // The application's own fold service may hold the fold's lock at that moment (a fold
            // skips rather than waits): fold again until none of this meeting's deltas is left.
            let meetingID = try #require(UUID(uuidString: meeting))
            func left() async throws -> Int {
                try await database.query(
                    "SELECT count(*) AS n FROM result_tally_deltas d JOIN forms f ON f.id = d.form_id WHERE f.meeting_id = \(meetingID)"
                ).single().decode("n")
            }
            var attempts = 0
            while try await left() > 0, attempts < 2_400 {  // two minutes: only ends a broken run
                attempts += 1
                try await Task.sleep(for: .milliseconds(50))
                try await tallies.fold()
            }
            #expect(try await left() == 0)
            #expect(try await self.comparable(api, meeting: meeting, token: token).questions == oracle.questions)
        }
    }

    @Test func anotherHostsResponseIsNotFoundAndASecondRemovalChangesNothing() async throws {
        try await withTestApp { api, _ in
            let (owner, _) = try await api.signUpAndLogIn()
            let (other, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: owner, title: "Mine")
            let (elsewhere, elsewhereCode) = try await self.publishedMeeting(api, token: owner, title: "Also mine", hoursAgo: 3)
            let ids = try await self.submit(api, code: code, Array(Self.answers.prefix(3)))
            let otherMeetingsResponse = try await self.submit(api, code: elsewhereCode, [Self.answers[0]])[0]
            let path = "/v1/meetings/\(meeting)/responses/\(ids[0])"

            #expect(try await api.send(.delete, path, token: other).status == .notFound)
            #expect(try await api.send(.delete, path).status == .unauthorized)
            #expect(try await api.send(.delete, "/v1/meetings/\(meeting)/responses/\(UUID())", token: owner).status == .notFound)
            #expect(
                try await api.send(.delete, "/v1/meetings/\(meeting)/responses/\(otherMeetingsResponse)", token: owner).status == .notFound,
                "a response of another meeting is not this meeting's")
            #expect(try await api.send(.delete, "/v1/meetings/\(meeting)/responses/not-a-uuid", token: owner).status == .notFound)
            let untouched = try await self.comparable(api, meeting: meeting, token: owner)
            #expect(untouched.responses == 3 && untouched.removed == 0)

            #expect(try await api.send(.delete, path, token: owner).status == .noContent)
            #expect(try await api.send(.delete, path, token: owner).status == .noContent, "idempotent")
            let after = try await self.comparable(api, meeting: meeting, token: owner)
            #expect(after.responses == 2)
            #expect(after.removed == 1, "removed once, counted once")
            #expect(try await self.comparable(api, meeting: elsewhere, token: owner).responses == 1)
            #expect(try await api.send(.delete, path, token: other).status == .notFound, "still not the other host's")
        }
    }

    @Test func theSummaryCSVCarriesTheRemovalCount() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let (meeting, code) = try await self.publishedMeeting(api, token: token, title: "Exported")
            let ids = try await self.submit(api, code: code, Array(Self.answers.prefix(4)))
            #expect(try await api.send(.delete, "/v1/meetings/\(meeting)/responses/\(ids[1])", token: token).status == .noContent)
            let csv = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=summary", token: token)
            #expect(csv.status == .ok, "\(csv.text)")
            let lines = csv.text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = try #require(lines.first)
            let responses = try #require(header.firstIndex(of: "responses"))
            let removed = try #require(header.firstIndex(of: "responses_removed_by_host"))
            #expect(lines.count > 1)
            for row in lines.dropFirst() {
                #expect(row[responses] == "3")
                #expect(row[removed] == "1")
            }
        }
    }

    /// Seen (audit): `responsesRemovedByHost` counted only the latest version's removals, in the
    /// JSON and the summary CSV. It counts every version's, as the report counts their responses.
    @Test func removalsFromEveryVersionAreCounted() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(FormEditSameCodeTests.form())
            var ids: [String] = []
            for rating in [2, 3, 4] {
                let reply = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: rating)])
                ids.append(try #require(reply.string("id"), "\(reply.text)"))
            }
            let path = "/v1/meetings/\(fixture.meetingID)/responses/"
            #expect(try await api.send(.delete, path + ids[0], token: fixture.hostToken).status == .noContent)
            _ = try await FormEditSameCodeTests.republish(api, fixture, FormEditSameCodeTests.form { $0[0]["max"] = 10 })
            let later = try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: 9)])
            #expect(try await api.send(.delete, path + (try #require(later.string("id"))), token: fixture.hostToken).status == .noContent)

            for query in ["", "?since=2000-01-01T00:00:00Z"] {
                let reply = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results\(query)", token: fixture.hostToken)
                let summary = try #require(reply.json?["summary"] as? [String: Any], "\(reply.text)")
                #expect(summary["responsesRemovedByHost"] as? Int == 2, "\(query): \(summary)")
                #expect(summary["responses"] as? Int == 2, "\(query): \(summary)")
            }
            let csv = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=summary", token: fixture.hostToken)
            let records = try await CSVParser.records(csv.body)
            #expect(!records.rows.isEmpty, "\(csv.text)")
            #expect(records.rows.allSatisfy { $0["responses_removed_by_host"] == "2" }, "\(records.rows.first ?? [:])")
        }
    }

    @Test func theTimeZoneIsAnIANANameOrA422NamingIt() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            #expect(try await api.send(.get, "/v1/me", token: token).json?["timeZone"] == nil, "none until chosen")
            for bad in ["Mars/Olympus_Mons", "", "GMT+5", "europe/berlin "] {
                let reply = try await api.send(.patch, "/v1/me", token: token, json: ["timeZone": bad])
                #expect(reply.status == .unprocessableContent, "\(bad): \(reply.text)")
                #expect(reply.problem?.errors?.map(\.path) == ["timeZone"], "\(bad)")
            }
            let saved = try await api.send(.patch, "/v1/me", token: token, json: ["timeZone": "Asia/Seoul"])
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(saved.string("timeZone") == "Asia/Seoul")
            let renamed = try await api.send(.patch, "/v1/me", token: token, json: ["displayName": "Renamed"])
            #expect(renamed.string("timeZone") == "Asia/Seoul", "a patch without it leaves it")
            #expect(try await api.send(.patch, "/v1/me", token: token, json: ["timeZone": "UTC"]).string("timeZone") == "UTC")
        }
    }
}
