@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The confirmation link (decision 54, "Revision: the confirmation link"): with SMTP configured a
/// sign-up is mailed a one-time link; only the link's POST proves the address (through
/// `AddressProof`), never opening it; a used, replaced or expired link proves nothing.
@Suite("Addresses: the confirmation link proves an address")
struct AddressProofLinkTests {
    struct World {
        var database: Database
        var accounts: AccountActions
        var store: AccountStore
        var mail: MailActions
    }

    /// Sign-up with open sign-up and SMTP configured (the outbox is read; nothing is sent).
    static func run(smtp: Bool = true, _ body: (World) async throws -> Void) async throws {
        try await TestDatabase.withMigrated(maxConnections: 4) { database in
            let hasher = PasswordHasher(cost: 4)
            let store = AccountStore(database: database, hasher: hasher)
            let mail = MailActions(
                outbox: MailOutbox(database: database), resets: PasswordResetStore(database: database, accounts: store),
                roster: RosterMailStore(database: database),
                settings: MailSettings(), sender: smtp ? MailSender(address: "debrief@example.org") : nil, caps: MailCaps(),
                publicBaseURL: "https://debrief.example", addressProofs: AddressProofLinks(database: database, accounts: store))
            let accounts = AccountActions(
                accounts: store, tokens: TokenStore(database: database), throttle: LoginThrottle(database: database),
                signUpGate: SignUpGate(policy: .open, accounts: store, invitations: InvitationStore(database: database)), mail: mail,
                audit: AuditRecord(store: AuditStore(database: database)))
            // The installation's first account is its admin, proven without mail.
            _ = try await accounts.signUp(SignUpInput(email: "admin@example.com", password: "correct horse battery", displayName: "Admin"))
            try await body(World(database: database, accounts: accounts, store: store, mail: mail))
            await hasher.shutdown()
        }
    }

    static func signUp(_ world: World, _ name: String) async throws -> Account {
        try await world.accounts.signUp(SignUpInput(email: "\(name)@example.com", password: "correct horse battery", displayName: name))
    }

    /// The tokens of the links mailed to `address`, oldest first.
    static func links(_ world: World, to address: String) async throws -> [String] {
        try await world.database.query(
            "SELECT text_body FROM email_outbox WHERE kind = 'address_proof' AND recipient = \(address) ORDER BY created_at, id"
        ).map { row in
            let text: String = try row.decode("text_body")
            let link = try #require(text.split(separator: "\n").first { $0.hasPrefix("https://debrief.example/confirm-address/") })
            return String(link.dropFirst("https://debrief.example/confirm-address/".count))
        }
    }

    static func proven(_ world: World, _ account: Account) async throws -> Bool {
        AddressProof.counts(try #require(try await world.store.find(id: account.id)))
    }

    /// Failed before the fix: sign-up mailed nothing, and there was no link to open.
    @Test func aSignUpIsMailedALinkWhosePostProvesTheAddressOnce() async throws {
        try await Self.run { world in
            let account = try await Self.signUp(world, "ana")
            #expect(!AddressProof.counts(account))
            let token = try #require(try await Self.links(world, to: "ana@example.com").first, "sign-up mailed a link")
            // Opening the link (the page's GET, a mail scanner's prefetch) proves nothing.
            #expect(try await world.mail.isAddressProofLinkUsable(token))
            #expect(try await world.mail.isAddressProofLinkUsable(token))
            #expect(!(try await Self.proven(world, account)))
            try await world.mail.confirmAddress(token: token)
            #expect(try await Self.proven(world, account))
            // Used once.
            #expect(!(try await world.mail.isAddressProofLinkUsable(token)))
            await #expect(throws: DebriefError.self) { try await world.mail.confirmAddress(token: token) }
        }
    }

    @Test func anExpiredOrReplacedLinkProvesNothing() async throws {
        try await Self.run { world in
            let account = try await Self.signUp(world, "bo")
            let first = try #require(try await Self.links(world, to: "bo@example.com").first)
            // "Send the link again": the older link ends.
            #expect(try await world.mail.sendAddressProof(to: account, language: .ko))
            let links = try await Self.links(world, to: "bo@example.com")
            #expect(links.count == 2)
            await #expect(throws: DebriefError.self) { try await world.mail.confirmAddress(token: first) }
            #expect(!(try await Self.proven(world, account)))
            // The newer one, expired.
            try await world.database.execute("UPDATE email_verifications SET expires_at = now() - interval '1 second'")
            #expect(!(try await world.mail.isAddressProofLinkUsable(links[1])))
            await #expect(throws: DebriefError.self) { try await world.mail.confirmAddress(token: links[1]) }
            #expect(!(try await Self.proven(world, account)))
        }
    }

    /// Resending is bounded like reset links (three an hour per account).
    @Test func resendingIsThrottled() async throws {
        try await Self.run { world in
            let account = try await Self.signUp(world, "cy")
            _ = try await world.mail.sendAddressProof(to: account, language: .en)
            _ = try await world.mail.sendAddressProof(to: account, language: .en)
            await #expect(throws: DebriefError.self) { try await world.mail.sendAddressProof(to: account, language: .en) }
            #expect(try await Self.links(world, to: "cy@example.com").count == 3)
        }
    }

    /// Without SMTP nothing changes: no link, the account stays unproven.
    @Test func withoutMailNothingIsSent() async throws {
        try await Self.run(smtp: false) { world in
            let account = try await Self.signUp(world, "di")
            #expect(try await Self.links(world, to: "di@example.com").isEmpty)
            #expect(!(try await Self.proven(world, account)))
        }
    }

    /// Failed before the fix: a reset completed by link left the address unproven (decision 54
    /// counted such accounts in its migration only).
    @Test func aPasswordResetCompletedByLinkProvesTheAddress() async throws {
        try await Self.run { world in
            let account = try await Self.signUp(world, "eun")
            #expect(try await world.mail.requestPasswordReset(email: "eun@example.com", client: "192.0.2.1", language: .en))
            let text: String = try await world.database.query(
                "SELECT text_body FROM email_outbox WHERE kind = 'password_reset'").single().decode("text_body")
            let link = try #require(text.split(separator: "\n").first { $0.hasPrefix("https://debrief.example/password-reset/") })
            try await world.mail.completePasswordReset(
                token: String(link.dropFirst("https://debrief.example/password-reset/".count)), password: "a brand new password")
            #expect(try await Self.proven(world, account))
        }
    }
}
