@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Who may sign up (docs/decisions/0016-sign-up-policy.md): the first account of an empty
/// installation becomes its admin, then sign-up is closed unless configured open; admins invite
/// by one-time links.
@Suite("Accounts: the sign-up policy and invitations")
struct SignUpPolicyTests {
    static func configuration(_ policy: SignUpPolicy) -> AppConfiguration {
        var configuration = ParticipantAPI.configuration()
        configuration.signUpPolicy = policy
        return configuration
    }

    static func body(_ email: String) -> [String: Any] {
        ["email": email, "password": "correct horse battery", "displayName": "Someone"]
    }

    @Test func theFirstAccountBecomesTheAdminAndThenSignUpIsClosed() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(.firstAccountThenClosed)) { api, _ in
            let first = try await api.send(.post, "/v1/accounts", json: Self.body("first@example.com"))
            #expect(first.status == .created, "\(first.text)")
            #expect(first.json?["role"] as? String == "admin")
            let second = try await api.send(.post, "/v1/accounts", json: Self.body("second@example.com"))
            #expect(second.status == .forbidden, "\(second.text)")
            #expect(second.json?["code"] as? String == "forbidden")
            let page = try await api.page("/signup")
            #expect(page.status == .ok)
            #expect(!page.text.contains("action=\"/signup\""), "the closed page offers no form")
        }
    }

    @Test func simultaneousFirstSignUpsMakeExactlyOneAdmin() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(.firstAccountThenClosed)) { api, database in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for n in 0..<6 {
                    group.addTask { try await api.send(.post, "/v1/accounts", json: Self.body("racer\(n)@example.com")).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == .forbidden }.count == 5, "\(statuses)")
            let admins: Int = try await database.query("SELECT count(*) AS n FROM accounts WHERE role = 'admin'").single().decode("n")
            #expect(admins == 1)
        }
    }

    @Test func closedRefusesEveryoneAndOpenLetsHostsIn() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(.closed)) { api, database in
            let refused = try await api.send(.post, "/v1/accounts", json: Self.body("first@example.com"))
            #expect(refused.status == .forbidden)
            let accounts: Int = try await database.query("SELECT count(*) AS n FROM accounts").single().decode("n")
            #expect(accounts == 0)
        }
        try await ParticipantAPI.run(configuration: Self.configuration(.open)) { api, _ in
            for n in 0..<2 {
                let created = try await api.send(.post, "/v1/accounts", json: Self.body("open\(n)@example.com"))
                #expect(created.status == .created)
                #expect(created.json?["role"] as? String == "host", "open sign-up promotes nobody")
            }
        }
    }

    @Test func anInvitationLinkLetsOnePersonInOnce() async throws {
        try await ParticipantAPI.run(configuration: Self.configuration(.firstAccountThenClosed)) { api, database in
            #expect(try await api.send(.post, "/v1/accounts", json: Self.body("admin@example.com")).status == .created)
            let (_, admin) = try await api.signIn(email: "admin@example.com")
            let session = try #require(admin)
            let invited = try await api.post("/admin/invitations", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(invited.status == .ok)
            #expect(invited.headers[.cacheControl] == "no-store")
            let link = try #require(invited.text.range(of: #"/signup\?invite=dbi_[A-Za-z0-9_-]+"#, options: .regularExpression)
                .map { String(invited.text[$0]) })
            let token = String(link.dropFirst("/signup?invite=".count))

            let form = try await api.page(link)
            #expect(form.text.contains("action=\"/signup\""))
            let nonce = try #require(form.cookies["debrief_signup"])
            let csrf = try #require(form.inputValue("csrf"))
            let fields = [("csrf", csrf), ("invitation", token), ("email", "guest@example.com"), ("displayName", "Guest"),
                          ("password", "correct horse battery")]
            let signedUp = try await api.post("/signup", fields, cookie: "debrief_signup=\(nonce)")
            #expect(signedUp.status == .seeOther, "\(signedUp.text)")
            #expect(signedUp.headers[.location] == "/m")
            #expect(signedUp.cookies["debrief_session"]?.isEmpty == false, "signed in at once")

            var again = fields
            again[2] = ("email", "second-guest@example.com")
            let reused = try await api.post("/signup", again, cookie: "debrief_signup=\(nonce)")
            #expect(reused.status == .forbidden)
            let hosts: Int = try await database.query("SELECT count(*) AS n FROM accounts WHERE role = 'host'").single().decode("n")
            #expect(hosts == 1)
        }
    }

    @Test func theAdminPageIsNotThereForHosts() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let (_, host) = try await api.signIn(email: email)
            let session = try #require(host)
            #expect(try await api.page("/admin", cookie: session.cookie).status == .notFound)
            #expect(try await api.post("/admin/invitations", [("csrf", session.csrf)], cookie: session.cookie).status == .notFound)
            #expect(try await api.post("/admin/hosts", [("csrf", session.csrf), ("email", "x@example.com")], cookie: session.cookie).status == .notFound)
        }
    }

    @Test func aSignUpPostWithoutItsNonceIsRefused() async throws {
        try await ParticipantAPI.run { api, _ in
            let reply = try await api.post(
                "/signup", [("csrf", "forged"), ("email", "x@example.com"), ("displayName", "X"), ("password", "correct horse battery")])
            #expect(reply.status == .forbidden)
        }
    }
}
