@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48, series settings (docs/decisions/0073-series-settings.md): `PATCH /v1/series/{id}`
/// and `/series/{id}/settings` change a series' title, zone, default length and place; a bad
/// field is a 422 naming it and nothing is stored; a new zone moves no session.
@Suite("Series settings")
struct SeriesSettingsTests {
    /// A weekly series in Seoul from 4 March 2031, 16:00 (its id, session 1's id, the token).
    static func weekly(_ api: ParticipantAPI, _ token: String) async throws -> (series: String, first: String) {
        let made = try await api.send(.post, "/v1/meetings", token: token, json: [
            "title": "Weekly sync", "startsAt": "2031-03-04T16:00:00+09:00", "endsAt": "2031-03-04T17:00:00+09:00",
            "timeZone": "Asia/Seoul", "repeats": "weekly",
        ])
        #expect(made.status == .created, "\(made.text)")
        return (try #require(made.string("seriesId")), try #require(made.string("id")))
    }

    @Test func badFieldsAreNamedAndNothingIsStored() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let (series, _) = try await Self.weekly(api, fixture.hostToken)
            let refused = try await api.send(.patch, "/v1/series/\(series)", token: fixture.hostToken, json: [
                "title": " ", "timeZone": "Mars/Olympus", "defaultDurationMinutes": 2, "defaultPlace": "Room 7",
            ])
            #expect(refused.status == .unprocessableContent, "\(refused.text)")
            #expect(Set(refused.problemPaths.map { String($0.prefix(while: { $0 != ":" })) })
                    == ["title", "timeZone", "defaultDurationMinutes"], "\(refused.problemPaths)")
            let read = try await api.send(.get, "/v1/series/\(series)", token: fixture.hostToken)
            #expect(read.string("timeZone") == "Asia/Seoul", "nothing stored: \(read.text.prefix(300))")
            let sessions = try #require(read.json?["sessions"] as? [[String: Any]])
            #expect(sessions.allSatisfy { $0["title"] as? String == "Weekly sync" && $0["place"] == nil })
        }
    }

    /// A new zone keeps every session's instant and says so; a new title renames the sessions
    /// not yet ended; "Next session" proposes the default length and place.
    @Test func aNewZoneMovesNoSessionAndTheDefaultsReachNextSession() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let browser = try #require(try await api.signIn(email: email).1)
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let (series, first) = try await Self.weekly(api, token)
            let before = try #require(try await api.send(.get, "/v1/series/\(series)", token: token).json?["sessions"] as? [[String: Any]])

            let saved = try await api.send(.patch, "/v1/series/\(series)", token: token, json: [
                "title": "Team sync", "timeZone": "Europe/Berlin", "defaultDurationMinutes": 45, "defaultPlace": "Room 7",
            ])
            #expect(saved.status == .ok, "\(saved.text)")
            let change = saved.json?["timeZoneChange"] as? [String: Any]
            #expect(change?["from"] as? String == "Asia/Seoul" && change?["to"] as? String == "Europe/Berlin")
            #expect(change?["sessionsKeepTheirTimes"] as? Bool == true)
            #expect(saved.json?["renamedSessions"] as? Int == before.count, "every planned session lies ahead")

            let after = try #require(try await api.send(.get, "/v1/series/\(series)", token: token).json?["sessions"] as? [[String: Any]])
            #expect(after.map { $0["startsAt"] as? String } == before.map { $0["startsAt"] as? String }, "each kept its instant")
            #expect(after.allSatisfy { $0["timeZone"] as? String == "Europe/Berlin" && $0["title"] as? String == "Team sync" })

            // "Next session" from the first opens planned session 2 (decision 83); from the last
            // planned Tuesday it proposes one after it: 45 minutes in Room 7.
            #expect(try await api.page("/m/\(first)/next", cookie: browser.cookie).status == .seeOther)
            let last = try #require(before.last?["id"] as? String)
            let next = try await api.page("/m/\(last)/next", cookie: browser.cookie)
            let start = try #require(next.inputValue("startsAt"))
            let end = try #require(next.inputValue("endsAt"))
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = "yyyy-MM-dd'T'HH:mm"
            let length = try #require(format.date(from: end)).timeIntervalSince(try #require(format.date(from: start)))
            #expect(length == 45 * 60, "\(start) – \(end)")
            #expect(next.inputValue("place") == "Room 7")

            // Removing the defaults with null.
            let cleared = try await api.send(.patch, "/v1/series/\(series)", token: token, json: [
                "defaultDurationMinutes": NSNull(), "defaultPlace": NSNull(),
            ])
            #expect(cleared.status == .ok && cleared.json?["defaultPlace"] == nil && cleared.json?["timeZoneChange"] == nil, "\(cleared.text)")
        }
    }

    /// The page: one form, one Save; a wrong zone is named beside its field (422) and kept as
    /// typed; a right one says every session kept its time.
    @Test func thePageSavesWithOneButtonAndNamesTheField() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let browser = try #require(try await api.signIn(email: email).1)
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let (series, _) = try await Self.weekly(api, token)
            let page = try await api.page("/series/\(series)/settings", cookie: browser.cookie)
            #expect(page.status == .ok)
            let form = try #require(page.text.range(of: "<form method=\"post\" action=\"/series/\(series)/settings\""))
            #expect(page.text[form.lowerBound...].prefix(while: { _ in true }).components(separatedBy: "</form>")[0]
                        .components(separatedBy: "<button type=\"submit\"").count == 2, "one Save")
            #expect(page.inputValue("timeZone") == "Asia/Seoul")
            let refused = try await api.post(
                "/series/\(series)/settings",
                [("csrf", browser.csrf), ("title", "Weekly sync"), ("timeZone", "Nowhere/Else"), ("defaultDurationMinutes", ""),
                 ("defaultPlace", "")],
                cookie: browser.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("id=\"timeZone-error\"") && refused.text.contains("href=\"#timeZone\""))
            #expect(refused.inputValue("timeZone") == "Nowhere/Else", "what was typed is kept")
            #expect(try await api.send(.get, "/v1/series/\(series)", token: token).string("timeZone") == "Asia/Seoul")
            let saved = try await api.post(
                "/series/\(series)/settings",
                [("csrf", browser.csrf), ("title", "Weekly sync"), ("timeZone", "Europe/Berlin"), ("defaultDurationMinutes", "30"),
                 ("defaultPlace", "")],
                cookie: browser.cookie)
            #expect(saved.status == .ok)
            #expect(saved.text.contains("Every session keeps its time"), "\(saved.text.prefix(3000))")
            #expect(try await api.send(.get, "/v1/series/\(series)", token: token).string("timeZone") == "Europe/Berlin")
        }
    }
}
