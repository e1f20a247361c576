@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48 items 1–3 (docs/decisions/0059): a series has a time zone, participants read local
/// times with the zone named in their language (form, series link, thanks page, mail, `.ics`), and
/// "Next session" follows the series' schedule after its latest session instead of overlapping.
@Suite("The series' zone, local times for participants, Next session")
struct SeriesZoneTests {
    /// 2031-03-04 16:00 in Seoul (07:00 UTC), a Tuesday.
    static let seoulStart = "2031-03-04T16:00:00+09:00"

    /// A host (UTC: no zone chosen) and a meeting created in Asia/Seoul with a published form that
    /// closes the next day at 12:00 Seoul time.
    static func seoulMeeting(_ api: ParticipantAPI) async throws -> (fixture: PublishedFixture, meeting: [String: Any]) {
        var fixture = try await api.publish()
        let made = try await api.send(
            .post, "/v1/meetings", token: fixture.hostToken,
            json: ["title": "Weekly sync", "startsAt": Self.seoulStart, "endsAt": "2031-03-04T17:00:00+09:00", "timeZone": "Asia/Seoul"])
        #expect(made.status == .created, "\(made.text)")
        let meeting = try #require(made.json)
        let id = try #require(meeting["id"] as? String)
        var form = ParticipantAPI.sampleForm()
        form["closesAt"] = "2031-03-05T12:00:00+09:00"
        #expect(try await api.send(.put, "/v1/meetings/\(id)/form", token: fixture.hostToken, json: form).status == .ok)
        let published = try await api.send(.post, "/v1/meetings/\(id)/form/publish", token: fixture.hostToken)
        fixture.meetingID = id
        fixture.seriesID = try #require(meeting["seriesId"] as? String)
        fixture.code = try #require(published.string("code"), "\(published.text)")
        return (fixture, meeting)
    }

    @Test func theAPITakesTheZoneOnCreateAndShowsItOnTheSeries() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, meeting) = try await Self.seoulMeeting(api)
            #expect(meeting["timeZone"] as? String == "Asia/Seoul")
            let series = try await api.send(.get, "/v1/series/\(fixture.seriesID)", token: fixture.hostToken)
            #expect(series.string("timeZone") == "Asia/Seoul", "\(series.text)")
            // Absent: the host's own zone (UTC until chosen), then the chosen one.
            let plain = try await api.send(
                .post, "/v1/meetings", token: fixture.hostToken,
                json: ["title": "Plain", "startsAt": "2031-06-01T09:00:00Z", "endsAt": "2031-06-01T10:00:00Z"])
            #expect(plain.string("timeZone") == "UTC", "\(plain.text)")
            #expect(try await api.send(.patch, "/v1/me", token: fixture.hostToken, json: ["timeZone": "Europe/Berlin"]).status == .ok)
            let berlin = try await api.send(
                .post, "/v1/meetings", token: fixture.hostToken,
                json: ["title": "Berlin", "startsAt": "2031-06-02T09:00:00Z", "endsAt": "2031-06-02T10:00:00Z"])
            #expect(berlin.string("timeZone") == "Europe/Berlin", "\(berlin.text)")
            // A wrong zone is a 422 naming the field; nothing is stored.
            let before = try await api.send(.get, "/v1/meetings?scope=all&limit=100", token: fixture.hostToken)
            let wrong = try await api.send(
                .post, "/v1/meetings", token: fixture.hostToken,
                json: ["title": "Wrong", "startsAt": "2031-06-03T09:00:00Z", "endsAt": "2031-06-03T10:00:00Z", "timeZone": "GMT+5"])
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.problemPaths.contains { $0.hasPrefix("timeZone: must be an IANA time zone name") }, "\(wrong.text)")
            let after = try await api.send(.get, "/v1/meetings?scope=all&limit=100", token: fixture.hostToken)
            #expect((after.json?["items"] as? [Any])?.count == (before.json?["items"] as? [Any])?.count)
        }
    }

    @Test(arguments: [("en", "4 Mar 2031 at 16:00 (Asia/Seoul)", "5 Mar 2031 at 12:00 (Asia/Seoul)"),
                      ("ko", "2031. 3. 4. 오후 4:00 (Asia/Seoul)", "2031. 3. 5. 오후 12:00 (Asia/Seoul)")])
    func participantPagesShowTheSeriesZone(_ language: String, _ start: String, _ closes: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, _) = try await Self.seoulMeeting(api)
            let form = try await api.page("/f/\(fixture.code)", language: language)
            #expect(form.status == .ok)
            #expect(form.text.contains(start), "the meeting's start in Seoul time, named: \(form.text.prefix(3000))")
            #expect(form.text.contains(closes), "the close time too")
            #expect(!form.text.contains("UTC"), "no UTC for a participant of a Seoul meeting")
            let thanks = try await api.page("/f/\(fixture.code)/thanks", language: language)
            #expect(thanks.text.contains(start), "\(thanks.text.prefix(3000))")
            // The series link with no session open: the next session's start, in Seoul time.
            let series = try await api.send(.get, "/v1/series/\(fixture.seriesID)", token: fixture.hostToken)
            let code = try #require((series.json?["sessions"] as? [[String: Any]])?.first?["seriesCode"] as? String)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": "2031-03-11T16:00:00+09:00", "endsAt": "2031-03-11T17:00:00+09:00", "closePreviousForm": true])
            #expect(next.status == .created, "\(next.text)")
            let none = try await api.page("/f/\(code)", language: language)
            // Session 1 has not started yet: it is the next one.
            #expect(none.text.contains(start), "\(none.status) \(none.text.prefix(3000))")
        }
    }

    @Test func calendarFilesNameTheSeriesZone() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, _) = try await Self.seoulMeeting(api)
            let participant = try await api.send(.get, "/v1/f/\(fixture.code)/calendar.ics")
            #expect(participant.text.contains("X-WR-TIMEZONE:Asia/Seoul"), "\(participant.text)")
            let host = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/calendar.ics", token: fixture.hostToken)
            #expect(host.text.contains("X-WR-TIMEZONE:Asia/Seoul"), "\(host.text)")
            // The feed: the series' zone, not the host's (UTC here).
            let feed = try await api.send(.post, "/v1/series/\(fixture.seriesID)/calendar-feed", token: fixture.hostToken)
            let url = try #require(feed.string("url"), "\(feed.text)")
            let range = try #require(url.range(of: "/v1/calendar/"))
            let path = String(url[range.lowerBound...])
            let text = try await api.send(.get, path).text
            #expect(text.contains("X-WR-TIMEZONE:Asia/Seoul"), "\(text)")
        }
    }

    /// The reminder said "It closes 2026-11-26T11:24:32.000Z" in both languages: now each
    /// language's own format, in the series' zone, named.
    @Test func rosterMailStatesTheCloseTimeInTheSeriesZone() throws {
        let closes = try #require(Timestamps.parse("2031-03-05T03:00:00.000Z"))
        let texts = MailTexts.roster(
            title: "Weekly sync", name: "Ann", link: "https://debrief.example/f/ABCDEFGHJK", unsubscribe: "https://debrief.example/u",
            closes: closes, zone: "Asia/Seoul", wording: .reminder)
        for part in [texts.text, texts.html] {
            #expect(part.contains("It closes 5 Mar 2031 at 12:00 (Asia/Seoul)."), "\(part)")
            #expect(part.contains("마감: 2031. 3. 5. 오후 12:00 (Asia/Seoul)."), "\(part)")
            #expect(!part.contains("2031-03-05T"), "no raw ISO instant: \(part)")
        }
    }

    /// The reproduction of issue 48 item 1: a series planned from a calendar (weekly, 4 sessions);
    /// "Next session" on session 1 offered session 2's slot and refused it as an overlap. Now
    /// (issue 68, decision 83) it opens planned session 2 to edit; from the last planned session it
    /// offers the schedule's next occurrence, and creating it works.
    @Test func nextSessionOfACalendarPlannedSeriesFollowsTheScheduleAfterTheLatestSession() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            #expect(try await api.send(.patch, "/v1/me", token: fixture.hostToken, json: ["timeZone": "Asia/Seoul"]).status == .ok)
            let made = try await api.send(
                .post, "/v1/series/from-calendar", token: fixture.hostToken,
                json: ["rule": "FREQ=WEEKLY;COUNT=4", "start": Self.seoulStart, "end": "2031-03-04T17:00:00+09:00", "title": "Weekly sync",
                       "timeZone": "Asia/Seoul"])
            #expect(made.status == .created, "\(made.text)")
            let sessions = try #require(made.json?["sessions"] as? [[String: Any]])
            #expect(sessions.count == 4)
            let ids = sessions.compactMap { $0["id"] as? String }
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let browser = try #require(try await api.signIn(email: email).1)
            let planned = try await api.page("/m/\(ids[0])/next", cookie: browser.cookie)
            #expect(planned.status == .seeOther && planned.headers[.location] == "/m/\(ids[1])/edit", "planned session 2, to edit")
            let page = try await api.page("/m/\(ids[3])/next", cookie: browser.cookie)
            // Session 4 is 25 March; the next Tuesday of the schedule is 1 April, 16:00 in Seoul.
            #expect(page.inputValue("startsAt") == "2031-04-01T16:00", "\(page.inputValue("startsAt") ?? "none")")
            #expect(page.inputValue("endsAt") == "2031-04-01T17:00")
            let created = try await api.post(
                "/m/\(ids[3])/next",
                [("csrf", browser.csrf), ("title", "Weekly sync"), ("startsAt", try #require(page.inputValue("startsAt"))),
                 ("endsAt", try #require(page.inputValue("endsAt")))],
                cookie: browser.cookie)
            #expect(created.status == .seeOther, "the proposal is never an overlap: \(created.status) \(created.text.prefix(1500))")
            // Asked again from the new last session, the proposal follows it.
            let fifth = try #require(created.headers[.location])
            let again = try await api.page(fifth + "/next", cookie: browser.cookie)
            #expect(again.inputValue("startsAt") == "2031-04-08T16:00")
        }
    }

    /// A series without a schedule: one week after the *latest* session; from an earlier one, the
    /// planned next session opens instead.
    @Test func nextSessionWithoutAScheduleIsAWeekAfterTheLatest() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, _) = try await Self.seoulMeeting(api)
            let second = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": "2031-03-11T16:00:00+09:00", "endsAt": "2031-03-11T17:00:00+09:00"])
            #expect(second.status == .created)
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let browser = try #require(try await api.signIn(email: email).1)
            // From session 1, planned session 2 opens to edit (decision 83); from session 2, a week after it.
            let planned = try await api.page("/m/\(fixture.meetingID)/next", cookie: browser.cookie)
            #expect(planned.headers[.location] == "/m/\(try #require(second.string("id")))/edit")
            let page = try await api.page("/m/\(try #require(second.string("id")))/next", cookie: browser.cookie)
            // The host's pages are in UTC here: 18 March 16:00 in Seoul is 07:00 UTC.
            #expect(page.inputValue("startsAt") == "2031-03-18T07:00", "\(page.inputValue("startsAt") ?? "none")")
        }
    }
}
