import Debrief
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// A sign-in checks the password with bcrypt outside any transaction and issues its token
/// afterwards. A change of the credentials that commits in between (a new password, an admin's
/// reset, signing out everywhere) must leave that sign-in without a token: the token is issued
/// only while the account's credentials generation is the one read with the checked hash. Each
/// test puts the change exactly between the check and the issue, by calling the two halves of a
/// sign-in itself.
@Suite("Accounts: a credentials change ends sign-ins in progress")
struct CredentialChangeTests {
    enum Change: String, CaseIterable, Sendable {
        case passwordChange, adminReset, signOutEverywhere
    }

    static let password = "correct horse battery"

    @Test(arguments: Change.allCases)
    func aSignInThatCheckedTheOldCredentialsGetsNoToken(_ change: Change) async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4))
            let tokens = TokenStore(database: database)
            let email = try EmailAddress(parsing: "race-\(change.rawValue.lowercased())@example.com")
            let created = try await accounts.create(SignUp(email: email, password: Self.password, displayName: "Racer"))

            // The first half of a sign-in: the password is right.
            let checked = try #require(try await accounts.authenticate(email: email, password: Self.password))
            // The change commits while that sign-in is between its check and its token.
            switch change {
            case .passwordChange:
                let owner = try #require(try await accounts.verify(id: created.id, password: Self.password))
                #expect(try await accounts.changePassword(owner, to: "a brand new passphrase", keeping: nil))
            case .adminReset:
                _ = try await accounts.resetPassword(email: email, to: "a brand new passphrase")
            case .signOutEverywhere:
                try await accounts.signOutEverywhere(id: created.id)
            }
            // The second half: no token for credentials that no longer hold.
            let issued = try await tokens.issueSession(.signIn, for: checked)
            #expect(issued == nil, "a token was issued after the \(change)")
            if let issued { #expect(try await tokens.account(for: issued.token, presentedAs: .bearerHeader) == nil, "and it works") }
            let live: Int = try await database.query(
                "SELECT count(*)::int8 AS n FROM access_tokens WHERE account_id = \(created.id) AND revoked_at IS NULL"
            ).single().decode("n")
            #expect(live == 0)

            // A sign-in that starts after the change, with the credentials that hold now, is issued one.
            if change == .signOutEverywhere {
                let again = try #require(try await accounts.authenticate(email: email, password: Self.password))
                #expect(try await tokens.issueSession(.signIn, for: again) != nil)
            }
        }
    }

    @Test func twoPasswordChangesCheckedAgainstTheSamePasswordDoNotBothApply() async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: 4))
            let email = try EmailAddress(parsing: "twice@example.com")
            let created = try await accounts.create(SignUp(email: email, password: Self.password, displayName: "Twice"))
            let first = try #require(try await accounts.verify(id: created.id, password: Self.password))
            let second = try #require(try await accounts.verify(id: created.id, password: Self.password))
            #expect(try await accounts.changePassword(first, to: "the first new passphrase", keeping: nil))
            #expect(try await accounts.changePassword(second, to: "the second new passphrase", keeping: nil) == false)
            #expect(try await accounts.authenticate(email: email, password: "the first new passphrase") != nil)
        }
    }
}
