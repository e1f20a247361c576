@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Participants: one response per participant token")
struct ParticipantOneResponseTests {
    @Test func aSecondSubmissionWithTheSameTokenIs409WithoutEditing() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false, allowsEditing: false))
            let token = try await api.checkIn(form.code, name: "Ana")
            let first = try await api.submit(form.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 2)])
            #expect(first.status == .created, "\(first.text)")
            #expect(first.json?["changedAt"] is NSNull)
            let second = try await api.submit(form.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 5)])
            #expect(second.status == .conflict)
            #expect(second.problemCode == "conflict")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers WHERE rating = 2") == 1)
            // Someone else checked in answers normally.
            let other = try await api.checkIn(form.code, name: "Bo")
            #expect(try await api.submit(form.code, ["participantToken": other, "answers": ParticipantAPI.answers()]).status == .created)
        }
    }

    @Test func withEditingTheAnswersAreReplaced() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: true, allowsEditing: true))
            let token = try await api.checkIn(form.code)
            let first = try await api.submit(
                form.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 2, topics: ["roadmap", "hiring"])])
            #expect(first.status == .created)
            let edited = try await api.submit(
                form.code,
                ["participantToken": token, "answers": [["questionKey": "useful", "rating": 5], ["questionKey": "topic", "optionIds": ["budget"]]]])
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(edited.string("id") == first.string("id"))
            #expect(edited.string("submittedAt") == first.string("submittedAt"))
            let changedAt = try #require(edited.string("changedAt"))
            #expect(changedAt >= (first.string("submittedAt") ?? ""))
            #expect((edited.json?["answers"] as? [[String: Any]])?.count == 2)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
            let rows = try await database.query(
                "SELECT question_key, coalesce(option_id, rating::text) AS v FROM answers ORDER BY question_key, position")
            #expect(try rows.map { "\(try $0.decode("question_key", as: String.self))=\(try $0.decode("v", as: String.self))" }
                == ["topic=budget", "useful=5"])
        }
    }

    @Test func concurrentEditsLeaveExactlyOneSetOfAnswers() async throws {
        try await ParticipantAPI.run(poolSize: 8) { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: true, allowsEditing: true))
            let token = try await api.checkIn(form.code)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for rating in 1...5 {
                    let body = try ParticipantAPI.text(["participantToken": token, "answers": ParticipantAPI.answers(rating: rating)])
                    group.addTask { try await api.submit(form.code, raw: body).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .ok }.count == 4, "\(statuses)")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers") == 6)
        }
    }

    /// Seen (audit): on a named form without editing, one person answered each version once
    /// (checked in 1, responses 2). A check-in answers the meeting's form once, whatever the
    /// version: the second submission is the same 409 as on one version.
    @Test func aNewVersionTakesNoSecondResponseFromTheSameParticipant() async throws {
        try await ParticipantAPI.run { api, database in
            var form = FormEditSameCodeTests.form()
            form["anonymous"] = false
            let fixture = try await api.publish(form)
            let token = try await api.checkIn(fixture.code, name: "Ana")
            let first = try await api.submit(fixture.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 2)])
            #expect(first.status == .created, "\(first.text)")
            var next = FormEditSameCodeTests.form { $0[0]["max"] = 10 }
            next["anonymous"] = false
            _ = try await FormEditSameCodeTests.republish(api, fixture, next)

            let second = try await api.submit(fixture.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 9)])
            #expect(second.status == .conflict, "\(second.text)")
            #expect(second.problemCode == "conflict")
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
            let summary = FormEditSameCodeTests.summary(try await FormEditSameCodeTests.results(api, fixture))
            #expect(summary["responses"] as? Int == 1 && summary["checkedIn"] as? Int == 1, "\(summary)")
        }
    }

    /// With editing, an answer to an earlier version is the participant's one response: a
    /// submission to the new version replaces it (200, same id and first time) and moves it to
    /// the new version, so each version's counts lose and gain exactly that response.
    @Test func withEditingAnAnswerToAnEarlierVersionMovesToTheNewOne() async throws {
        try await ParticipantAPI.run { api, database in
            var form = FormEditSameCodeTests.form()
            form["allowsEditing"] = true
            let fixture = try await api.publish(form)
            let token = try await api.checkIn(fixture.code)
            let first = try await api.submit(fixture.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 2)])
            #expect(first.status == .created, "\(first.text)")
            var next = FormEditSameCodeTests.form { $0[0]["max"] = 10 }
            next["allowsEditing"] = true
            _ = try await FormEditSameCodeTests.republish(api, fixture, next)

            let edited = try await api.submit(fixture.code, ["participantToken": token, "answers": ParticipantAPI.answers(rating: 9)])
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(edited.string("id") == first.string("id") && edited.string("submittedAt") == first.string("submittedAt"))
            #expect(try await participantCount(
                database, "SELECT count(*)::int AS n FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.version = 2") == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses") == 1)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM answers a JOIN forms f ON f.id = a.form_id WHERE f.version = 1") == 0)
            let results = try await FormEditSameCodeTests.results(api, fixture)
            let summary = FormEditSameCodeTests.summary(results)
            #expect(summary["responses"] as? Int == 1 && summary["checkedInResponded"] as? Int == 1, "\(summary)")
            let useful = try FormEditSameCodeTests.question(results, "useful")
            #expect(useful["respondents"] as? Int == 1, "\(useful)")
        }
    }

    @Test func anonymousSubmissionsWithoutATokenAreEachTheirOwn() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: true))
            for _ in 0..<3 {
                #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()]).status == .created)
            }
            #expect(try await api.submit(form.code, ["participantToken": "", "answers": ParticipantAPI.answers()]).status == .created)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM responses WHERE check_in_id IS NULL") == 4)
        }
    }
}
