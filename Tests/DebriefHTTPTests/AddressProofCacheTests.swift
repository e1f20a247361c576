import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Testing

/// A confirmation link proves the address on the holder's very next page, also when the account
/// is remembered by the token cache and no announcement comes (the clean-clone run of issue 68's
/// stop: under load, "/signup/sent" still asked to confirm right after the link's button).
@Suite("Address proof: the token cache forgets the account it proves")
struct AddressProofCacheTests {
    @Test func theNextLookupReadsTheAddressAsProven() async throws {
        try await TestDatabase.withMigrated(maxConnections: 2) { database in
            // Trusted for ten minutes, and nothing listens: only this instance's forgetting counts.
            let stores = try await RememberingTokenStores.make(on: database, email: "proving@example.com", displayName: "P")
            let (accounts, tokens, account) = (stores.accounts, stores.tokens, stores.account)
            try await database.execute("UPDATE accounts SET email_verified_at = NULL WHERE id = \(account.id)")
            let session = try #require(try await tokens.issueSession(.page, for: account))
            let before = try #require(try await tokens.account(for: session.token, presentedAs: .sessionCookie))
            #expect(!AddressProof.counts(before), "remembered unproven")

            let links = AddressProofLinks(database: database, accounts: accounts)
            let link = LinkBox()
            #expect(try await links.issue(for: account.id, perAccountPerHour: 5, mailCap: 50) { token, address in
                link.token = token
                return OutgoingMail(accountID: account.id, kind: .addressProof, recipient: address, subject: "Confirm", text: token, html: token)
            })
            try await links.confirm(try #require(link.token))

            let after = try #require(try await tokens.account(for: session.token, presentedAs: .sessionCookie))
            #expect(AddressProof.counts(after), "the very next lookup reads the proof")
        }
    }
}

/// The link's token, as the composer of its mail saw it.
private final class LinkBox: @unchecked Sendable {
    var token: String?
}
