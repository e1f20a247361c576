import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Rates whose numerator is a subset of their denominator, and attendance that counts people.
@Suite("Results: rates and attendance that mean what they say")
struct RatesAndAttendanceTests {
    /// Seen: "350% Response rate (of checked in)", because anonymous participants answer without
    /// checking in.
    @Test func theRateOfThoseCheckedInNeverPasses100Percent() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let token = try await api.checkIn(form.code)
            var body: [String: Any] = ["answers": ParticipantAPI.answers()]
            body["participantToken"] = token
            #expect(try await api.submit(form.code, body).status == .created)
            for _ in 0..<3 { #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()]).status == .created) }
            _ = try await api.checkIn(form.code)  // checked in, never answered

            let results = try await api.send(.get, "/v1/meetings/\(form.meetingID)/results", token: form.hostToken)
            let summary = try #require(results.json?["summary"] as? [String: Any])
            #expect(summary["responses"] as? Int == 4)
            #expect(summary["checkedIn"] as? Int == 2)
            #expect(summary["checkedInResponded"] as? Int == 1)
            #expect(summary["responseRateOfCheckedIn"] as? Double == 50)

            let trends = try await api.send(.get, "/v1/series/\(form.seriesID)/trends", token: form.hostToken)
            let session = try #require((trends.json?["sessions"] as? [[String: Any]])?.first)
            #expect(session["responseRate"] as? Double == 50)
            #expect(session["responseRateOf"] as? String == "checkedIn")

            let csv = try await api.send(.get, "/v1/series/\(form.seriesID)/export.csv?layout=trends", token: form.hostToken)
            #expect(csv.text.hasPrefix("series_id,question_key,question_kind,question_prompt,comparable_from,session_number,starts_at,respondents,response_rate,response_rate_of,"))
        }
    }

    @Test func withoutCheckInsTrendsFallBackToTheExpectedHeadCountAndSaySo() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)  // expects 10
            try await api.putSampleForm(token: token, meeting: meeting)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            for rating in [5, 6] {
                #expect(try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": rating]]]).status == .created)
            }
            let series = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: token).string("seriesId"))
            let trends = try await api.send(.get, "/v1/series/\(series)/trends", token: token)
            let session = try #require((trends.json?["sessions"] as? [[String: Any]])?.first)
            #expect(session["responseRate"] as? Double == 20)
            #expect(session["responseRateOf"] as? String == "expectedHeadCount")
            let results = try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token)
            let summary = try #require(results.json?["summary"] as? [String: Any])
            #expect(summary["responseRateOfCheckedIn"] == nil || summary["responseRateOfCheckedIn"] is NSNull)
            #expect(summary["responseRateOfCheckedInReason"] as? String == "nobody has checked in")
        }
    }

    @Test func moreResponsesThanExpectedGiveNoRateButAReason() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let start = Date().addingTimeInterval(-600)
            let meeting = try #require(try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Small", "startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600)), "expectedHeadCount": 2]).string("id"))
            try await api.putSampleForm(token: token, meeting: meeting)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            for rating in [5, 6, 7] {
                #expect(try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": rating]]]).status == .created)
            }
            let summary = try #require(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token).json?["summary"] as? [String: Any])
            #expect(summary["responseRateOfExpected"] == nil || summary["responseRateOfExpected"] is NSNull)
            #expect((summary["responseRateOfExpectedReason"] as? String)?.hasPrefix("more responses (3) than people expected (2)") == true)
        }
    }

    /// Seen (issue 15): checking in five times as "Mallory" counted five people.
    @Test func aRepeatedCheckInIsOnePerson() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let roster = "/v1/series/\(form.seriesID)/roster"
            #expect(try await api.send(.post, roster, token: form.hostToken, json: ["name": "Ana Lima"]).status == .created)

            // The same participant again, presenting their token: the same check-in comes back.
            let first = try await api.send(.post, "/v1/f/\(form.code)/check-in", json: ["name": "Mallory"])
            let token = try #require(first.string("participantToken"))
            let again = try await api.send(.post, "/v1/f/\(form.code)/check-in", json: ["name": "Mallory", "participantToken": token])
            #expect(again.status == .ok, "\(again.text)")
            #expect(again.string("participantToken") == token)
            #expect(again.string("checkedInAt") == first.string("checkedInAt"))
            let unknown = try await api.send(.post, "/v1/f/\(form.code)/check-in", json: ["name": "Mallory", "participantToken": "dbp_nope"])
            #expect(unknown.status == .unprocessableContent)

            // Others with the same unlisted name: possible duplicates, not counted until decided.
            var others: [String] = []
            for _ in 0..<4 { others.append(try await api.checkIn(form.code, name: "mallory")) }
            for participant in [token] + others {
                let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers(), "participantToken": participant])
                #expect(reply.status == .created, "\(reply.text)")
            }
            // A roster member checks in once, however many devices: the second token answers for the first.
            let ana = try await api.checkIn(form.code, name: "Ana Lima")
            let anaAgain = try await api.checkIn(form.code, name: "ana lima")
            #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers(), "participantToken": ana]).status == .created)
            let second = try await api.submit(form.code, ["answers": ParticipantAPI.answers(), "participantToken": anaAgain])
            #expect(second.status == .conflict, "one response per person: \(second.text)")

            var attendance = try #require(try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken).json)
            #expect(attendance["presentCount"] as? Int == 2)
            #expect(attendance["possibleDuplicateCount"] as? Int == 4)
            let checkIns = try #require(attendance["checkIns"] as? [[String: Any]])
            #expect(checkIns.filter { $0["duplicateStatus"] as? String == "possible" }.count == 4)
            #expect(checkIns.filter { $0["duplicateStatus"] as? String == "merged" }.count == 1)

            var summary = try #require(try await api.send(.get, "/v1/meetings/\(form.meetingID)/results", token: form.hostToken).json?["summary"] as? [String: Any])
            #expect(summary["checkedIn"] as? Int == 2)
            #expect(summary["possibleDuplicateCheckIns"] as? Int == 4)
            #expect(summary["responseRateOfCheckedIn"] as? Double == 100)
            let checkedInOnly = try await api.send(.get, "/v1/meetings/\(form.meetingID)/results?checkedInOnly=true", token: form.hostToken)
            #expect((checkedInOnly.json?["summary"] as? [String: Any])?["responses"] as? Int == 2, "possible duplicates left out")

            // The host decides: one is another person, one the same Mallory.
            let possible = checkIns.filter { $0["duplicateStatus"] as? String == "possible" }.compactMap { $0["id"] as? String }
            let base = "/v1/meetings/\(form.meetingID)/attendance/check-ins"
            #expect(try await api.send(.post, "\(base)/\(possible[0])/confirm", token: form.hostToken).status == .noContent)
            #expect(try await api.send(.post, "\(base)/\(possible[1])/merge", token: form.hostToken).status == .noContent)
            #expect(try await api.send(.post, "\(base)/\(possible[1])/merge", token: form.hostToken).status == .notFound, "decided already")
            attendance = try #require(try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken).json)
            #expect(attendance["presentCount"] as? Int == 3)
            #expect(attendance["possibleDuplicateCount"] as? Int == 2)
            summary = try #require(try await api.send(.get, "/v1/meetings/\(form.meetingID)/results", token: form.hostToken).json?["summary"] as? [String: Any])
            #expect(summary["checkedIn"] as? Int == 3)
            #expect(summary["checkedInResponded"] as? Int == 3)
        }
    }

    /// Seen: a session a week away accepted answers, and the median delay came back negative.
    @Test func timingSaysWhetherAnswersCameBeforeDuringOrAfterTheMeeting() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: 7)
            try await api.putSampleForm(token: token, meeting: meeting)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            let early = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 5]]])
            #expect(early.status == .created)
            let summary = try #require(try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token).json?["summary"] as? [String: Any])
            #expect(summary["responsesBeforeMeeting"] as? Int == 1)
            #expect(summary["responsesDuringMeeting"] as? Int == 0)
            #expect(summary["responsesAfterMeeting"] as? Int == 0)
            #expect(summary["medianMinutesAfterMeetingEnd"] == nil || summary["medianMinutesAfterMeetingEnd"] is NSNull)
        }
    }

    /// Seen: an option with id `other` beside `allowsOther` made two "Other" rows.
    @Test func anOptionCalledOtherBesideAllowsOtherIsRefused() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            let form: [String: Any] = ["title": "T", "questions": [[
                "key": "topic", "prompt": "Topic?", "kind": "choice", "allowsOther": true,
                "options": [["id": "a", "label": "A"], ["id": "other", "label": "Something else"]],
            ]]]
            let reply = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form)
            #expect(reply.status == .unprocessableContent)
            #expect(reply.problem?.errors?.map(\.path) == ["questions[0].options[1].id"])
        }
    }

    /// The host's choice of window: a form that accepts answers from the meeting's start refuses
    /// earlier ones with a problem that says so, and still shows the form.
    @Test func aFormThatAcceptsAnswersFromTheMeetingsStartRefusesEarlierOnes() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: 7)
            var form = sampleForm
            form["acceptsAnswersFrom"] = "meetingStart"
            let saved = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form)
            #expect(saved.json?["acceptsAnswersFrom"] as? String == "meetingStart")
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            #expect(try await api.send(.get, "/v1/f/\(code)").status == .ok)
            let early = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 5]]])
            #expect(early.status == .conflict)
            #expect(early.problem?.detail?.hasPrefix("the form accepts answers from the meeting's start") == true, "\(early.text)")
            #expect(try await api.send(.post, "/v1/f/\(code)/check-in", json: [String: Any]()).status == .conflict)
            form["acceptsAnswersFrom"] = "tomorrow"
            let other = try await api.createMeeting(token: token, daysFromNow: 9)
            let bad = try await api.send(.put, "/v1/meetings/\(other)/form", token: token, json: form)
            #expect(bad.problemPaths == ["acceptsAnswersFrom: must be one of publishing, meetingStart"])

            // Once the meeting started, answers are taken.
            let started = try await api.createMeeting(token: token, daysFromNow: -0.01)
            form["acceptsAnswersFrom"] = "meetingStart"
            #expect(try await api.send(.put, "/v1/meetings/\(started)/form", token: token, json: form).status == .ok)
            let open = try #require(try await api.send(.post, "/v1/meetings/\(started)/form/publish", token: token).string("code"))
            #expect(try await api.send(.post, "/v1/f/\(open)/responses", json: ["answers": [["questionKey": "useful", "rating": 5]]]).status == .created)
        }
    }
}
