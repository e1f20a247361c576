@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 48 item 2 (docs/decisions/0059): copying a form to another session keeps its
/// translations and carries its close time relative to the session; publishing refuses a close
/// time before the session's start; the builder's copy defaults to the latest session that has a
/// form.
@Suite("Copying a form forward: translations, close time, the builder's default")
struct FormCarryTests {
    /// A meeting of `token`'s host at `start` (one hour), its id.
    static func meeting(_ api: ParticipantAPI, _ token: String, _ title: String, _ start: String, _ end: String) async throws -> String {
        let made = try await api.send(.post, "/v1/meetings", token: token, json: ["title": title, "startsAt": start, "endsAt": end])
        return try #require(made.string("id"), "\(made.text)")
    }

    /// The translated form, closing a day after its session (3 March 12:00 UTC).
    static func translatedForm(closesAt: String = "2031-03-04T12:00:00Z") -> [String: Any] {
        var form = FormLanguageFlowTests.form()
        form["closesAt"] = closesAt
        return form
    }

    static func host(_ api: ParticipantAPI) async throws -> (token: String, browser: BrowserSession) {
        let fixture = try await api.publish()
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        return (fixture.hostToken, try #require(try await api.signIn(email: email).1))
    }

    /// Issue 48: "carried session 1's 'closes 27 Nov 12:00' into the 3 Dec session".
    @Test func nextSessionCarriesTranslationsAndShiftsTheCloseTime() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, _) = try await Self.host(api)
            let first = try await Self.meeting(api, token, "Sync", "2031-03-03T12:00:00Z", "2031-03-03T13:00:00Z")
            #expect(try await api.send(.put, "/v1/meetings/\(first)/form", token: token, json: Self.translatedForm()).status == .ok)
            let next = try await api.send(
                .post, "/v1/meetings/\(first)/next", token: token, json: ["startsAt": "2031-03-10T12:00:00Z", "endsAt": "2031-03-10T13:00:00Z"])
            let second = try #require(next.string("id"), "\(next.text)")
            let form = try await api.send(.get, "/v1/meetings/\(second)/form", token: token)
            #expect(form.string("closesAt") == "2031-03-11T12:00:00.000Z", "a day after the new session: \(form.text)")
            #expect((form.json?["translations"] as? [String: Any])?["ko"] != nil, "\(form.text)")
            #expect(try await api.send(.post, "/v1/meetings/\(second)/form/publish", token: token).status == .ok)
        }
    }

    @Test func publishRefusesACloseTimeBeforeTheSessionStarts() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, _) = try await Self.host(api)
            let meeting = try await Self.meeting(api, token, "Sync", "2031-03-10T12:00:00Z", "2031-03-10T13:00:00Z")
            // In the future, but before the meeting: a date carried from another week.
            let form = Self.translatedForm(closesAt: "2031-03-04T12:00:00Z")
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form).status == .ok)
            let refused = try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token)
            #expect(refused.status == .unprocessableContent, "\(refused.status) \(refused.text)")
            #expect(refused.problemPaths == ["closesAt: must be after the session starts"], "\(refused.text)")
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/form", token: token).string("state") == "draft", "nothing published")
        }
    }

    /// Issue 48: copying session 1 into session 2 in the builder dropped every Korean translation.
    @Test func theBuildersCopyKeepsTranslationsAndShiftsTheCloseTime() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, browser) = try await Self.host(api)
            let source = try await Self.meeting(api, token, "Sync", "2031-03-03T12:00:00Z", "2031-03-03T13:00:00Z")
            #expect(try await api.send(.put, "/v1/meetings/\(source)/form", token: token, json: Self.translatedForm()).status == .ok)
            let target = try await Self.meeting(api, token, "Other", "2031-03-17T12:00:00Z", "2031-03-17T13:00:00Z")
            let copied = try await api.post(
                "/m/\(target)/form/copy", [("csrf", browser.csrf), ("from", source)], cookie: browser.cookie)
            #expect(copied.status == .ok, "\(copied.status) \(copied.text.prefix(1500))")
            let form = try await api.send(.get, "/v1/meetings/\(target)/form", token: token)
            #expect(form.string("closesAt") == "2031-03-18T12:00:00.000Z", "shifted by the 14 days between the starts: \(form.text)")
            let korean = (form.json?["translations"] as? [String: Any])?["ko"] as? [String: Any]
            #expect(korean?["title"] as? String == "팀 회의", "\(form.text)")
            #expect(try await api.send(.post, "/v1/meetings/\(target)/form/publish", token: token).status == .ok, "publishable as copied")
        }
    }

    /// Issue 48: "Copy the form of another meeting" defaulted to session 8 (no form) and then
    /// answered "Meeting not found".
    @Test func theBuildersCopyDefaultsToTheLatestSessionThatHasAForm() async throws {
        try await ParticipantAPI.run { api, _ in
            let (token, browser) = try await Self.host(api)
            let withForm = try await Self.meeting(api, token, "With form", "2031-03-03T12:00:00Z", "2031-03-03T13:00:00Z")
            #expect(try await api.send(.put, "/v1/meetings/\(withForm)/form", token: token, json: Self.translatedForm()).status == .ok)
            let later = try await Self.meeting(api, token, "Later, no form", "2031-05-05T12:00:00Z", "2031-05-05T13:00:00Z")
            let target = try await Self.meeting(api, token, "Target", "2031-04-07T12:00:00Z", "2031-04-07T13:00:00Z")
            let page = try await api.page("/m/\(target)/form", cookie: browser.cookie)
            let select = try #require(page.text.range(of: "<select id=\"copy-from\" name=\"from\">"), "\(page.text.prefix(3000))")
            let options = page.text[select.upperBound...].prefix(2000)
            let firstValue = options.range(of: "<option value=\"").map { String(options[$0.upperBound...].prefix(36)) }
            #expect(firstValue == withForm.lowercased(), "the default is the latest meeting that has a form")
            #expect(!page.text.contains("value=\"\(later.lowercased())\""), "a meeting without a form is not offered")
        }
    }
}
