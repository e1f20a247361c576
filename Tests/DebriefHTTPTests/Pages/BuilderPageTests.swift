@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The form builder without a browser or script: every button posts the whole draft and the
/// page comes back with the change made and nothing typed lost.
@Suite("Pages: the form builder")
struct BuilderPageTests {
    /// A signed-in host with a meeting; returns the session and the builder's path.
    static func builder(_ api: ParticipantAPI) async throws -> (BrowserSession, String) {
        let email = try await api.signUp()
        let session = try #require(try await api.signIn(email: email).1)
        let created = try await api.post(
            "/m/new",
            [("csrf", session.csrf), ("title", "Retro"), ("startsAt", "2032-05-06T09:00"), ("endsAt", "2032-05-06T10:00")],
            cookie: session.cookie)
        let meeting = try #require(created.headers[.location])
        return (session, meeting + "/form")
    }

    static let threeKinds: [(String, String)] = [
        ("title", "Retro feedback"), ("anonymous", "on"), ("count", "3"),
        ("q0.kind", "choice"), ("q0.prompt", "Best topic?"), ("q0.optionCount", "2"), ("q0.o0.label", "Roadmap"),
        ("q0.o1.label", "Hiring"), ("q0.allowsOther", "on"),
        ("q1.kind", "rating"), ("q1.prompt", "How useful?"), ("q1.min", "1"), ("q1.max", "5"), ("q1.required", "on"),
        ("q2.kind", "shortAnswer"), ("q2.prompt", "Anything else?"), ("q2.maxLength", "300"),
    ]

    /// The builder's script (`builder.js`) enhances this page: it is linked under a policy that
    /// allows the site's own scripts only, and the page carries what the script clones and
    /// announces — while every field keeps the name the no-script post uses.
    @Test func theBuilderLinksItsScriptAndCarriesTemplatesForIt() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await Self.builder(api)
            let page = try await api.post(path, [("csrf", session.csrf), ("action", "preview")] + Self.threeKinds, cookie: session.cookie)
            #expect(page.status == .ok)
            // Its own scripts only, and connections to its own origin (the preview refreshed in place).
            #expect(page.headers[.contentSecurityPolicy] == ContentSecurityPolicy.dashboard + "; frame-ancestors 'none'")
            #expect(ContentSecurityPolicy.dashboard.hasSuffix("; script-src 'self'; connect-src 'self'"))
            #expect(page.text.contains("<script src=\"/assets/builder.js?v=\(Assets.builderScript.version)\" defer></script>"))
            #expect(!page.text.contains("<script>"), "no inline script")
            for kind in ["choice", "rating", "shortAnswer"] {
                #expect(page.text.contains("<template id=\"builder-new-\(kind)\"><fieldset class=\"question-editor\" id=\"qnew\">"))
            }
            #expect(page.text.contains("<template id=\"builder-new-option\"><li>"))
            #expect(page.text.contains("name=\"qnew.onew.label\""))
            #expect(page.text.contains("id=\"builder-status\" role=\"status\" aria-live=\"polite\""))
            // A move that cannot apply is rendered hidden, for the script to show after a reorder.
            #expect(page.text.contains("id=\"q0-up\" aria-label=\"Move up: Question 1\" hidden"))
            #expect(page.text.contains("id=\"q2-down\" aria-label=\"Move down: Question 3\" hidden"))
            #expect(page.text.contains("id=\"q1-up\" aria-label=\"Move up: Question 2\">"))
            let script = try await api.send(.get, "/assets/builder.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("builder-new-"))
        }
    }

    @Test func buttonsChangeTheDraftWithoutSavingAndKeepWhatWasTyped() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await Self.builder(api)
            let empty = try await api.page(path, cookie: session.cookie)
            #expect(empty.status == .ok)
            #expect(empty.text.contains("value=\"add:choice\""))

            let added = try await api.post(path, [("csrf", session.csrf), ("title", "Typed title"), ("count", "0"), ("action", "add:rating")], cookie: session.cookie)
            #expect(added.status == .ok)
            #expect(added.inputValue("title") == "Typed title", "the draft is kept")
            #expect(added.text.contains("id=\"q0-prompt\""))
            #expect(added.text.contains("name=\"q0.kind\" value=\"rating\""))

            let moved = try await api.post(path, [("csrf", session.csrf), ("action", "down:0")] + Self.threeKinds, cookie: session.cookie)
            #expect(moved.inputValue("q0.prompt") == "How useful?")
            #expect(moved.inputValue("q1.prompt") == "Best topic?")
            #expect(moved.text.contains("id=\"q1-down\" aria-label") && moved.text.contains("autofocus"), "the keyboard stays on the moved question")

            let option = try await api.post(path, [("csrf", session.csrf), ("action", "optionDown:0:0")] + Self.threeKinds, cookie: session.cookie)
            #expect(option.inputValue("q0.o0.label") == "Hiring")
            #expect(option.inputValue("q0.o1.label") == "Roadmap")

            let nps = try await api.post(path, [("csrf", session.csrf), ("action", "nps:1")] + Self.threeKinds, cookie: session.cookie)
            #expect(nps.inputValue("q1.min") == "0")
            #expect(nps.inputValue("q1.max") == "10")

            let removed = try await api.post(path, [("csrf", session.csrf), ("action", "remove:0")] + Self.threeKinds, cookie: session.cookie)
            #expect(removed.inputValue("q0.prompt") == "How useful?")
            #expect(removed.inputValue("count") == "2")

            // Nothing of that was saved.
            let again = try await api.page(path, cookie: session.cookie)
            #expect(!again.text.contains("How useful?"))
        }
    }

    @Test func aRefusedSaveNamesTheFieldAndASavedDraftPublishes() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await Self.builder(api)
            var broken = Self.threeKinds
            broken[4] = ("q0.prompt", "")
            broken[11] = ("q1.max", "eleven")
            let refused = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + broken, cookie: session.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("id=\"q0-prompt-error\""))
            #expect(refused.text.contains("id=\"q1-scale-error\""))
            #expect(refused.inputValue("q2.prompt") == "Anything else?", "nothing typed is lost")

            let preview = try await api.post(path, [("csrf", session.csrf), ("action", "preview")] + Self.threeKinds, cookie: session.cookie)
            #expect(preview.status == .ok)
            #expect(preview.text.contains("class=\"phone\""))
            #expect(preview.text.contains("Hiring"))

            let saved = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + Self.threeKinds, cookie: session.cookie)
            #expect(saved.status == .ok, "\(saved.text.prefix(500))")
            let published = try await api.post(path + "/publish", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(published.status == .seeOther)
            let page = try await api.page(path, cookie: session.cookie)
            let code = try #require(page.text.range(of: #"/f/[A-Z0-9]+"#, options: .regularExpression).map { String(page.text[$0].dropFirst(3)) })
            let form = try await api.page("/f/\(code)")
            #expect(form.status == .ok)
            #expect(form.text.contains("Best topic?") && form.text.contains("How useful?") && form.text.contains("Anything else?"))

            let exported = try await api.page(path + "/export", cookie: session.cookie)
            #expect(exported.headers[.contentType] == "application/json")
            let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            #expect((json["questions"] as? [Any])?.count == 3)

            let badImport = try await api.post(path + "/import", [("csrf", session.csrf), ("json", "{not json")], cookie: session.cookie)
            #expect(badImport.status == .unprocessableContent)
            let imported = try await api.post(
                path + "/import", [("csrf", session.csrf), ("json", String(decoding: exported.body, as: UTF8.self))], cookie: session.cookie)
            #expect(imported.inputValue("q0.prompt") == "Best topic?")
        }
    }

    /// Issue 32: a host saved a draft, changed a question, added one and pressed Publish without
    /// "Save draft": the old draft went live. Publish posts the whole page and saves it first.
    @Test func publishSavesTheEditsOnThePageBeforePublishing() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await Self.builder(api)
            let saved = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + Self.threeKinds, cookie: session.cookie)
            #expect(saved.status == .ok)
            #expect(saved.text.contains("formaction=\"\(path)/publish\""), "Publish is a button of the builder's own form")
            var edited = Self.threeKinds.map { $0.0 == "q0.prompt" ? ("q0.prompt", "Best topic this week?") : $0 }
            edited = edited.map { $0.0 == "count" ? ("count", "4") : $0 }
            edited += [("q3.kind", "rating"), ("q3.prompt", "Was the pace right?"), ("q3.min", "1"), ("q3.max", "5")]
            let published = try await api.post(path + "/publish", [("csrf", session.csrf), ("action", "publish")] + edited, cookie: session.cookie)
            #expect(published.status == .seeOther, "\(published.text.prefix(800))")

            let page = try await api.page(path, cookie: session.cookie)
            let code = try #require(page.text.range(of: #"/f/[A-Z0-9]+"#, options: .regularExpression).map { String(page.text[$0].dropFirst(3)) })
            let form = try await api.page("/f/\(code)")
            #expect(form.status == .ok)
            #expect(form.text.contains("Best topic this week?"), "the changed text went live")
            #expect(form.text.contains("Was the pace right?"), "the added question went live")
            #expect(!form.text.contains("Best topic?"), "not the draft saved before")
            let exported = try await api.page(path + "/export", cookie: session.cookie)
            let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            #expect((json["questions"] as? [Any])?.count == 4)
        }
    }

    /// A Publish whose edits the domain refuses publishes nothing and saves nothing: the page
    /// comes back with everything as typed and the problem listed at the top, linked to its field.
    @Test func aRefusedPublishPublishesNothingAndKeepsTheEdits() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await Self.builder(api)
            let saved = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + Self.threeKinds, cookie: session.cookie)
            #expect(saved.status == .ok)
            let tooLong = String(repeating: "Far too long ", count: 25)  // 325 characters; a prompt has at most 300
            let edited = Self.threeKinds.map { field -> (String, String) in
                switch field.0 {
                case "q0.prompt": ("q0.prompt", tooLong)
                case "q2.prompt": ("q2.prompt", "Typed and not yet saved")
                default: field
                }
            }
            let refused = try await api.post(path + "/publish", [("csrf", session.csrf), ("action", "publish")] + edited, cookie: session.cookie)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.inputValue("q0.prompt") == tooLong, "the refused text is still on the page")
            #expect(refused.inputValue("q2.prompt") == "Typed and not yet saved", "so is every other edit")
            #expect(refused.text.contains("nothing was saved or published"))
            #expect(refused.text.contains("<a href=\"#q0-prompt\">"), "the banner links to the field")
            #expect(refused.text.contains(" data-unsaved"), "leaving the page warns: the edits are not saved")

            let page = try await api.page(path, cookie: session.cookie)
            #expect(page.text.contains("<strong>Draft</strong>"), "nothing was published")
            #expect(page.inputValue("q0.prompt") == "Best topic?", "nothing was saved")
            #expect(page.inputValue("q2.prompt") == "Anything else?")
            #expect(!page.text.contains(" data-unsaved"), "the saved draft leaves without a warning")
        }
    }

    /// Issue 32, item 4: the banner lists every problem with a link to its field (the id of the
    /// input), as the participant page does; a problem of the whole list links to its message.
    @Test func theBannerListsEachProblemWithALinkToItsField() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await Self.builder(api)
            var broken = Self.threeKinds
            broken[0] = ("title", "")
            broken[7] = ("q0.o1.label", "")
            broken[11] = ("q1.max", "eleven")
            broken += [("privacyThreshold", "0")]
            let refused = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + broken, cookie: session.cookie)
            #expect(refused.status == .unprocessableContent)
            let html = refused.text
            let banner = try #require(html.range(of: "<div class=\"error-summary\"").map { String(html[$0.lowerBound...].prefix(3000)) })
            #expect(banner.hasPrefix("<div class=\"error-summary\" role=\"alert\" aria-labelledby=\"error-summary-title\">"))
            #expect(banner.contains("Some fields need another look; nothing was saved."))
            for id in ["form-title", "privacyThreshold", "q0-o1-label", "q1-max"] {
                #expect(banner.contains("<a href=\"#\(id)\">"), "a link to \(id): \(banner.prefix(1500))")
                #expect(html.contains("id=\"\(id)\""), "and \(id) is a field of the page")
            }
            #expect(banner.contains("<a href=\"#q1-max\">Question 2, To: "))

            let none = try await api.post(path, [("csrf", session.csrf), ("action", "save"), ("title", "Empty"), ("count", "0")], cookie: session.cookie)
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("<a href=\"#questions-error\">"))
            #expect(none.text.contains("id=\"questions-error\""))

            let korean = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + broken, language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("다시 확인할 항목이 있어요. 저장하지 않았어요."))
            #expect(korean.text.contains("<a href=\"#q1-max\">질문 2, 끝: "))
        }
    }
}
