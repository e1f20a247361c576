@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefStore
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 68, goal 8 (decision 86): every time a host reads is in the series' zone, named, and
/// every date in the language's format. The walk found the builder's preview saying "13:00 (UTC)"
/// for a Seoul series, the dashboard's per-minute axis in UTC, action due dates in ISO
/// (`2026-12-03`) and a series' CSV named after its last planned session's date.
@Suite("Host pages: times in the series' zone, dates in the language's format")
struct HostTimesInSeriesZoneTests {
    /// The Seoul series of ``SeriesZoneTests`` (its host has chosen no zone: UTC), and the host
    /// signed in on the pages.
    static func seoul(_ api: ParticipantAPI) async throws -> (fixture: PublishedFixture, owner: BrowserSession) {
        let (fixture, _) = try await SeriesZoneTests.seoulMeeting(api)
        return (fixture, try await ChatChannelPageTests.owner(api, fixture))
    }

    @Test(arguments: [("en", "4 Mar 2031 at 16:00 (Asia/Seoul)", "at 07:00 (UTC)"),
                      ("ko", "2031. 3. 4. 오후 4:00 (Asia/Seoul)", "오전 7:00 (UTC)")])
    func theBuildersPreviewReadsAsTheRoomReadsIt(_ language: String, _ start: String, _ utc: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, owner) = try await Self.seoul(api)
            let builder = try await api.page("/m/\(fixture.meetingID)/form", language: language, cookie: owner.cookie)
            #expect(builder.status == .ok, "\(builder.status)")
            #expect(builder.text.contains(start), "the preview's start in Seoul time, named: \(builder.text.prefix(2000))")
            #expect(!builder.text.contains(utc), "not in the host's UTC")
        }
    }

    @Test func theDashboardsTimesAndPerMinuteAxisAreInTheSeriesZone() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, owner) = try await Self.seoul(api)
            let answered = try await api.send(
                .post, "/v1/f/\(fixture.code)/responses", json: ["answers": [["questionKey": "useful", "rating": 4]]])
            #expect(answered.status == .created, "\(answered.text)")
            let dashboard = try await api.page("/m/\(fixture.meetingID)", cookie: owner.cookie)
            #expect(dashboard.text.contains("Times in UTC"), "the host's own zone, named once at the top")
            #expect(dashboard.text.contains("4 Mar 2031 at 16:00 (Asia/Seoul)"), "the meeting's line: \(dashboard.text.prefix(3000))")
            #expect(dashboard.text.contains("times in Asia/Seoul"), "the per-minute chart's axis")
            #expect(!dashboard.text.contains("times in UTC"))
            // The panel the script fetches says the same (and is kept apart per series zone).
            let panel = try await api.page("/m/\(fixture.meetingID)/panel", cookie: owner.cookie)
            #expect(panel.text.contains("times in Asia/Seoul"), "\(panel.text.prefix(2000))")
            // The trends page's sessions are the series' too.
            let trends = try await api.page("/m/\(fixture.meetingID)/trends", cookie: owner.cookie)
            #expect(trends.text.contains("4 Mar 2031 at 16:00 (Asia/Seoul)"), "\(trends.text.prefix(3000))")
        }
    }

    /// The responses page, the builder's "copy from" list and the review's "decided at session 1"
    /// read the series' zone too (decision 86), not the host's UTC.
    @Test func responsesCopyFromAndReviewAreInTheSeriesZone() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, owner) = try await Self.seoul(api)
            let answered = try await api.send(
                .post, "/v1/f/\(fixture.code)/responses", json: ["answers": [["questionKey": "useful", "rating": 4]]])
            #expect(answered.status == .created, "\(answered.text)")
            let responses = try await api.page("/m/\(fixture.meetingID)/responses", cookie: owner.cookie)
            #expect(responses.status == .ok)
            #expect(responses.text.contains("Times in UTC"), "the host's zone named once at the top")
            #expect(responses.text.contains("(Asia/Seoul)</"), "a response's time, named: \(responses.text.prefix(4000))")

            let action = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/actions", token: fixture.hostToken, json: ["title": "Shorter status round"])
            #expect(action.status == .created, "\(action.text)")
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": "2031-03-11T07:00:00Z", "endsAt": "2031-03-11T08:00:00Z"])
            let second = try #require(next.string("id"), "\(next.text)")
            let builder = try await api.page("/m/\(second)/form", cookie: owner.cookie)
            #expect(builder.text.contains("· 4 Mar 2031 at 16:00 (Asia/Seoul)</option>"), "copy from session 1: \(builder.text.prefix(6000))")
            #expect(!builder.text.contains("· 4 Mar 2031 at 07:00</option>"), "not the host's UTC")
            let dashboard = try await api.page("/m/\(second)", cookie: owner.cookie)
            let line = try #require(ActionReviewPagesTests.line(dashboard.text, section: "review-heading", title: "Shorter status round"))
            #expect(line.contains("4 Mar 2031 at 16:00 (Asia/Seoul)"), "\(line)")
        }
    }

    /// In the host's own zone, the time is bare: the page names its zone once at the top.
    @Test func aTimeInTheHostsOwnZoneIsNotNamedTwice() async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, owner) = try await Self.seoul(api)
            #expect(try await api.send(.patch, "/v1/me", token: fixture.hostToken, json: ["timeZone": "Asia/Seoul"]).status == .ok)
            let dashboard = try await api.page("/m/\(fixture.meetingID)", cookie: owner.cookie)
            #expect(dashboard.text.contains("Times in Asia/Seoul"))
            #expect(dashboard.text.contains("4 Mar 2031 at 16:00") && !dashboard.text.contains("4 Mar 2031 at 16:00 (Asia/Seoul)"))
        }
    }

    @Test(arguments: [("en", "By 3 Dec 2026"), ("ko", "2026. 12. 3.까지")])
    func anActionsDueDateIsInTheLanguagesFormat(_ language: String, _ due: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let (fixture, owner) = try await Self.seoul(api)
            let created = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/actions", token: fixture.hostToken,
                json: ["title": "Shorter status round", "due": "2026-12-03"])
            #expect(created.status == .created, "\(created.text)")
            #expect(created.string("due") == "2026-12-03", "JSON keeps the ISO date")
            let dashboard = try await api.page("/m/\(fixture.meetingID)", language: language, cookie: owner.cookie)
            #expect(dashboard.text.contains(due), "\(dashboard.text.prefix(3000))")
            #expect(!dashboard.text.contains("2026-12-03까지") && !dashboard.text.contains("By 2026-12-03"))
        }
    }

    @Test func aDueDateReadsInEachLanguage() throws {
        let date = try #require(DueDate(text: "2026-12-03"))
        #expect(LocalTime.day(date, language: .english) == "3 Dec 2026")
        #expect(LocalTime.day(date, language: .korean) == "2026. 12. 3.")
        let last = try #require(DueDate(text: "2031-01-31"))
        #expect(LocalTime.day(last, language: .english) == "31 Jan 2031")
    }

    /// A series planned ahead: its file was named after its last session (a year on); now after
    /// the series and the day it is exported, in the export's zone.
    @Test func aSeriesExportIsNamedAfterTheDayItIsExported() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let later = Date().addingTimeInterval(400 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(later), "endsAt": ParticipantAPI.iso(later.addingTimeInterval(3600))])
            #expect(next.status == .created, "\(next.text)")
            let reply = try await api.send(.get, "/v1/series/\(fixture.seriesID)/export.csv?layout=trends", token: fixture.hostToken)
            #expect(reply.status == .ok, "\(reply.text)")
            let disposition = try #require(reply.headers[.contentDisposition])
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
            let day = { (date: Date) in
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            }
            // Today (or, across midnight, the day the request began).
            let today = [day(Date()), day(Date().addingTimeInterval(-60))]
            #expect(today.contains { disposition.contains("-series-\($0)-trends-utf8.csv") }, "\(disposition)")
            #expect(!disposition.contains(day(later)), "not the last planned session's day: \(disposition)")
        }
    }

    @Test func theFileNameRuleNamesASessionByItsDayAndASeriesByTheExportsDay() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let start = try #require(Timestamps.parse("2031-03-04T07:00:00.000Z"))
        let exported = try #require(Timestamps.parse("2026-11-28T16:00:00.000Z"))  // 29 Nov in Seoul
        let session = ExportFileName.of(
            title: "Weekly sync", series: false, sessionStart: start, exportedAt: exported, zone: seoul, suffix: ".xlsx")
        #expect(session.unicode == "debrief-weekly-sync-2031-03-04.xlsx")
        let series = ExportFileName.of(
            title: "Weekly sync", series: true, sessionStart: start, exportedAt: exported, zone: seoul, suffix: "-trends-utf8.csv")
        #expect(series.unicode == "debrief-weekly-sync-series-2026-11-29-trends-utf8.csv")
    }
}
