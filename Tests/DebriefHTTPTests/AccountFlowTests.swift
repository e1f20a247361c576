import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Accounts and tokens over HTTP")
struct AccountFlowTests {
    @Test func signUpReturnsTheAccountWithoutSecrets() async throws {
        try await withTestApp { api, database in
            let reply = try await api.send(
                .post, "/v1/accounts", json: ["email": "  Ana@Example.COM ", "password": "correct horse battery", "displayName": "Ana"])
            #expect(reply.status == .created)
            #expect(reply.string("email") == "ana@example.com")
            #expect(reply.string("displayName") == "Ana")
            #expect(reply.string("role") == "host")
            #expect(!reply.text.contains("correct horse"))
            // Only a bcrypt hash reaches the database.
            let hash = try #require(try await database.query("SELECT password_hash FROM accounts").first).decode("password_hash", as: String.self)
            #expect(hash.hasPrefix("$2"))
            #expect(!hash.contains("correct horse"))
        }
    }

    @Test func duplicateEmailInAnyCaseIs409OnEmail() async throws {
        try await withTestApp { api, _ in
            _ = try await api.signUpAndLogIn(email: "dup@example.com")
            let reply = try await api.send(
                .post, "/v1/accounts", json: ["email": "DUP@example.com", "password": "another password", "displayName": "Dup"])
            #expect(reply.status == .conflict)
            #expect(reply.problem?.errors?.map(\.path) == ["email"])
        }
    }

    @Test func invalidSignUpListsEveryField() async throws {
        try await withTestApp { api, _ in
            let reply = try await api.send(.post, "/v1/accounts", json: ["email": "not-an-email", "password": "short"])
            #expect(reply.status == .unprocessableContent)
            #expect(reply.problem?.errors?.map(\.path).sorted() == ["displayName", "email", "password"])
            let malformed = try await api.send(.post, "/v1/accounts", rawBody: "{\"email\": ")
            #expect(malformed.status == .badRequest)
            let wrongType = try await api.send(.post, "/v1/accounts", json: ["email": 42, "password": "correct horse battery", "displayName": "X"])
            #expect(wrongType.status == .unprocessableContent)
            #expect(wrongType.problemPaths == ["email: expected a string"])
        }
    }

    @Test func tokenOpensProfileAndProfileCanChange() async throws {
        try await withTestApp { api, _ in
            let (token, id) = try await api.signUpAndLogIn(email: "me@example.com", name: "Me")
            #expect(token.hasPrefix("dbf_") && token.count >= 40)
            let me = try await api.send(.get, "/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(me.string("id") == id)
            let patched = try await api.send(.patch, "/v1/me", token: token, json: ["displayName": "Renamed"])
            #expect(patched.string("displayName") == "Renamed")
            let invalid = try await api.send(.patch, "/v1/me", token: token, json: ["displayName": "   "])
            #expect(invalid.status == .unprocessableContent)
            #expect(invalid.problem?.errors?.first?.path == "displayName")
        }
    }

    @Test func wrongEmailAndWrongPasswordLookTheSame() async throws {
        try await withTestApp { api, _ in
            _ = try await api.signUpAndLogIn(email: "real@example.com")
            let wrongPassword = try await api.send(.post, "/v1/tokens", json: ["email": "real@example.com", "password": "wrong password!"])
            let wrongEmail = try await api.send(.post, "/v1/tokens", json: ["email": "nobody@example.com", "password": "wrong password!"])
            #expect(wrongPassword.status == .unauthorized)
            #expect(wrongEmail.status == .unauthorized)
            #expect(wrongPassword.problem?.detail == wrongEmail.problem?.detail)
            #expect(wrongPassword.problem?.code == wrongEmail.problem?.code)
        }
    }

    @Test func repeatedFailuresAreThrottledWithRetryAfter() async throws {
        try await withTestApp { api, _ in
            _ = try await api.signUpAndLogIn(email: "target@example.com")
            for _ in 0..<5 {
                let reply = try await api.send(.post, "/v1/tokens", json: ["email": "target@example.com", "password": "guess guess guess"])
                #expect(reply.status == .unauthorized)
            }
            // Now even the right password is refused until the window passes.
            let blocked = try await api.send(.post, "/v1/tokens", json: ["email": "target@example.com", "password": "correct horse battery"])
            #expect(blocked.status == .tooManyRequests)
            let retryAfter = try #require(blocked.headers[.retryAfter].flatMap(Int.init))
            #expect(retryAfter > 0 && retryAfter <= 900)
            #expect(blocked.problem?.code == "rate_limited")
            // Another email from the same client is not blocked yet.
            let other = try await api.send(.post, "/v1/tokens", json: ["email": "other@example.com", "password": "whatever it is"])
            #expect(other.status == .unauthorized)
        }
    }

    @Test func revokedAndExpiredTokensAreRefused() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn(email: "short@example.com")
            let login = try await api.send(.post, "/v1/tokens", json: ["email": "short@example.com", "password": "correct horse battery"])
            let second = try #require(login.string("token"))
            #expect(try await api.send(.delete, "/v1/tokens/current", token: token).status == .noContent)
            #expect(try await api.send(.get, "/v1/me", token: token).status == .unauthorized)
            // The other token of the same account still works until it expires.
            #expect(try await api.send(.get, "/v1/me", token: second).status == .ok)
            try await database.execute("UPDATE access_tokens SET expires_at = now() - interval '1 second'")
            // A change by SQL reaches the token cache by its announcement, within moments.
            let expired = try await TokenCacheTests.eventually(.unauthorized, api, "/v1/me", token: second)
            #expect(expired.status == .unauthorized)
            #expect(expired.headers[.wwwAuthenticate] == "Bearer")
        }
    }
}
