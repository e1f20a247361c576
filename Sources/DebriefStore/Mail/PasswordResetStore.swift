import Debrief
import Foundation
import PQ

/// One-time password reset links (migration 0045): requested by anyone for an address, answered
/// the same whether or not the address has an account, single use, valid for ``lifetime``.
/// Only the link's hash is kept; the link itself exists in the outbox until the message is sent.
public struct PasswordResetStore: Sendable {
    let database: Database
    let accounts: AccountStore
    public let lifetime: Duration

    public struct Limits: Sendable, Equatable {
        /// Requests from one client address per hour (whatever the address asked for).
        public var perClientPerHour: Int
        /// Links made for one account per hour (more requests are answered alike and send nothing).
        public var perAccountPerHour: Int

        public init(perClientPerHour: Int = 10, perAccountPerHour: Int = 3) {
            self.perClientPerHour = max(1, perClientPerHour)
            self.perAccountPerHour = max(1, perAccountPerHour)
        }
    }

    public init(database: Database, accounts: AccountStore, lifetime: Duration = StoredAdmission.hour) {
        self.database = database
        self.accounts = accounts
        self.lifetime = lifetime
    }

    /// Counts the request against `client` (throwing `rateLimited` past the limit, before looking
    /// at the address); when `email` is an account's and its own limit allows, makes a link and
    /// writes the message `compose(link token)` gives, in the same transaction. Returns whether a
    /// message was written (for tests and logs only: callers answer the same either way).
    @discardableResult
    public func request(
        email: EmailAddress, client: String, limits: Limits, mailCap: Int, compose: (String) -> OutgoingMail
    ) async throws -> Bool {
        try await self.database.withTransaction { connection in
            try await StoredAdmission.resetRequest(client: client, limit: limits.perClientPerHour, on: connection)
            // From here on the same work is done whether or not the address has an account
            // (issue 47: the answer's timing told them apart): the same statements in the same
            // order, the same token and message made; only the database's answers differ. An
            // unknown address goes on with a made-up account id nothing matches.
            let known: UUID? = try await connection.query(
                "SELECT id FROM accounts WHERE lower(email) = \(email.normalized)").first?.decode("id")
            let account = known ?? UUID()
            let token = SecretToken.newOneTimeLinkToken()
            let room = try await StoredAdmission.resetLinksMade(account: account, on: connection) < limits.perAccountPerHour
            let made = try await connection.execute(
                """
                INSERT INTO password_resets (token_hash, account_id, expires_at)
                SELECT \(SecretToken.hash(token)), a.id, now() + make_interval(secs => \(MailOutbox.seconds(self.lifetime)))
                FROM accounts a
                WHERE a.id = \(account) AND \(room)::boolean
                """) == 1
            var mail = compose(token)
            mail.accountID = account
            mail.kind = .passwordReset
            // The message is written in both cases and kept only for a link made: an unknown
            // account's row is refused by its foreign key, an account over its limit keeps none.
            try await connection.execute("SAVEPOINT reset_mail")
            var written = false
            do {
                written = try await MailOutbox.enqueue(mail, perAccountPerHour: mailCap, on: connection) != .overCap
            } catch let error as PQError where known == nil && error.sqlState == "23503" {
                written = false
            }
            let kept = made && written
            try await connection.execute(kept ? "RELEASE SAVEPOINT reset_mail" : "ROLLBACK TO SAVEPOINT reset_mail")
            return kept
        }
    }

    /// Whether `token` is a link that may still be used (the page asks before showing the form).
    public func isUsable(_ token: String) async throws -> Bool {
        let link = OneTimeLink.passwordReset
        return try await !self.database.query("SELECT 1 FROM " + link.from + " WHERE " + link.usable(token)).isEmpty
    }

    /// Uses the link: sets `password` on its account, revokes every token of the account and
    /// marks the link used, in one transaction. A used, expired or unknown link is `gone`.
    public func complete(_ token: String, password: String) async throws {
        let hash = try await self.accounts.hasher.hash(password)
        try await self.accounts.tokens.revoking { revoker, connection in
            let rows = try await OneTimeLink.passwordReset.use(token, returning: "r.account_id", on: connection)
            guard let account: UUID = try rows.first?.decode("account_id") else {
                throw DebriefError(.gone, "this password reset link was used already or has expired; ask for a new one")
            }
            try await revoker.endSessions(of: .account(account), newPasswordHash: hash)
            // Every other link of the account ends too: the password it was asked for is set.
            try await OneTimeLink.passwordReset.endUnused(of: account, on: connection)
            // The link reached the address: that proves it (decision 54), as a confirmation link would.
            try await AddressProof.markProven(accountID: account, on: connection)
        }
    }
}
