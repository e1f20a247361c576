import Foundation
import PQ
import Testing

/// Addresses stored before `EmailAddress.parse` refused name forms and 65-octet local parts
/// (issue 34) still sign in; new ones with them are refused.
@Suite("Addresses stored under earlier rules")
struct EarlierAddressSignInTests {
    @Test func anAccountStoredUnderEarlierRulesStillSignsIn() async throws {
        try await withTestApp { api, database in
            let password = "correct horse battery"
            let earlier = String(repeating: "a", count: 65) + "@example.com"
            let (_, id) = try await api.signUpAndLogIn()
            // What an earlier version accepted and stored.
            try await database.execute("UPDATE accounts SET email = \(earlier) WHERE id = \(UUID(uuidString: id))")

            let refused = try await api.send(.post, "/v1/accounts", json: ["email": earlier.uppercased(), "password": password, "displayName": "New"])
            #expect(refused.status == .unprocessableContent, "a new account with it is refused: \(refused.text)")

            let login = try await api.send(.post, "/v1/tokens", json: ["email": earlier.uppercased(), "password": password])
            #expect(login.status == .created, "\(login.text)")
            let wrong = try await api.send(.post, "/v1/tokens", json: ["email": earlier, "password": "not the password at all"])
            #expect(wrong.status == .unauthorized, "\(wrong.text)")
        }
    }
}
