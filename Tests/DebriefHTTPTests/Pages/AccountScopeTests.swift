@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Each token has one scope (migration 0039): the page cookie accepts page sessions only, the
/// bearer API sign-in and personal tokens only; a personal token takes the current password; and
/// the current password is throttled like a sign-in.
@Suite("Pages: token scopes and the current password")
struct AccountScopeTests {
    static let password = "correct horse battery"

    @Test func aSignInTokenSetAsThePageCookieIsNoSessionAndMintsNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            let cookie = "debrief_session=\(token)"
            let csrf = CSRFToken.make(secret: token, for: .session)
            #expect(try await api.page("/account", cookie: cookie).status == .seeOther)
            let minted = try await api.post(
                "/account/tokens", [("csrf", csrf), ("name", "Forever"), ("expiresInDays", "365"), ("currentPassword", Self.password)],
                cookie: cookie)
            #expect(minted.status == .seeOther, "\(minted.status)")
            let personal: Int = try await database.query("SELECT count(*)::int8 AS n FROM access_tokens WHERE kind = 'personal'")
                .single().decode("n")
            #expect(personal == 0)
            // The live stream and the exports read the cookie too: a page session only.
            let export = "/v1/meetings/\(fixture.meetingID)/export.csv"
            #expect(try await api.page(export, cookie: cookie).status == .unauthorized)
            #expect(try await api.send(.get, export, token: token).status == .ok)
            // It still works where it belongs.
            #expect(try await api.send(.get, "/v1/me", token: token).status == .ok)
        }
    }

    @Test func aPersonalTokenIsNoPageSessionAndAPageSessionIsNoBearerToken() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let created = try await api.post(
                "/account/tokens",
                [("csrf", session.csrf), ("name", "Script"), ("expiresInDays", "30"), ("currentPassword", Self.password)],
                cookie: session.cookie)
            #expect(created.status == .ok)
            let personal = try #require(
                created.text.range(of: #"dbf_[A-Za-z0-9_-]+"#, options: .regularExpression).map { String(created.text[$0]) })
            #expect(try await api.send(.get, "/v1/me", token: personal).status == .ok)
            #expect(try await api.page("/account", cookie: "debrief_session=\(personal)").status == .seeOther)

            let pageToken = String(session.cookie.dropFirst("debrief_session=".count))
            #expect(try await api.send(.get, "/v1/me", token: pageToken).status == .unauthorized)
            #expect(try await api.page("/account", cookie: session.cookie).status == .ok)
        }
    }

    @Test func aPersonalTokenNeedsTheCurrentPassword() async throws {
        try await ParticipantAPI.run { api, database in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let missing = try await api.post(
                "/account/tokens", [("csrf", session.csrf), ("name", "Script"), ("expiresInDays", "30")], cookie: session.cookie)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains(#"id="tokenCurrentPassword-error""#))
            let wrong = try await api.post(
                "/account/tokens",
                [("csrf", session.csrf), ("name", "Script"), ("expiresInDays", "30"), ("currentPassword", "not my password")],
                cookie: session.cookie)
            #expect(wrong.status == .unprocessableContent)
            #expect(wrong.text.contains("The current password is wrong."))
            #expect(wrong.text.contains(#"value="Script""#), "the name typed is kept")
            let personal: Int = try await database.query("SELECT count(*)::int8 AS n FROM access_tokens WHERE kind = 'personal'")
                .single().decode("n")
            #expect(personal == 0)
        }
    }

    /// Five wrong guesses of the current password (the sign-in limit per email) and the sixth is
    /// refused before it is checked, on either form that asks for it; the right password too.
    @Test(arguments: ["/account/password", "/account/tokens"])
    func wrongCurrentPasswordsAreThrottled(_ path: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            func attempt(_ password: String) async throws -> ParticipantReply {
                try await api.post(
                    path,
                    [("csrf", session.csrf), ("currentPassword", password), ("newPassword", "a new passphrase"),
                     ("name", "Script"), ("expiresInDays", "30")],
                    cookie: session.cookie)
            }
            for guess in 0..<5 {
                let reply = try await attempt("guess number \(guess)")
                #expect(reply.status == .unprocessableContent, "guess \(guess): \(reply.status)")
            }
            let refused = try await attempt(Self.password)
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[.retryAfter] ?? "").map { $0 > 0 } == true)
            #expect(refused.text.contains("Too many failed attempts."))
            // Signing in with that email is refused the same way: it is one count.
            #expect(try await api.send(.post, "/v1/tokens", json: ["email": email, "password": Self.password]).status == .tooManyRequests)
        }
    }
}
