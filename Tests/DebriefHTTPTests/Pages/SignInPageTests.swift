@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// A browser session of one host, for the page tests.
struct BrowserSession {
    var cookie: String
    var csrf: String
}

extension ParticipantAPI {
    /// Opens the sign-in page (its nonce cookie and CSRF token) and signs in.
    func signIn(email: String, password: String = "correct horse battery", next: String = "/m") async throws -> (ParticipantReply, BrowserSession?) {
        let form = try await self.page("/signin")
        let nonce = try #require(form.cookies["debrief_signin"], "\(form.headers)")
        let csrf = try #require(form.inputValue("csrf"))
        let reply = try await self.post(
            "/signin", [("csrf", csrf), ("next", next), ("email", email), ("password", password)],
            cookie: "debrief_signin=\(nonce)")
        guard let session = reply.cookies["debrief_session"], !session.isEmpty else { return (reply, nil) }
        let list = try await self.page("/m", cookie: "debrief_session=\(session)")
        let token = try #require(list.inputValue("csrf"), "\(list.status) \(list.text)")
        return (reply, BrowserSession(cookie: "debrief_session=\(session)", csrf: token))
    }

    /// Signs a new host up through the API; returns the email.
    /// The address counts as proven (docs/decisions/0054-verified-addresses.md) unless `proven`
    /// is false: the hosts of most tests share and transfer series to each other, which only a
    /// proven address receives. An open sign-up proves nothing by itself, so the fixture records
    /// the proof as an admin vouching for the address would.
    func signUp(proven: Bool = true) async throws -> String {
        let email = "host-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let reply = try await self.send(
            .post, "/v1/accounts", json: ["email": email, "password": "correct horse battery", "displayName": "Host"])
        try #require(reply.status == .created, "\(reply.text)")
        if proven, let database = self.database {
            _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(email)")
        }
        return email
    }
}

extension ParticipantReply {
    /// The cookies the reply sets, by name (values only).
    var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for header in self.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if pair.count == 2 { cookies[String(pair[0])] = String(pair[1]) }
        }
        return cookies
    }

    /// The whole `Set-Cookie` header of `name`.
    func setCookie(_ name: String) -> String? {
        self.headers[values: .setCookie].first { $0.hasPrefix("\(name)=") }
    }
}

@Suite("Pages: host sign-in and the session cookie")
struct SignInPageTests {
    @Test func signingInSetsAStrictSessionCookieAndGoesOn() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let form = try await api.page("/signin")
            #expect(form.status == .ok)
            #expect(form.text.contains("<label for=\"email\">Email</label>"))
            let nonce = try #require(form.setCookie("debrief_signin"))
            #expect(nonce.contains("HttpOnly") && nonce.contains("SameSite=Lax") && nonce.contains("Path=/signin"))
            let (reply, session) = try await api.signIn(email: email, next: "/m?cursor=x")
            #expect(reply.status == .seeOther)
            #expect(reply.headers[.location] == "/m?cursor=x")
            let cookie = try #require(reply.setCookie("debrief_session"))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"), "the public URL is plain http")
            // Max-Age runs out with the token (12 hours by default).
            let maxAge = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("Max-Age=") }.flatMap { Int($0.dropFirst("Max-Age=".count)) }
            #expect((43_100...43_200).contains(maxAge ?? 0), "\(cookie)")
            #expect(session != nil)
            #expect(reply.cookies["debrief_signin"] == "", "the nonce is spent")
        }
    }

    @Test func theCookieIsSecureBehindHTTPS() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.publicBaseURL = "https://debrief.example"
        try await ParticipantAPI.run(configuration: configuration) { api, _ in
            let email = try await api.signUp()
            let form = try await api.page("/signin")
            #expect(form.setCookie("debrief_signin")?.contains("Secure") == true)
            let (reply, _) = try await api.signIn(email: email)
            #expect(reply.setCookie("debrief_session")?.contains("Secure") == true)
        }
    }

    @Test func aSignInWithoutTheFormsTokenIsRefused() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let credentials = [("email", email), ("password", "correct horse battery")]
            let form = try await api.page("/signin")
            let nonce = try #require(form.cookies["debrief_signin"])
            let csrf = try #require(form.inputValue("csrf"))
            for (fields, cookie) in [
                (credentials, "debrief_signin=\(nonce)"),  // no token
                ([("csrf", csrf)] + credentials, nil),  // no nonce cookie
                ([("csrf", csrf)] + credentials, "debrief_signin=other"),  // another nonce
                ([("csrf", "AAAA")] + credentials, "debrief_signin=\(nonce)"),  // a wrong token
            ] as [([(String, String)], String?)] {
                let reply = try await api.post("/signin", fields, cookie: cookie)
                #expect(reply.status == .forbidden)
                #expect(reply.cookies["debrief_session"] == nil)
                #expect(reply.text.contains("This form expired."))
            }
        }
    }

    @Test func wrongPasswordsAreRefusedAndThrottled() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let (missing, _) = try await api.signIn(email: "", password: "")
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("id=\"email-error\""))
            #expect(missing.text.contains("id=\"password-error\""))
            for _ in 0..<5 {
                let (wrong, session) = try await api.signIn(email: email, password: "wrong password")
                #expect(wrong.status == .unprocessableContent)
                #expect(wrong.text.contains("The email or password is wrong."))
                #expect(session == nil)
            }
            let (throttled, _) = try await api.signIn(email: email)
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.headers[.retryAfter] != nil)
            #expect(throttled.text.contains("Too many failed attempts."))
            // The same throttle as the token route: it is locked there too.
            let token = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"])
            #expect(token.status == .tooManyRequests)
        }
    }

    @Test func theNextPageIsAlwaysLocal() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            for next in ["//evil.example/m", "https://evil.example", "/\\evil.example", "http:/x", "/m\r\nX: y", "m", ""] {
                let (reply, _) = try await api.signIn(email: email, next: next)
                #expect(reply.status == .seeOther)
                #expect(reply.headers[.location] == "/m", "\(next)")
            }
            let page = try await api.page("/signin?next=%2F%2Fevil.example")
            #expect(page.inputValue("next") == "/m")
        }
    }

    @Test func pagesOfHostsNeedASessionAndListOnlyTheirOwnMeetings() async throws {
        try await ParticipantAPI.run { api, _ in
            let anonymous = try await api.page("/m?cursor=abc")
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers[.location] == "/signin?next=/m%3Fcursor%3Dabc")
            let mine = try await api.publish()
            _ = try await api.send(.patch, "/v1/meetings/\(mine.meetingID)", token: mine.hostToken, json: ["title": "<i>Mine</i>"])
            let other = try await api.publish()
            _ = try await api.send(.patch, "/v1/meetings/\(other.meetingID)", token: other.hostToken, json: ["title": "Not mine"])
            let me = try #require(try await api.send(.get, "/v1/me", token: mine.hostToken).string("email"))
            let (_, session) = try await api.signIn(email: me)
            let list = try await api.page("/m", cookie: try #require(session).cookie)
            #expect(list.status == .ok)
            // The series is headed by its title (escaped), each session links to its dashboard.
            #expect(list.text.contains("&lt;i&gt;Mine&lt;/i&gt; <span class=\"muted\">· 1 session</span>"), "\(list.text)")
            #expect(list.text.contains("<a href=\"/m/\(mine.meetingID.lowercased())\">Session 1<span class=\"visually-hidden\">: &lt;i&gt;Mine&lt;/i&gt;</span></a>"))
            #expect(!list.text.contains("Not mine"))
            #expect(list.text.contains("action=\"/signout\""))
            // A session cookie that is not a live token is no session.
            let forged = try await api.page("/m", cookie: "debrief_session=dbf_forged")
            #expect(forged.status == .seeOther)
        }
    }

    @Test func theCookieDoesNotAuthorizeTheJSONAPIExceptReadingTheLiveStream() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let other = try await api.publish()
            let me = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: me).1)
            var cookie: HTTPFields = [:]
            cookie[.cookie] = session.cookie
            #expect(try await api.send(.get, "/v1/meetings", headers: cookie).status == .unauthorized)
            #expect(try await api.send(.post, "/v1/meetings", json: ["title": "x"], headers: cookie).status == .unauthorized)
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/form/close", headers: cookie).status == .unauthorized)
            #expect(try await api.send(.delete, "/v1/tokens/current", headers: cookie).status == .unauthorized)
            // The live stream reads the cookie: another host's meeting is then a 404, not a 401.
            #expect(try await api.send(.get, "/v1/meetings/\(other.meetingID)/results/live", headers: cookie).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(other.meetingID)/results/live").status == .unauthorized)
        }
    }

    @Test func signingOutNeedsTheSessionsTokenAndEndsTheSession() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            for csrf in ["", "wrong", CSRFToken.make(secret: "dbf_other", for: .session)] {
                let refused = try await api.post("/signout", [("csrf", csrf)], cookie: session.cookie)
                #expect(refused.status == .forbidden)
                #expect(refused.isHTML)
            }
            #expect(try await api.page("/m", cookie: session.cookie).status == .ok)
            let out = try await api.post("/signout", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(out.status == .seeOther)
            #expect(out.headers[.location] == "/signin")
            #expect(out.setCookie("debrief_session")?.contains("Max-Age=0") == true)
            #expect(try await api.page("/m", cookie: session.cookie).status == .seeOther, "the token is revoked")
        }
    }
}
