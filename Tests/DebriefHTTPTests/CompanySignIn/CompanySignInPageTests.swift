@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The sign-in page and routes with company sign-in configured, against a provider that is not
/// there (nothing listens on port 1): the button in both languages, "company sign-in only" with
/// its break-glass admin, and a provider that cannot be reached.
@Suite("Pages: company sign-in on the sign-in page")
struct CompanySignInPageTests {
    static func configuration(only: Bool) -> AppConfiguration {
        var configuration = ParticipantAPI.configuration()
        var settings = CompanySignInSettings(
            issuer: "http://127.0.0.1:1", clientID: "debrief", clientSecret: "s", displayName: "Acme ID", allowsAccountCreation: true,
            passwordsForAdminsOnly: only)
        settings.requestTimeout = .seconds(2)
        configuration.companySignIn = settings
        // As `debrief serve` defaults: the first account becomes the admin, then sign-up closes.
        if only { configuration.signUpPolicy = .firstAccountThenClosed }
        return configuration
    }

    @Test func theSignInPageOffersTheCompanySignInBesideThePasswordForm() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(only: false)) { api, _ in
            let english = try await api.page("/signin?next=%2Fm%2Fabc")
            #expect(english.text.contains("Sign in with Acme ID"))
            #expect(english.text.contains("href=\"/signin/company?next=%2Fm%2Fabc\""))
            #expect(english.text.contains("name=\"password\""))
            let korean = try await api.page("/signin", language: "ko")
            #expect(korean.text.contains("Acme ID(으)로 로그인"))
        }
    }

    @Test func aProviderThatCannotBeReachedIsA503PageAndStoresNothing() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(only: false)) { api, database in
            let reply = try await api.page("/signin/company")
            #expect(reply.status == .serviceUnavailable)
            #expect(reply.headers[.retryAfter] == "30")
            #expect(reply.text.contains("Acme ID cannot be reached right now"))
            #expect(reply.cookies["debrief_oidc_state"] == nil)
            #expect(try await database.query("SELECT 1 AS found FROM oidc_sign_in_attempts").isEmpty)
        }
    }

    @Test func aCallbackWithoutItsCookieIsRefusedWithAPage() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(only: false)) { api, _ in
            let reply = try await api.page("/signin/company/callback?state=abc&code=def")
            #expect(reply.status == .badRequest)
            #expect(reply.text.contains("was not started in this browser"))
        }
    }

    @Test func withoutCompanySignInItsRoutesLeadToTheSignInPage() async throws {
        try await ParticipantAPI.run { api, _ in
            let start = try await api.page("/signin/company")
            #expect(start.status == .seeOther)
            #expect(start.headers[.location] == "/signin")
            let callback = try await api.page("/signin/company/callback?state=a&code=b")
            #expect(callback.status == .seeOther)
            let signIn = try await api.page("/signin")
            #expect(!signIn.text.contains("Sign in with"))
        }
    }

    @Test func companySignInOnlyLeavesPasswordsToAdmins() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(only: true)) { api, database in
            // The first account of an empty installation may still sign up: it becomes the admin.
            let admin = try await api.signUp()
            try await database.execute("UPDATE accounts SET role = 'admin' WHERE email = \(admin)")
            let host = "host-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let refused = try await api.send(
                .post, "/v1/accounts", json: ["email": host, "password": "correct horse battery", "displayName": "Host"])
            #expect(refused.status == .forbidden, "\(refused.text)")
            let page = try await api.page("/signin")
            #expect(!page.text.contains("name=\"password\""))
            #expect(page.text.contains("Administrator? Sign in with a password"))
            let breakGlass = try await api.page("/signin?password=1")
            #expect(breakGlass.text.contains("name=\"password\""))
            let nonce = try #require(breakGlass.cookies["debrief_signin"])
            let csrf = try #require(breakGlass.inputValue("csrf"))
            func signIn(_ email: String) async throws -> ParticipantReply {
                try await api.post(
                    "/signin", [("csrf", csrf), ("next", "/m"), ("email", email), ("password", "correct horse battery")],
                    cookie: "debrief_signin=\(nonce)")
            }
            let signedIn = try await signIn(admin)
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.cookies["debrief_session"]?.isEmpty == false)
            // A host's right password is refused with the way to sign in (made a host directly).
            try await database.execute("UPDATE accounts SET role = 'host' WHERE email = \(admin)")
            let refusedHost = try await signIn(admin)
            #expect(refusedHost.status == .forbidden)
            #expect(refusedHost.text.contains("Passwords sign in administrators only here"))
            #expect(refusedHost.cookies["debrief_session"] == nil)
        }
    }
}
