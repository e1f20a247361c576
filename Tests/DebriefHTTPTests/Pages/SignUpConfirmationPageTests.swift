@testable import DebriefActions
@testable import DebriefApp
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Mail
import PQ
import Testing

/// Issue 68 (g): sign-up never said a confirmation was mailed, and the page after confirming
/// still read "Confirm your address". Now a sign-up that mailed the link lands on a page naming
/// the address it went to, and confirming says the address is confirmed (English and Korean).
@Suite("Pages: sign-up says where the confirmation went; confirming says it is done")
struct SignUpConfirmationPageTests {
    /// Open sign-up with SMTP configured (nothing listens: messages stay in the outbox); the
    /// installation's admin exists already, so the next sign-up is an ordinary, unproven host.
    static func run(smtp: Bool = true, _ body: @Sendable (ParticipantAPI, Database) async throws -> Void) async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.signUpPolicy = .open
        if smtp {
            configuration.smtp = try SMTPSettings(url: "smtp://127.0.0.1:9", from: "debrief@example.org", startTLS: .none)
            configuration.mail.pollInterval = .seconds(3600)
        }
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let admin = try await api.send(
                .post, "/v1/accounts", json: ["email": "admin@example.com", "password": "correct horse battery", "displayName": "Admin"])
            #expect(admin.status == .created, "\(admin.text)")
            try await body(api, database)
        }
    }

    /// The sign-up form, filled and posted as a browser does.
    static func signUp(_ api: ParticipantAPI, _ email: String, language: String) async throws -> ParticipantReply {
        let form = try await api.page("/signup", language: language)
        let nonce = try #require(form.cookies["debrief_signup"])
        let csrf = try #require(form.inputValue("csrf"))
        return try await api.post(
            "/signup", [("csrf", csrf), ("email", email), ("displayName", "Sky"), ("password", "correct horse battery")], language: language,
            cookie: "debrief_signup=\(nonce)")
    }

    static func proofToken(_ database: Database, to address: String) async throws -> String {
        let text: String = try #require(
            try await database.query("SELECT text_body FROM email_outbox WHERE kind = 'address_proof' AND recipient = \(address)").first?
                .decode("text_body"))
        let range = try #require(text.range(of: #"/confirm-address/[A-Za-z0-9_-]+"#, options: .regularExpression))
        return String(text[range].dropFirst("/confirm-address/".count))
    }

    /// The page after sign-up names the address the link went to; after the link's button, the
    /// page says the address is confirmed, and so does the sign-up page when visited again.
    @Test func signUpNamesTheAddressAndConfirmingSaysConfirmed() async throws {
        try await Self.run { api, database in
            let signedUp = try await Self.signUp(api, "sky@example.org", language: "en")
            #expect(signedUp.status == .seeOther, "\(signedUp.text)")
            #expect(signedUp.headers[.location] == "/signup/sent")
            let session = "debrief_session=\(try #require(signedUp.cookies["debrief_session"]))"
            let sent = try await api.page("/signup/sent", language: "en", cookie: session)
            #expect(sent.status == .ok)
            #expect(sent.text.contains("<h1>Check your mail</h1>"), "\(sent.text)")
            #expect(sent.text.contains("We sent a link to confirm your address to sky@example.org"))
            let korean = try await api.page("/signup/sent", language: "ko", cookie: session)
            #expect(korean.text.contains("sky@example.org 주소로 주소 확인 링크를 보냈어요"), "\(korean.text)")

            let token = try await Self.proofToken(database, to: "sky@example.org")
            let button = try await api.page("/confirm-address/\(token)", language: "ko")
            #expect(button.status == .ok && button.text.contains("<h1>이메일 주소 확인</h1>"), "before: the page asks")
            let confirmed = try await api.post("/confirm-address/\(token)", [], language: "en")
            #expect(confirmed.status == .ok)
            #expect(confirmed.text.contains("<h1>Address confirmed</h1>"), "\(confirmed.text)")
            #expect(!confirmed.text.contains("Confirm your address"), "the done page no longer asks")
            #expect(confirmed.text.contains("<a href=\"/account\">Your account</a>"))

            let again = try await api.page("/signup/sent", language: "ko", cookie: session)
            #expect(again.text.contains("<h1>주소 확인 완료</h1>") && again.text.contains("sky@example.org 주소가 확인됐어요."), "\(again.text)")
        }
    }

    /// The Korean done page says so in Korean.
    @Test func theKoreanDonePageSaysConfirmed() async throws {
        try await Self.run { api, database in
            #expect(try await Self.signUp(api, "ha@example.org", language: "ko").headers[.location] == "/signup/sent")
            let token = try await Self.proofToken(database, to: "ha@example.org")
            let confirmed = try await api.post("/confirm-address/\(token)", [], language: "ko")
            #expect(confirmed.status == .ok && confirmed.text.contains("<h1>주소 확인 완료</h1>"), "\(confirmed.text)")
            #expect(!confirmed.text.contains("<h1>이메일 주소 확인</h1>"))
        }
    }

    /// Without e-mail nothing is mailed, so nothing claims it was: sign-up goes to the meetings,
    /// and the page sends the reader to the account page (which says what to do instead).
    @Test func withoutMailNothingClaimsALinkWasSent() async throws {
        try await Self.run(smtp: false) { api, _ in
            let signedUp = try await Self.signUp(api, "no-mail@example.org", language: "en")
            #expect(signedUp.status == .seeOther && signedUp.headers[.location] == "/m")
            let session = "debrief_session=\(try #require(signedUp.cookies["debrief_session"]))"
            let sent = try await api.page("/signup/sent", cookie: session)
            #expect(sent.status == .seeOther && sent.headers[.location] == "/account")
        }
    }
}
