@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48 item 5 ("Setting up a recurring meeting is hidden: `/m/new` has no repeats"), part
/// series3 item 1 (docs/decisions/0071): "Repeats" on `/m/new` and `repeats` on
/// `POST /v1/meetings` plan the series through the calendar's bounded planner, write its
/// schedule, and every planned session starts with the series' form.
@Suite("Repeats on a new meeting")
struct RepeatsTests {
    /// The sessions of the series `meeting` belongs to, in order (their `startsAt`, their ids).
    static func sessions(_ api: ParticipantAPI, token: String, meeting: String) async throws -> [[String: Any]] {
        let first = try await api.send(.get, "/v1/meetings/\(meeting)", token: token)
        let series = try #require(first.string("seriesId"), "\(first.text)")
        let read = try await api.send(.get, "/v1/series/\(series)", token: token)
        return try #require(read.json?["sessions"] as? [[String: Any]], "\(read.text)")
    }

    /// The page: "Every week" from 4 March 2031, 16:00 in Seoul, plans a session every Tuesday at
    /// 16:00 Seoul time up to the 26-week horizon; a form written on session 1 (with its Korean
    /// translation) is on session 3 without any copying; "Next session" opens the next planned
    /// session (issue 68), and from the last one proposes the Tuesday after it.
    @Test func everyWeekOnTheNewMeetingPagePlansTheSeriesWithItsForm() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let browser = try #require(try await api.signIn(email: email).1)
            let page = try await api.page("/m/new", cookie: browser.cookie)
            #expect(page.text.contains("<label for=\"repeats\">"), "a labelled field: \(page.text.prefix(4000))")
            #expect(page.text.contains("<option value=\"weekly\">"), "\(page.text.prefix(4000))")
            #expect(page.text.contains("href=\"/m/from-calendar\""), "the calendar file's way is linked")
            let created = try await api.post(
                "/m/new",
                [("csrf", browser.csrf), ("title", "Weekly sync"), ("timeZone", "Asia/Seoul"), ("repeats", "weekly"),
                 ("startsAt", "2031-03-04T16:00"), ("endsAt", "2031-03-04T17:00"), ("expectedHeadCount", "8")],
                cookie: browser.cookie)
            #expect(created.status == .seeOther, "\(created.status) \(created.text.prefix(2000))")
            let location = try #require(created.headers[.location])
            let first = String(location.dropFirst("/m/".count))
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let sessions = try await Self.sessions(api, token: token, meeting: first)
            // 4 March and every week up to the horizon (26 weeks later, inclusive).
            #expect(sessions.count == RecurrenceRule.horizonWeeks + 1, "\(sessions.count) sessions")
            let starts = sessions.compactMap { $0["startsAt"] as? String }
            #expect(Array(starts.prefix(3)) == ["2031-03-04T07:00:00.000Z", "2031-03-11T07:00:00.000Z", "2031-03-18T07:00:00.000Z"])
            #expect(sessions.allSatisfy { $0["timeZone"] as? String == "Asia/Seoul" && $0["expectedHeadCount"] as? Int == 8 })
            #expect(sessions.first?["id"] as? String == first, "the page goes on to session 1")

            #expect(try await api.send(.put, "/v1/meetings/\(first)/form", token: token, json: SeriesFormTests.form()).status == .ok)
            let third = try #require(sessions[2]["id"] as? String)
            let form = try await api.send(.get, "/v1/meetings/\(third)/form", token: token)
            #expect(form.status == .ok, "\(form.text)")
            #expect(((form.json?["translations"] as? [String: Any])?["ko"] as? [String: Any])?["title"] as? String == "팀 회의", "\(form.text)")
            #expect(form.json?["followsSeries"] as? Bool == true)

            // "Next session" on a planned series opens the next planned session to edit (issue 68,
            // decision 83), not one after the last planned Tuesday.
            let next = try await api.page("/m/\(first)/next", cookie: browser.cookie)
            let second = try #require(sessions[1]["id"] as? String)
            #expect(next.status == .seeOther && next.headers[.location] == "/m/\(second)/edit", "\(next.status)")
            // From the last planned session, the schedule's next Tuesday after it (2 September):
            // 16:00 in Seoul, shown in the host's own zone (UTC: none chosen) like every host page.
            let last = try #require(sessions.last?["id"] as? String)
            let after = try await api.page("/m/\(last)/next", cookie: browser.cookie)
            #expect(after.inputValue("startsAt") == "2031-09-09T07:00", "\(after.inputValue("startsAt") ?? "none")")
        }
    }

    /// The API: every two weeks and monthly (the same weekday of the month) in the series' zone;
    /// "does not repeat" is one session; an unknown value is a 422 at `repeats` and nothing is stored.
    @Test func theAPIPlansEveryTwoWeeksAndMonthlyAndRefusesAnUnknownValue() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            func create(_ title: String, _ start: String, _ end: String, _ repeats: String?) async throws -> ParticipantReply {
                var body: [String: Any] = ["title": title, "startsAt": start, "endsAt": end, "timeZone": "Asia/Seoul"]
                if let repeats { body["repeats"] = repeats }
                return try await api.send(.post, "/v1/meetings", token: token, json: body)
            }
            let fortnight = try await create("Fortnightly", "2031-03-04T16:00:00+09:00", "2031-03-04T17:00:00+09:00", "everyTwoWeeks")
            #expect(fortnight.status == .created, "\(fortnight.text)")
            let pairs = try await Self.sessions(api, token: token, meeting: try #require(fortnight.string("id")))
            #expect(pairs.count == RecurrenceRule.horizonWeeks / 2 + 1)
            #expect(Array(pairs.compactMap { $0["startsAt"] as? String }.prefix(2)) == ["2031-03-04T07:00:00.000Z", "2031-03-18T07:00:00.000Z"])

            // Tuesday 4 March 2031 is the first Tuesday: then 1 April, 6 May (first Tuesdays), 10:00 Seoul.
            let monthly = try await create("Monthly", "2031-03-04T10:00:00+09:00", "2031-03-04T11:00:00+09:00", "monthly")
            #expect(monthly.status == .created, "\(monthly.text)")
            let months = try await Self.sessions(api, token: token, meeting: try #require(monthly.string("id")))
            #expect(Array(months.compactMap { $0["startsAt"] as? String }.prefix(3))
                    == ["2031-03-04T01:00:00.000Z", "2031-04-01T01:00:00.000Z", "2031-05-06T01:00:00.000Z"])

            let once = try await create("Once", "2032-01-06T16:00:00+09:00", "2032-01-06T17:00:00+09:00", "none")
            #expect(try await Self.sessions(api, token: token, meeting: try #require(once.string("id"))).count == 1)

            let before = try await api.send(.get, "/v1/meetings?scope=all&limit=100", token: token)
            let wrong = try await create("Daily", "2033-01-04T16:00:00+09:00", "2033-01-04T17:00:00+09:00", "daily")
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.problemPaths == ["repeats: must be one of none, weekly, everyTwoWeeks, monthly"])
            let after = try await api.send(.get, "/v1/meetings?scope=all&limit=100", token: token)
            #expect((after.json?["items"] as? [Any])?.count == (before.json?["items"] as? [Any])?.count, "nothing stored")
        }
    }

    /// Without JavaScript: a wrong value comes back next to the field, what was typed kept; a
    /// planned session overlapping another meeting is a 409 naming `startsAt`'s meeting times.
    @Test func thePageNamesTheFieldAndKeepsWhatWasTyped() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let browser = try #require(try await api.signIn(email: email).1)
            let refused = try await api.post(
                "/m/new",
                [("csrf", browser.csrf), ("title", "Daily stand-up"), ("timeZone", "UTC"), ("repeats", "daily"),
                 ("startsAt", "2031-03-04T09:00"), ("endsAt", "2031-03-04T09:15")],
                cookie: browser.cookie)
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.text.contains("id=\"repeats-error\""), "\(refused.text.prefix(4000))")
            #expect(refused.inputValue("title") == "Daily stand-up")

            // A meeting on 18 March at 09:00; a weekly series from 4 March at 09:00 would overlap it.
            let other = try await api.post(
                "/m/new",
                [("csrf", browser.csrf), ("title", "Planning"), ("timeZone", "UTC"), ("startsAt", "2031-03-18T09:00"), ("endsAt", "2031-03-18T10:00")],
                cookie: browser.cookie)
            #expect(other.status == .seeOther)
            let clash = try await api.post(
                "/m/new",
                [("csrf", browser.csrf), ("title", "Weekly"), ("timeZone", "UTC"), ("repeats", "weekly"),
                 ("startsAt", "2031-03-04T09:00"), ("endsAt", "2031-03-04T09:30")],
                cookie: browser.cookie)
            #expect(clash.status == .conflict, "\(clash.status)")
            #expect(clash.text.contains("2031-03-18"), "the overlapping date is named: \(clash.text.prefix(4000))")
            #expect(clash.text.contains("<option value=\"weekly\" selected>"), "the choice is kept")
        }
    }

    /// "Monthly" keeps the weekday's place in the month; a fifth one (which most months lack) is the last.
    @Test func monthlyIsTheSameWeekdayOfTheMonth() {
        let utc = TimeZone(identifier: "UTC") ?? .gmt
        let secondTuesday = Date(timeIntervalSince1970: 1_923_123_600)  // 2030-12-10T09:00:00Z, a Tuesday
        #expect(Repeats.monthly.rule(startingAt: secondTuesday, in: utc) == "FREQ=MONTHLY;BYDAY=2TU")
        let fifthMonday = Date(timeIntervalSince1970: 1_932_714_000)  // 2031-03-31T09:00:00Z, a Monday
        #expect(Repeats.monthly.rule(startingAt: fifthMonday, in: utc) == "FREQ=MONTHLY;BYDAY=-1MO")
        #expect(Repeats.none.rule(startingAt: fifthMonday, in: utc) == nil)
        #expect(Repeats.everyTwoWeeks.rule(startingAt: fifthMonday, in: utc) == "FREQ=WEEKLY;INTERVAL=2")
    }
}
