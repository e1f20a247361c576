import Debrief
import Foundation
import PQ

/// One-time links that prove an account holds its e-mail address (migration 0054's
/// `email_verifications`, decision 54 "Revision: the confirmation link"). Only the link's hash is
/// kept, with the address it was sent to: a link for an address the account no longer has proves
/// nothing. A new link ends the account's older ones. Using a link records the proof through
/// ``AddressProof``, the one writer of it.
public struct AddressProofLinks: Sendable {
    let database: Database
    /// The accounts' store, whose token cache must forget an account whose address it proves.
    let accounts: AccountStore
    public let lifetime: Duration

    public init(database: Database, accounts: AccountStore, lifetime: Duration = .seconds(24 * 3600)) {
        self.database = database
        self.accounts = accounts
        self.lifetime = lifetime
    }

    /// Makes a link for `account`'s current address and writes the message `compose(token,
    /// address)` gives, in one transaction; the account's older unused links end. At most
    /// `perAccountPerHour` links an hour (the password reset's per-account limit: asking again
    /// is `rateLimited`, as for resets). Returns false (and writes nothing) when the address is
    /// proven already or the account's mail cap is reached.
    @discardableResult
    public func issue(
        for account: UUID, perAccountPerHour: Int, mailCap: Int, compose: (_ token: String, _ address: String) -> OutgoingMail
    ) async throws -> Bool {
        try await self.database.withTransaction { connection in
            // One request at a time per account, so the hourly count (StoredAdmission's) holds.
            try await StoredAdmission.lock("address proof " + account.uuidString, on: connection)
            let unproven = try await connection.query(
                "SELECT p.email FROM accounts p WHERE p.id = \(account) AND NOT \(AddressProof.proven("p"))")
            guard let email: String = try unproven.first?.decode("email") else { return false }
            try await StoredAdmission.addressProofLink(account: account, limit: perAccountPerHour, on: connection)
            // Only the newest link works: a forwarded or leaked older message proves nothing.
            try await OneTimeLink.addressProof.endUnused(of: account, on: connection)
            let token = SecretToken.newOneTimeLinkToken()
            try await connection.execute(
                """
                INSERT INTO email_verifications (token_hash, account_id, email, expires_at)
                VALUES (\(SecretToken.hash(token)), \(account), \(email), now() + make_interval(secs => \(MailOutbox.seconds(self.lifetime))))
                """)
            var mail = compose(token, email)
            mail.accountID = account
            mail.kind = .addressProof
            if try await MailOutbox.enqueue(mail, perAccountPerHour: mailCap, on: connection) == .overCap {
                // No message, no link: the transaction's link is undone with it.
                throw Self.overCap
            }
            return true
        }
    }

    /// Whether `token` is a link that may still be used (the page asks before showing its button).
    public func isUsable(_ token: String) async throws -> Bool {
        try await !self.database.query(Self.usable(token)).isEmpty
    }

    /// Uses the link: marks it used and records that its account proved its address, in one
    /// transaction. A used, expired or unknown link, or one sent to an address the account no
    /// longer has, is `gone` and proves nothing. Returns the account. The token cache forgets the
    /// account before this returns (``TokenStore/revoking(_:)``), so the holder's next page on
    /// this instance reads the address as proven, not the account remembered before.
    @discardableResult
    public func confirm(_ token: String) async throws -> UUID {
        try await self.accounts.tokens.revoking { revoker, connection in
            let rows = try await OneTimeLink.addressProof.use(
                token, where: "EXISTS (SELECT 1 FROM accounts a WHERE a.id = v.account_id AND lower(a.email) = lower(v.email))",
                returning: "v.account_id", on: connection)
            guard let account: UUID = try rows.first?.decode("account_id") else {
                throw DebriefError(.gone, "this confirmation link was used already or has expired; ask for a new one on your account page")
            }
            try await AddressProof.markProven(accountID: account, on: connection)
            revoker.accountChanged(account)
            return account
        }
    }

    private static func usable(_ token: String) -> SQLQuery {
        let link = OneTimeLink.addressProof
        return "SELECT 1 FROM " + link.from + " JOIN accounts a ON a.id = v.account_id WHERE " + link.usable(token)
            + " AND lower(a.email) = lower(v.email)"
    }

    static let overCap = StoredAdmission.mailOverCap
}
