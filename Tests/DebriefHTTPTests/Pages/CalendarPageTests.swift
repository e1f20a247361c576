@testable import DebriefApp
import Foundation
import HTTPTypes
import Testing

/// The calendar pages (docs/calendar.md): the owner makes, rotates and revokes the series' feed
/// on `/m/{id}/calendar` (the address shown once, in Korean too); a series is planned from a
/// pasted `.ics` on `/m/from-calendar`, and a refused rule names its field on the page.
@Suite("Pages: calendar")
struct CalendarPageTests {
    @Test func theOwnerMakesRotatesAndRevokesTheFeedOnThePage() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let meeting = try #require(try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "주간 회의", "startsAt": "2031-05-06T09:00:00Z", "endsAt": "2031-05-06T10:00:00Z"]).string("id"))
            let id = meeting.lowercased()
            let page = try await api.page("/m/\(id)/calendar", language: "ko", cookie: session.cookie)
            #expect(page.status == .ok && page.text.contains("내 캘린더에 추가") && page.text.contains("/v1/meetings/\(id)/calendar.ics"))
            let made = try await api.post("/m/\(id)/calendar/feed", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(made.status == .ok)
            #expect(made.headers[.cacheControl] == "no-store")
            let url = try #require(made.text.range(of: #"/v1/calendar/dbc_[A-Za-z0-9_-]+\.ics"#, options: .regularExpression).map { String(made.text[$0]) })
            #expect(try await api.send(.get, url).status == .ok)
            let revoked = try await api.post("/m/\(id)/calendar/feed/revoke", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(revoked.status == .ok && !revoked.text.contains("dbc_"))
            #expect(try await api.send(.get, url).status == .notFound)
            let forged = try await api.post("/m/\(id)/calendar/feed", [("csrf", "wrong")], cookie: session.cookie)
            #expect(forged.status == .forbidden, "a post without the session's CSRF token makes no feed")
        }
    }

    @Test func aSeriesIsPlannedFromAPastedICSAndARefusalNamesTheField() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let form = try await api.page("/m/from-calendar", cookie: session.cookie)
            #expect(form.status == .ok && form.text.contains("26 weeks"))
            let ics = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "DTSTART;TZID=Asia/Seoul:20310603T100000",
                "DTEND;TZID=Asia/Seoul:20310603T110000", "SUMMARY:월간 회고", "RRULE:FREQ=MONTHLY;BYDAY=1TU;COUNT=3",
                "EXDATE;TZID=Asia/Seoul:20310701T100000", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
            let made = try await api.post("/m/from-calendar", [("csrf", session.csrf), ("ics", ics)], cookie: session.cookie)
            #expect(made.status == .seeOther, "\(made.text.prefix(500))")
            let dashboard = try #require(made.headers[.location])
            #expect(dashboard.hasPrefix("/m/"))
            let refused = try await api.post(
                "/m/from-calendar",
                [("csrf", session.csrf), ("rule", "FREQ=WEEKLY;INTERVAL=99"), ("startsAt", "2031-09-01T09:00"), ("endsAt", "2031-09-01T10:00"),
                 ("title", "Weekly")],
                cookie: session.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("rule.INTERVAL"), "\(refused.text.prefix(2000))")
            #expect(refused.inputValue("rule") == "FREQ=WEEKLY;INTERVAL=99", "what was typed stays")
        }
    }
}
