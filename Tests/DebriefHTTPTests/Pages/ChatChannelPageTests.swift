@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The dashboard's team chat forms (`/m/{id}/chat…`, issue 35): they call the same actions as
/// `/v1/series/{id}/chat-channel…`, so what the page saves the API reads; a refused URL gets the
/// dashboard again (422) with the field named and what was typed kept; a viewer co-host is
/// refused (403) and another host finds nothing (404).
@Suite("Pages: the dashboard's team chat channel")
struct ChatChannelPageTests {
    static let slackURL = "https://hooks.slack.com/services/T0001/B0001/abcdefghijklmnop"

    /// The fixture's owner signed in on the pages, and the meeting's chat routes.
    static func owner(_ api: ParticipantAPI, _ fixture: PublishedFixture) async throws -> BrowserSession {
        let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
        return try #require(try await api.signIn(email: email).1)
    }

    @Test func savingTestingAndRemovingGoThroughTheAPIsActions() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let owner = try await Self.owner(api, fixture)
            let base = "/m/\(fixture.meetingID)"
            let dashboard = try await api.page(base, cookie: owner.cookie)
            #expect(dashboard.text.contains(#"action="\#(base)/chat""#), "the form is on the dashboard")
            #expect(!dashboard.text.contains(#"action="\#(base)/chat/test""#), "no test button without a channel")

            let saved = try await api.post(
                base + "/chat", [("csrf", owner.csrf), ("url", Self.slackURL), ("kind", ""), ("language", "ko"), ("daily", "true")],
                cookie: owner.cookie)
            #expect(saved.status == .seeOther, "\(saved.status) \(saved.text)")
            #expect(saved.headers[.location] == base + "?chat=saved#chat-heading")
            let channel = try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken)
            #expect(channel.status == .ok, "\(channel.text)")
            #expect(channel.string("kind") == "slack" && channel.string("language") == "ko", "\(channel.text)")
            #expect(channel.json?["daily"] as? Bool == true)
            let after = try await api.page(base + "?chat=saved", cookie: owner.cookie)
            #expect(after.text.contains("Channel saved."))
            #expect(after.text.contains("Posting to Slack"))
            #expect(!after.text.contains(Self.slackURL), "the saved URL, a workspace credential, is not written into the page")

            // Test messages: queued up to the actions' cap, then the 409 page.
            for _ in 0..<ChatActions.testsWaiting {
                let test = try await api.post(base + "/chat/test", [("csrf", owner.csrf)], cookie: owner.cookie)
                #expect(test.status == .seeOther && test.headers[.location] == base + "?chat=test#chat-heading", "\(test.status)")
            }
            let over = try await api.post(base + "/chat/test", [("csrf", owner.csrf)], cookie: owner.cookie)
            #expect(over.status == .conflict, "\(over.status) \(over.text)")
            let pending = try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken)
            #expect(pending.json?["pendingCount"] as? Int == ChatActions.testsWaiting, "\(pending.text)")

            let removed = try await api.post(base + "/chat/delete", [("csrf", owner.csrf)], cookie: owner.cookie)
            #expect(removed.status == .seeOther && removed.headers[.location] == base + "?chat=deleted#chat-heading")
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken).status == .notFound)
            #expect(try await api.page(base + "?chat=deleted", cookie: owner.cookie).text.contains("Channel removed."))
        }
    }

    @Test func aRefusedURLNamesItsFieldAndKeepsWhatWasTyped() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let owner = try await Self.owner(api, fixture)
            let typed = "https://example.com/hook?x=1"
            let refused = try await api.post(
                "/m/\(fixture.meetingID)/chat", [("csrf", owner.csrf), ("url", typed), ("kind", "teams"), ("language", "en")],
                cookie: owner.cookie)
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.isHTML)
            #expect(refused.text.contains(#"id="chat-url-error""#), "the URL field's problem is next to it")
            #expect(refused.text.contains(#"aria-invalid="true""#))
            #expect(refused.text.contains(#"name="url" value="https://example.com/hook?x=1""#), "what was typed is kept")
            #expect(refused.text.contains(#"<option value="teams" selected>"#), "the kind chosen is kept")
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken).status == .notFound)
            // Without the form's CSRF token nothing is saved.
            let forged = try await api.post("/m/\(fixture.meetingID)/chat", [("url", Self.slackURL)], cookie: owner.cookie)
            #expect(forged.status == .forbidden)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken).status == .notFound)
        }
    }

    @Test func anEditorMayAViewerIsRefusedAndAStrangerFindsNothing() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let editor = try await SeriesSharingTests.host(api)
            let viewer = try await SeriesSharingTests.host(api)
            let stranger = try await SeriesSharingTests.host(api)
            #expect(try await SeriesSharingTests.share(api, fixture, with: editor, as: "editor").status == .accepted)
            #expect(try await SeriesSharingTests.share(api, fixture, with: viewer, as: "viewer").status == .accepted)
            let chat = "/m/\(fixture.meetingID)/chat"
            let fields = { (session: BrowserSession) in [("csrf", session.csrf), ("url", Self.slackURL)] }

            let editorSession = try #require(try await api.signIn(email: editor.email).1)
            let saved = try await api.post(chat, fields(editorSession), cookie: editorSession.cookie)
            #expect(saved.status == .seeOther, "\(saved.status) \(saved.text)")

            let viewerSession = try #require(try await api.signIn(email: viewer.email).1)
            let viewerDashboard = try await api.page("/m/\(fixture.meetingID)", cookie: viewerSession.cookie)
            #expect(viewerDashboard.status == .ok)
            #expect(!viewerDashboard.text.contains(#"action="\#(chat)""#), "a viewer is not offered the form")
            for (path, body) in [(chat, fields(viewerSession)), (chat + "/test", [("csrf", viewerSession.csrf)]),
                                 (chat + "/delete", [("csrf", viewerSession.csrf)])] {
                let refused = try await api.post(path, body, cookie: viewerSession.cookie)
                #expect(refused.status == .forbidden, "\(path): \(refused.status)")
            }
            let strangerSession = try #require(try await api.signIn(email: stranger.email).1)
            let hidden = try await api.post(chat + "/delete", [("csrf", strangerSession.csrf)], cookie: strangerSession.cookie)
            #expect(hidden.status == .notFound)
            // Nothing the viewer or the stranger posted removed the editor's channel.
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/chat-channel", token: fixture.hostToken).status == .ok)
        }
    }
}
