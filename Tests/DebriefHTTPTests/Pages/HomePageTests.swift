@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// The host's home page (`/m`, issue 68 goal 7) at chosen instants of the app's ``WallClock``: the
/// nearest meeting first (the one `GET /v1/meetings/next` names), its time in the series' zone,
/// "starts in …" or "running now" in English and Korean, its QR code small until an hour before
/// the start and large until the end, one click to the presenter; then each series opening on the
/// session its clock features, not 27 rows newest first.
@Suite("Pages: the home page shows the nearest meeting and each series' current session")
struct HomePageTests {
    /// The app's "now", moved by the test.
    final class TestClock: Sendable {
        let instant: Mutex<Date>

        init(_ instant: Date) { self.instant = Mutex(instant) }

        var wallClock: WallClock { WallClock { self.instant.withLock { $0 } } }

        func set(_ text: String) throws { let date = try HomePageTests.utc(text); self.instant.withLock { $0 = date } }
    }

    static func utc(_ text: String) throws -> Date { try #require(Timestamps.parse(text), "\(text)") }

    /// The nearest meeting's section of the page, or nil when it has none.
    static func nearest(_ html: String) -> String? {
        guard let start = html.range(of: "<section class=\"nearest\"") else { return nil }
        return html[start.lowerBound...].components(separatedBy: "</section>")[0]
    }

    /// The series' sections, as (heading, featured rows, every row behind "All n sessions").
    static func series(_ html: String) -> [(heading: String, featured: [String], all: [String])] {
        html.components(separatedBy: "<section class=\"series\"").dropFirst().map { part in
            let section = part.components(separatedBy: "</section>")[0]
            let h2 = section.components(separatedBy: "<h2 ").dropFirst().first ?? ""
            let heading = h2.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: " <span").first ?? ""
            let split = section.components(separatedBy: "<details class=\"all-sessions\">")
            let rows = { (text: String) in
                text.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().map { $0.components(separatedBy: "</tr>")[0] }
            }
            return (heading, rows(split[0]), split.count > 1 ? rows(split[1]) : [])
        }
    }

    /// The text of a row's session link ("Session 2").
    static func session(_ row: String) -> String {
        row.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "<").first ?? ""
    }

    /// A weekly series planned from Tuesday 4 March 2031, 16:00–17:00 Seoul (07:00 UTC), 27
    /// sessions; session 1's form published, taking answers until 5 March 07:00 UTC. Returns the
    /// host's token, browser session and the ids of sessions 1 and 2.
    static func weeklySeries(_ api: ParticipantAPI) async throws -> (token: String, cookie: String, first: String, second: String) {
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let created = try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Weekly retro", "startsAt": "2031-03-04T16:00:00+09:00", "endsAt": "2031-03-04T17:00:00+09:00",
                   "timeZone": "Asia/Seoul", "repeats": "weekly", "place": "Room 4"])
        #expect(created.status == .created, "\(created.text)")
        let first = try #require(created.string("id"))
        let seriesID = try #require(created.string("seriesId"))
        let series = try #require(try await api.send(.get, "/v1/series/\(seriesID)", token: token).json)
        let sessions = try #require(series["sessions"] as? [[String: Any]])
        #expect(sessions.count == 27)
        let second = try #require(sessions.first { $0["sessionNumber"] as? Int == 2 }?["id"] as? String)
        var form = ParticipantAPI.sampleForm()
        form["closesAt"] = "2031-03-05T07:00:00.000Z"
        #expect(try await api.send(.put, "/v1/meetings/\(first)/form", token: token, json: form).status == .ok)
        #expect(try await api.send(.post, "/v1/meetings/\(first)/form/publish", token: token).status == .ok)
        let browser = try #require(try await api.signIn(email: email).1)
        return (token, browser.cookie, first, second)
    }

    @Test func theNearestMeetingAndItsGrowingQRCodeFollowTheClock() async throws {
        let clock = TestClock(try Self.utc("2031-03-01T00:00:00.000Z"))
        var configuration = ParticipantAPI.configuration()
        configuration.clock = clock.wallClock
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            let host = try await Self.weeklySeries(api)
            func nextID() async throws -> String? { try await api.send(.get, "/v1/meetings/next", token: host.token).string("id") }

            // An hour and a half before: session 1, its time in Seoul's zone named, a small QR code.
            try clock.set("2031-03-04T05:30:00.000Z")
            var page = try await api.page("/m", cookie: host.cookie)
            #expect(page.status == .ok)
            var nearest = try #require(Self.nearest(page.text), "\(page.text)")
            #expect(nearest.contains("href=\"/m/\(host.first)\">Weekly retro</a>"))
            #expect(nearest.contains("4 Mar 2031 at 16:00 (Asia/Seoul) · Room 4"), "\(nearest)")
            #expect(nearest.contains(">Starts in 1 hour 30 minutes<"), "\(nearest)")
            #expect(nearest.contains("<figure class=\"home-qr small\">") && nearest.contains("width=\"160\""))
            #expect(nearest.contains("The QR code grows an hour before the meeting starts"))
            #expect(nearest.contains("href=\"/m/\(host.first)/present\""), "one click to the presenter")
            // Before the session is the series' current one, the code is its form's own (as the
            // presenter's); from an hour before, the series' code, which then opens it.
            let formCode = try #require(try await api.send(.get, "/v1/meetings/\(host.first)/form", token: host.token).string("code"))
            let seriesCode = try #require(try await api.send(.get, "/v1/meetings/\(host.first)", token: host.token).string("seriesCode"))
            #expect(nearest.contains("/f/\(formCode)</span>"), "\(nearest)")
            #expect(try await nextID() == host.first, "the API names the same meeting")
            var series = Self.series(page.text)
            #expect(series.count == 1 && series[0].featured.count == 1)
            #expect(Self.session(series[0].featured[0]) == "Session 1" && series[0].featured[0].contains(">Next</span>"))
            #expect(series[0].all.map(Self.session) == (1...27).map { "Session \($0)" }, "every session in the order they happen")
            #expect(page.text.contains("<summary>All 27 sessions</summary>"))
            #expect(page.text.contains("href=\"/m/\(host.first)/next\""), "Next session starts from the featured session")

            // Within the hour: large, in English and Korean.
            try clock.set("2031-03-04T06:15:00.000Z")
            page = try await api.page("/m", cookie: host.cookie)
            nearest = try #require(Self.nearest(page.text))
            #expect(nearest.contains(">Starts in 45 minutes<"), "\(nearest)")
            #expect(nearest.contains("<figure class=\"home-qr large\">") && nearest.contains("width=\"480\""))
            #expect(!nearest.contains("The QR code grows"))
            #expect(nearest.contains("/f/\(seriesCode)</span>"), "\(nearest)")
            #expect(Self.series(page.text).first?.featured.first?.contains(">Now</span>") == true)
            let korean = try await api.page("/m", language: "ko", cookie: host.cookie)
            let koreanNearest = try #require(Self.nearest(korean.text))
            #expect(koreanNearest.contains(">45분 후 시작<") && koreanNearest.contains("(Asia/Seoul)"), "\(koreanNearest)")
            #expect(koreanNearest.contains("가장 가까운 회의") && koreanNearest.contains("home-qr large"))
            #expect(try await nextID() == host.first)

            // Running: "Running now", still large.
            try clock.set("2031-03-04T07:30:00.000Z")
            page = try await api.page("/m", cookie: host.cookie)
            nearest = try #require(Self.nearest(page.text))
            #expect(nearest.contains("class=\"nearest-when running\">Running now<"), "\(nearest)")
            #expect(nearest.contains("home-qr large"))
            #expect(try await api.page("/m", language: "ko", cookie: host.cookie).text.contains(">지금 진행 중<"))
            #expect(try await nextID() == host.first)

            // The meeting is over but its form takes answers until tomorrow: the room has left, so
            // the nearest meeting is session 2 (small QR); the series still features session 1, now.
            try clock.set("2031-03-04T12:00:00.000Z")
            page = try await api.page("/m", cookie: host.cookie)
            nearest = try #require(Self.nearest(page.text))
            #expect(nearest.contains("href=\"/m/\(host.second)\""), "\(nearest)")
            #expect(nearest.contains("11 Mar 2031 at 16:00 (Asia/Seoul)") && nearest.contains(">Starts in 6 days<"), "\(nearest)")
            // Session 2 has no published form: no code to show yet (as on the presenter), it says so.
            #expect(!nearest.contains("home-qr") && nearest.contains("no published form yet"), "\(nearest)")
            series = Self.series(page.text)
            #expect(series.first.map { Self.session($0.featured[0]) } == "Session 1" && series.first?.featured[0].contains(">Now</span>") == true)
            #expect(try await nextID() == host.second)

            // Between sessions (session 1's form closed): the series features session 2, next.
            try clock.set("2031-03-06T00:00:00.000Z")
            page = try await api.page("/m", cookie: host.cookie)
            nearest = try #require(Self.nearest(page.text))
            #expect(nearest.contains("href=\"/m/\(host.second)\""))
            #expect(nearest.contains(">Starts in 5 days<"), "\(nearest)")
            series = Self.series(page.text)
            #expect(series.first.map { Self.session($0.featured[0]) } == "Session 2" && series.first?.featured[0].contains(">Next</span>") == true)
            #expect(page.text.contains("href=\"/m/\(host.second)/next\""))
            #expect(try await nextID() == host.second)

            // After the whole plan: nothing ahead; the series features its last session.
            try clock.set("2031-12-01T00:00:00.000Z")
            page = try await api.page("/m", cookie: host.cookie)
            #expect(Self.nearest(page.text) == nil && page.text.contains("No meeting is planned ahead."))
            #expect(Self.series(page.text).first.map { Self.session($0.featured[0]) } == "Session 27")
            #expect(Self.series(page.text).first?.featured.first?.contains(">Last</span>") == true)
            #expect(try await api.send(.get, "/v1/meetings/next", token: host.token).status == .notFound)
        }
    }

    /// A one-off meeting is listed with its one session (no "All 1 sessions"), the nearest meeting
    /// is left out of a search and of later pages, and HEAD answers as GET without a body.
    @Test func oneOffMeetingsSearchesAndHead() async throws {
        let clock = TestClock(try Self.utc("2031-03-04T06:30:00.000Z"))
        var configuration = ParticipantAPI.configuration()
        configuration.clock = clock.wallClock
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            let host = try await Self.weeklySeries(api)
            let lone = try await api.send(
                .post, "/v1/meetings", token: host.token,
                json: ["title": "Budget review", "startsAt": "2031-03-04T06:40:00.000Z", "endsAt": "2031-03-04T06:55:00.000Z"])
            #expect(lone.status == .created, "\(lone.text)")
            var page = try await api.page("/m", cookie: host.cookie)
            // The one-off starts first (06:40 against 07:00): it is the nearest meeting.
            let nearest = try #require(Self.nearest(page.text))
            #expect(nearest.contains(">Budget review</a>") && nearest.contains(">Starts in 10 minutes<") && nearest.contains("(UTC)"))
            let lonely = try #require(Self.series(page.text).first { $0.heading.contains("Budget review") })
            #expect(lonely.featured.count == 1 && lonely.all.isEmpty, "\(lonely)")
            #expect(try await api.send(.get, "/v1/meetings/next", token: host.token).string("id") == lone.string("id"))

            page = try await api.page("/m?q=retro", cookie: host.cookie)
            #expect(Self.nearest(page.text) == nil && !page.text.contains("No meeting is planned ahead."))
            #expect(Self.series(page.text).map(\.heading) == ["Weekly retro"])

            let get = try await api.page("/m", cookie: host.cookie)
            let head = try await api.send(.head, "/m", headers: [.cookie: host.cookie])
            #expect(head.status == .ok && head.body.isEmpty)
            #expect(head.headers[.contentType] == get.headers[.contentType])
        }
    }
}
