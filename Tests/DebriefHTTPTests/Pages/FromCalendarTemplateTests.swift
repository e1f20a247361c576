@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import Foundation
import HTTPTypes
import Testing

/// Issue 68 (c): `/m/from-calendar` offered no template. It offers the same "Form" choice as
/// `/m/new` (``MeetingCreation`` decides both): the series' form starts from the template chosen,
/// every planned session with it; an unknown template is a 422 naming `templateId`, nothing made.
@Suite("Pages: a series from a calendar starts from a template")
struct FromCalendarTemplateTests {
    @Test func theTemplateChoiceIsOfferedAndTheSeriesStartsFromIt() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            for (language, label) in [("en", ">Form</label>"), ("ko", ">설문</label>")] {
                let page = try await api.page("/m/from-calendar", language: language, cookie: session.cookie)
                #expect(page.status == .ok)
                #expect(page.text.contains("<select id=\"templateId\" name=\"templateId\""), "\(page.text.prefix(4000))")
                #expect(page.text.contains("<option value=\"retrospective\""), "the built-in templates are offered")
                #expect(page.text.contains("<label for=\"templateId\"\(label)"), "\(language)")
            }
            func count() async throws -> Int {
                ((try await api.send(.get, "/v1/meetings?scope=all&limit=100", token: token)).json?["items"] as? [Any])?.count ?? -1
            }

            let unknown = try await CalendarUploadTests.upload(
                api, cookie: session.cookie, [("csrf", session.csrf), ("templateId", "nope")], file: Array(CalendarUploadTests.ics.utf8))
            #expect(unknown.status == .unprocessableContent, "\(unknown.status)")
            #expect(unknown.text.contains("templateId:") && unknown.text.contains("id=\"templateId-error\""), "\(unknown.text.prefix(4000))")
            #expect(try await count() == 0, "an unknown template makes nothing")

            let made = try await CalendarUploadTests.upload(
                api, cookie: session.cookie, [("csrf", session.csrf), ("templateId", "retrospective")],
                file: Array(CalendarUploadTests.ics.utf8))
            #expect(made.status == .seeOther, "\(made.status) \(made.text.prefix(2000))")
            let first = String(try #require(made.headers[.location]).dropFirst("/m/".count))
            let template = try await api.send(.get, "/v1/templates/retrospective", token: token)
            let expected = ((template.json?["form"] as? [String: Any])?["questions"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
            #expect(expected?.isEmpty == false, "\(template.text)")
            let form = try await api.send(.get, "/v1/meetings/\(first)/form", token: token)
            #expect(form.status == .ok, "\(form.text)")
            #expect((form.json?["questions"] as? [[String: Any]])?.compactMap { $0["key"] as? String } == expected, "\(form.text)")
            #expect(try await count() == 3)
        }
    }
}
