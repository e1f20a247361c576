import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// What a client can rely on across every route: ids in lower case, one timestamp precision,
/// unknown members refused with their path, a distinct problem for "no form yet", and the next
/// session's form copied from the series' latest session.
@Suite("Consistency a client can rely on")
struct ClientConsistencyTests {

    /// Every id in `text`, which must be lower case.
    static func expectLowercaseIDs(_ text: String, _ what: String) {
        let ids = text.matches(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/).map { String(text[$0.range]) }
        #expect(!ids.isEmpty, "\(what): no id in \(text.prefix(200))")
        for id in ids { #expect(id == id.lowercased(), "\(what): \(id)") }
    }

    @Test func idsAreLowerCaseInEveryBody() async throws {
        try await withTestApp { api, _ in
            let created = try await api.send(
                .post, "/v1/accounts", json: ["email": "ids@example.com", "password": "correct horse battery", "displayName": "Ids"])
            Self.expectLowercaseIDs(created.text, "sign-up")
            let (token, _) = try await api.signUpAndLogIn()
            Self.expectLowercaseIDs(try await api.send(.get, "/v1/me", token: token).text, "me")
            let meeting = try await api.createMeeting(token: token, daysFromNow: -0.5)
            Self.expectLowercaseIDs(try await api.send(.get, "/v1/meetings/\(meeting)", token: token).text, "meeting")
            try await api.putSampleForm(token: token, meeting: meeting)
            let published = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
            Self.expectLowercaseIDs(published.text, "form")
            let code = try #require(published.string("code"))
            let submitted = try await api.send(
                .post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 7]]],
                headers: [HTTPField.Name("Idempotency-Key")!: "ids-1"])
            #expect(submitted.status == .created, "\(submitted.text)")
            Self.expectLowercaseIDs(submitted.text, "submission")
            // The replay of a stored submission reads the same.
            let replay = try await api.send(
                .post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 7]]],
                headers: [HTTPField.Name("Idempotency-Key")!: "ids-1"])
            #expect(replay.text == submitted.text)
            Self.expectLowercaseIDs(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token).text, "results")
            let csv = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv", token: token)
            Self.expectLowercaseIDs(csv.text, "CSV")
            // The overlap problem names the other meeting in lower case too.
            let overlap = try await api.send(
                .post, "/v1/meetings", token: token,
                json: try Self.meetingJSON(try await api.send(.get, "/v1/meetings/\(meeting)", token: token)))
            #expect(overlap.status == .conflict)
            #expect(overlap.json?["conflictingId"] as? String == meeting.lowercased())
        }
    }

    @Test func csvTimesHaveTheJSONsMillisecondPrecision() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: -0.5)
            // k = 1, so the raw layouts show the one response (below k they withhold it).
            var form = sampleForm
            form["privacyThreshold"] = 1
            // Named: an anonymous form's exports carry the day only (decision 81).
            form["anonymous"] = false
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form).status == .ok)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            func participant() async throws -> String {
                try #require(try await api.send(.post, "/v1/f/\(code)/check-in", json: ["name": "Guest \(UUID().uuidString.prefix(4))"]).string("participantToken"))
            }
            let submitted = try await api.send(
                .post, "/v1/f/\(code)/responses", json: ["participantToken": try await participant(), "answers": [["questionKey": "useful", "rating": 7]]])
            let submittedAt = try #require(submitted.string("submittedAt"))
            #expect(submittedAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(submittedAt)")
            // Two more: the `answers` layout leaves out what fewer than k = 3 answered.
            for _ in 0..<2 {
                #expect(
                    try await api.send(
                        .post, "/v1/f/\(code)/responses", json: ["participantToken": try await participant(), "answers": [["questionKey": "useful", "rating": 6]]]
                    ).status == .created)
            }
            for layout in ["responses", "answers"] {
                let csv = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=\(layout)", token: token).text
                // The same instant to the millisecond, as a spreadsheet reads it: the zone (UTC
                // here) in the `time_zone` column, not in the cell.
                let spreadsheetTime = submittedAt.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
                #expect(csv.contains(spreadsheetTime) && csv.contains(",UTC"), "\(layout): \(csv.prefix(600))")
                #expect(csv.firstMatch(of: /\.\d{6}Z/) == nil, "\(layout) still has microseconds")
            }
        }
    }

    @Test func unknownMembersAreRefusedWithTheirPathOnEveryRoute() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn(email: "known@example.com")
            let profile = try await api.send(.patch, "/v1/me", token: token, json: ["email": "new@example.com"])
            #expect(profile.status == .unprocessableContent)
            #expect(profile.problemPaths == ["email: is not a known field"])
            #expect(try await api.send(.get, "/v1/me", token: token).string("email") == "known@example.com")

            let start = Date().addingTimeInterval(86_400)
            let meeting = try await api.send(
                .post, "/v1/meetings", token: token,
                json: [
                    "title": "Sync", "startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600)),
                    "imageUrl": "https://example.com/a.png",
                ])
            #expect(meeting.status == .unprocessableContent)
            #expect(meeting.problemPaths == ["imageUrl: is not a known field"])

            let id = try await api.createMeeting(token: token)
            var form = sampleForm
            var questions = form["questions"] as! [[String: Any]]
            questions[1]["colour"] = "red"
            form["questions"] = questions
            let nested = try await api.send(.put, "/v1/meetings/\(id)/form", token: token, json: form)
            #expect(nested.status == .unprocessableContent)
            #expect(nested.problemPaths == ["questions[1].colour: is not a known field"])

            let login = try await api.send(
                .post, "/v1/tokens", json: ["email": "known@example.com", "password": "correct horse battery", "remember": true])
            #expect(login.problemPaths == ["remember: is not a known field"])
            // Known members, null or absent, still pass.
            let fine = try await api.send(.patch, "/v1/me", token: token, json: ["displayName": "Known"])
            #expect(fine.status == .ok)
        }
    }

    @Test func resultsOfAMeetingWithoutAFormAreADistinctProblem() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            let noForm = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            #expect(noForm.status == .conflict)
            #expect(noForm.problem?.code == "no_published_form")
            let unknown = try await api.send(.get, "/v1/meetings/\(UUID().uuidString.lowercased())/results", token: token)
            #expect(unknown.status == .notFound)
            // Another host learns nothing: still the 404 of an unknown meeting.
            let (other, _) = try await api.signUpAndLogIn()
            let foreign = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: other)
            #expect(foreign.status == .notFound)
            #expect(foreign.problem?.detail == unknown.problem?.detail)
        }
    }

    @Test func nextSessionCopiesTheSeriesLatestForm() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let first = try await api.createMeeting(token: token, daysFromNow: 1)
            try await api.putSampleForm(token: token, meeting: first)
            let second = try #require(
                try await api.send(.post, "/v1/meetings/\(first)/next", token: token, json: Self.times(daysFromNow: 8)).string("id"))
            // The second session's form changes: one question only.
            var changed = sampleForm
            changed["questions"] = [["key": "mood", "prompt": "Mood today?", "kind": "rating", "min": 1, "max": 5]]
            #expect(try await api.send(.put, "/v1/meetings/\(second)/form", token: token, json: changed).status == .ok)
            // Planning from the *first* meeting still copies the latest session's form.
            let third = try #require(
                try await api.send(.post, "/v1/meetings/\(first)/next", token: token, json: Self.times(daysFromNow: 15)).string("id"))
            let form = try await api.send(.get, "/v1/meetings/\(third)/form", token: token)
            let keys = (form.json?["questions"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
            #expect(keys == ["mood"], "\(form.text.prefix(400))")
        }
    }

    @Test func anAdminsNextSessionOverlapNamesTheHostsMeeting() async throws {
        try await withTestApp { api, database in
            let (host, _) = try await api.signUpAndLogIn()
            let (admin, adminID) = try await api.signUpAndLogIn()
            try await database.execute("UPDATE accounts SET role = 'admin' WHERE id = \(UUID(uuidString: adminID)!)")
            let first = try await api.createMeeting(token: host, daysFromNow: 1)
            let blocking = try await api.createMeeting(token: host, title: "Blocking", daysFromNow: 8)
            // The admin's own meeting at the same time must not be the one named.
            _ = try await api.createMeeting(token: admin, title: "Admin's own", daysFromNow: 8)
            let blockingStart = try #require(try await api.send(.get, "/v1/meetings/\(blocking)", token: host).string("startsAt"))
            let start = try #require(Timestamps(blockingStart))
            let refused = try await api.send(
                .post, "/v1/meetings/\(first)/next", token: admin,
                json: ["startsAt": iso(start.addingTimeInterval(600)), "endsAt": iso(start.addingTimeInterval(1800))])
            #expect(refused.status == .conflict, "\(refused.text)")
            #expect(refused.json?["conflictingId"] as? String == blocking)
            #expect(refused.problem?.detail?.contains("Blocking") == true, "\(refused.text)")
        }
    }

    static func times(daysFromNow: Double) -> [String: Any] {
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + daysFromNow * 86_400).rounded())
        return ["startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600))]
    }

    static func meetingJSON(_ reply: APIClient.Reply) throws -> [String: Any] {
        let json = try #require(reply.json)
        return ["title": "Clash", "startsAt": json["startsAt"]!, "endsAt": json["endsAt"]!]
    }
}

private func Timestamps(_ text: String) -> Date? {
    try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
}
