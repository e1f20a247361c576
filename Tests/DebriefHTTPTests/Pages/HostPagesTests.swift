@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The host's own pages without a browser: the account page (password, tokens, sessions) and the
/// meeting forms (create, overlap, next session, trash), each post guarded by the session's CSRF.
@Suite("Pages: the host's account and meeting pages")
struct HostPagesTests {
    @Test func aPersonalTokenIsShownOnceWorksAndCanBeRevoked() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let created = try await api.post(
                "/account/tokens",
                [("csrf", session.csrf), ("name", "Nightly export"), ("expiresInDays", "30"), ("currentPassword", "correct horse battery")],
                cookie: session.cookie)
            #expect(created.status == .ok)
            #expect(created.headers[.cacheControl] == "no-store")
            let token = try #require(created.text.range(of: #"dbf_[A-Za-z0-9_-]+"#, options: .regularExpression).map { String(created.text[$0]) })
            #expect(try await api.send(.get, "/v1/me", token: token).status == .ok)
            let page = try await api.page("/account", cookie: session.cookie)
            #expect(!page.text.contains(token), "shown once")
            #expect(page.text.contains("Nightly export"))
            let id = try #require(page.text.range(of: #"/account/tokens/[0-9a-f-]{36}/revoke"#, options: .regularExpression)
                .map { String(page.text[$0]) })
            #expect(try await api.post(id, [("csrf", session.csrf)], cookie: session.cookie).status == .ok)
            #expect(try await api.send(.get, "/v1/me", token: token).status == .unauthorized)

            let bad = try await api.post(
                "/account/tokens", [("csrf", session.csrf), ("name", ""), ("expiresInDays", "12")], cookie: session.cookie)
            #expect(bad.status == .unprocessableContent)
        }
    }

    @Test func changingThePasswordNeedsTheCurrentOneAndSignsOutEverythingElse() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let other = try #require(try await api.signIn(email: email).1)
            let apiToken = try #require(
                try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).json?["token"] as? String)

            let wrong = try await api.post(
                "/account/password", [("csrf", session.csrf), ("currentPassword", "nope nope nope"), ("newPassword", "a new passphrase")],
                cookie: session.cookie)
            #expect(wrong.status == .unprocessableContent)
            #expect(try await api.send(.get, "/v1/me", token: apiToken).status == .ok, "nothing changed")

            let changed = try await api.post(
                "/account/password",
                [("csrf", session.csrf), ("currentPassword", "correct horse battery"), ("newPassword", "a new passphrase")],
                cookie: session.cookie)
            #expect(changed.status == .ok)
            #expect(try await api.send(.get, "/v1/me", token: apiToken).status == .unauthorized)
            #expect(try await api.page("/m", cookie: other.cookie).status == .seeOther, "the other browser is signed out")
            #expect(try await api.page("/m", cookie: session.cookie).status == .ok, "this one stays")
            #expect(try await api.signIn(email: email, password: "a new passphrase").1 != nil)

            let everywhere = try await api.post("/account/sign-out-everywhere", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(everywhere.status == .seeOther)
            #expect(try await api.page("/m", cookie: session.cookie).status == .seeOther)
        }
    }

    @Test func theAccountPageSetsTheResponseRetention() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let page = try await api.page("/account", cookie: session.cookie)
            #expect(page.text.contains(#"name="responseRetentionMonths" value="0""#))
            let saved = try await api.post(
                "/account/profile", [("csrf", session.csrf), ("displayName", "Ana"), ("responseRetentionMonths", "18")],
                cookie: session.cookie)
            #expect(saved.status == .ok)
            #expect(saved.text.contains(#"name="responseRetentionMonths" value="18""#))
            let token = try #require(
                try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).json?["token"] as? String)
            #expect(try await api.send(.get, "/v1/me", token: token).json?["responseRetentionMonths"] as? Int == 18)

            let tooLong = try await api.post(
                "/account/profile", [("csrf", session.csrf), ("displayName", "Ana"), ("responseRetentionMonths", "500")],
                language: "ko", cookie: session.cookie)
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains("0부터 120 사이에서 골라 주세요."))
            #expect(tooLong.text.contains(#"aria-invalid="true""#))
            #expect(try await api.send(.get, "/v1/me", token: token).json?["responseRetentionMonths"] as? Int == 18, "unchanged")
        }
    }

    @Test(arguments: [
        "/account/profile", "/account/password", "/account/tokens", "/account/sign-out-everywhere", "/m/new", "/admin/invitations",
    ])
    func everyPostNeedsTheSessionsCSRFToken(_ path: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let forged = try await api.post(path, [("csrf", "forged"), ("title", "x")], cookie: session.cookie)
            #expect(forged.status == .forbidden, "\(path): \(forged.status)")
            #expect(try await api.page("/m", cookie: session.cookie).status == .ok, "still signed in")
        }
    }

    @Test func aMeetingFormKeepsWhatWasTypedAndNamesAnOverlapWithALink() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let fields: [(String, String)] = [
                ("csrf", session.csrf), ("title", "Planning"), ("startsAt", "2031-03-04T09:00"), ("endsAt", "2031-03-04T10:00"),
                ("place", "Room 1"), ("expectedHeadCount", "12"),
            ]
            let created = try await api.post("/m/new", fields, cookie: session.cookie)
            #expect(created.status == .seeOther, "\(created.text)")
            let location = try #require(created.headers[.location])
            #expect(location.range(of: #"^/m/[0-9a-f-]{36}$"#, options: .regularExpression) != nil)

            var clash = fields
            clash[1] = ("title", "Clash <b>")
            clash[2] = ("startsAt", "2031-03-04T09:30")
            clash[3] = ("endsAt", "2031-03-04T11:00")
            let refused = try await api.post("/m/new", clash, cookie: session.cookie)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("href=\"\(location)\">Planning</a>"), "names and links the other meeting")
            #expect(refused.inputValue("title") == "Clash &lt;b&gt;", "what was typed stays, escaped")

            var invalid = fields
            invalid[1] = ("title", "")
            invalid[2] = ("startsAt", "not a time")
            let problems = try await api.post("/m/new", invalid, cookie: session.cookie)
            #expect(problems.status == .unprocessableContent)
            #expect(problems.text.contains("id=\"title-error\""))
            #expect(problems.text.contains("id=\"startsAt-error\""))
            #expect(problems.inputValue("place") == "Room 1")

            let next = try await api.page(location + "/next", cookie: session.cookie)
            #expect(next.inputValue("title") == "Planning")
            #expect(next.inputValue("startsAt") == "2031-03-11T09:00", "a week later")
            let planned = try await api.post(
                location + "/next",
                [("csrf", session.csrf), ("title", "Planning"), ("startsAt", "2031-03-11T09:00"), ("endsAt", "2031-03-11T10:00"),
                 ("place", "Room 1"), ("expectedHeadCount", "12")],
                cookie: session.cookie)
            #expect(planned.status == .seeOther, "\(planned.text)")

            let list = try await api.page("/m", cookie: session.cookie)
            #expect(list.text.components(separatedBy: "<section class=\"series\"").count == 2, "one series with two sessions")
            #expect(list.text.contains("Session 2"))
            let searched = try await api.page("/m?q=nothing-like-it", cookie: session.cookie)
            #expect(!searched.text.contains("<section class=\"series\""))

            let deleted = try await api.post(location + "/delete", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/m/trash")
            #expect(try await api.page(location, cookie: session.cookie).status == .notFound)
            let trash = try await api.page("/m/trash", cookie: session.cookie)
            #expect(trash.text.contains("Planning"))
            let id = location.dropFirst("/m/".count)
            let restored = try await api.post("/m/trash/\(id)/restore", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(restored.status == .seeOther)
            #expect(try await api.page(location, cookie: session.cookie).status == .ok)
        }
    }
}
