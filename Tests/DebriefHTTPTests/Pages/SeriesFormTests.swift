@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48, items 1 and 2 (docs/decisions/0063): the series owns its form. Every session starts
/// with it (translations included), sessions not yet published follow it, publishing closes by
/// the rule after the session's own end, a session may diverge and push its form back.
@Suite("The series owns its form")
struct SeriesFormTests {
    /// A series of `count` weekly sessions planned from a rule (8 Tuesdays from 4 March 2031,
    /// 12:00–13:00 UTC): the session ids in order, and the host's token.
    static func plannedSeries(_ api: ParticipantAPI, count: Int = 8) async throws -> (token: String, sessions: [String]) {
        let fixture = try await api.publish()
        let made = try await api.send(
            .post, "/v1/series/from-calendar", token: fixture.hostToken,
            json: ["rule": "FREQ=WEEKLY;COUNT=\(count)", "start": "2031-03-04T12:00:00Z", "end": "2031-03-04T13:00:00Z",
                   "title": "Weekly sync", "timeZone": "UTC"])
        #expect(made.status == .created, "\(made.text)")
        let sessions = try #require(made.json?["sessions"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        return (fixture.hostToken, sessions)
    }

    /// The translated form, closing a day after session 1 ends (4 March 13:00 UTC).
    static func form(closesAt: String = "2031-03-05T13:00:00Z", title: String = "Team sync") -> [String: Any] {
        var form = FormLanguageFlowTests.form()
        form["closesAt"] = closesAt
        form["title"] = title
        return form
    }

    /// Issue 48 item 1: "An .ics with an RRULE made 8 sessions; sessions 2–8 say 'No form yet'."
    @Test func everyPlannedSessionStartsWithTheSeriesFormAndItsTranslations() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, sessions) = try await Self.plannedSeries(api)
            #expect(sessions.count == 8)
            #expect(try await api.send(.put, "/v1/meetings/\(sessions[0])/form", token: token, json: Self.form()).status == .ok)
            for (index, id) in sessions.enumerated().dropFirst() {
                let form = try await api.send(.get, "/v1/meetings/\(id)/form", token: token)
                #expect(form.status == .ok, "session \(index + 1) has a form: \(form.text)")
                let korean = (form.json?["translations"] as? [String: Any])?["ko"] as? [String: Any]
                #expect(korean?["title"] as? String == "팀 회의", "session \(index + 1): \(form.text)")
                // A day after its own end: 4 March + index weeks, 13:00, plus a day.
                let day = 5 + 7 * index
                let expected = day <= 31 ? String(format: "2031-03-%02dT13:00:00.000Z", day) : String(format: "2031-04-%02dT13:00:00.000Z", day - 31)
                #expect(form.string("closesAt") == expected, "session \(index + 1): \(form.text)")
                #expect(form.json?["followsSeries"] as? Bool == true)
            }
            // "Next session" after the plan starts with the series' form too.
            let next = try await api.send(
                .post, "/v1/meetings/\(sessions[7])/next", token: token, json: ["startsAt": "2031-04-29T12:00:00Z", "endsAt": "2031-04-29T13:00:00Z"])
            let nextID = try #require(next.string("id"), "\(next.text)")
            let nextForm = try await api.send(.get, "/v1/meetings/\(nextID)/form", token: token)
            #expect(nextForm.string("closesAt") == "2031-04-30T13:00:00.000Z", "\(nextForm.text)")
            #expect((nextForm.json?["translations"] as? [String: Any])?["ko"] != nil, "\(nextForm.text)")
        }
    }

    /// Issue 48 item 2: a close time carried from another week ("3 Dec … open until 27 Nov").
    /// Publishing computes it from the session's own end and the series' rule, also after the
    /// session moved.
    @Test func publishingClosesByTheRuleAfterTheSessionsOwnEnd() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, sessions) = try await Self.plannedSeries(api, count: 3)
            #expect(try await api.send(.put, "/v1/meetings/\(sessions[0])/form", token: token, json: Self.form()).status == .ok)
            // Session 2 moves a day later after its form was written.
            #expect(try await api.send(
                .patch, "/v1/meetings/\(sessions[1])", token: token,
                json: ["startsAt": "2031-03-12T12:00:00Z", "endsAt": "2031-03-12T14:00:00Z"]).status == .ok)
            let published = try await api.send(.post, "/v1/meetings/\(sessions[1])/form/publish", token: token)
            #expect(published.status == .ok, "\(published.text)")
            #expect(published.string("closesAt") == "2031-03-13T14:00:00.000Z", "a day after the moved end: \(published.text)")
            #expect(published.json?["followsSeries"] as? Bool == false, "a published version is frozen")
        }
    }

    /// Decision 63: sessions not yet published follow the series' form; published ones keep
    /// their version; a session saved "for this session only" diverges; pushing it back makes
    /// it the series' form.
    @Test func unpublishedSessionsFollowPublishedKeepTheirsDivergedPushBack() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, sessions) = try await Self.plannedSeries(api, count: 4)
            #expect(try await api.send(.put, "/v1/meetings/\(sessions[0])/form", token: token, json: Self.form()).status == .ok)
            #expect(try await api.send(.post, "/v1/meetings/\(sessions[0])/form/publish", token: token).status == .ok)
            // Session 3 diverges.
            let own = try await api.send(
                .put, "/v1/meetings/\(sessions[2])/form?scope=session", token: token,
                json: Self.form(closesAt: "2031-03-19T15:00:00Z", title: "Own"))
            #expect(own.status == .ok && own.json?["followsSeries"] as? Bool == false, "\(own.text)")
            // The series' form changes through session 2.
            #expect(try await api.send(
                .put, "/v1/meetings/\(sessions[1])/form", token: token, json: Self.form(closesAt: "2031-03-11T15:00:00Z", title: "Changed")
            ).status == .ok)
            func title(_ index: Int) async throws -> String? {
                try await api.send(.get, "/v1/meetings/\(sessions[index])/form", token: token).string("title")
            }
            #expect(try await title(0) == "Team sync", "published: keeps its version")
            #expect(try await title(2) == "Own", "diverged: keeps its own copy")
            #expect(try await title(3) == "Changed", "not published: follows the series")
            let four = try await api.send(.get, "/v1/meetings/\(sessions[3])/form", token: token)
            #expect(four.string("closesAt") == "2031-03-25T15:00:00.000Z", "two hours after its end: \(four.text)")
            let bad = try await api.send(.put, "/v1/meetings/\(sessions[3])/form?scope=everything", token: token, json: Self.form())
            #expect(bad.problemPaths == ["scope: must be series or session"], "\(bad.text)")

            let pushed = try await api.send(.post, "/v1/meetings/\(sessions[2])/form/to-series", token: token)
            #expect(pushed.status == .ok, "\(pushed.text)")
            #expect(pushed.string("title") == "Own")
            #expect(pushed.json?["closesAfterSessionEndSeconds"] as? Int == 93_600, "26 hours after session 3 ends: \(pushed.text)")
            let seriesID = try #require(pushed.string("seriesId"))
            #expect(try await api.send(.get, "/v1/series/\(seriesID)/form", token: token).string("title") == "Own")
            #expect(try await title(3) == "Own", "session 4 follows the pushed form")
            #expect(try await title(1) == "Own", "session 2 still follows the series")
        }
    }
}
