import Debrief
import Foundation
import PQ

/// The changes that end an account's sessions: a new password, an admin's reset, signing out
/// everywhere. Each advances the account's credentials generation and revokes its tokens in one
/// transaction, so a sign-in that checked the old password meanwhile is issued nothing
/// (``TokenStore``), and one that already was is revoked here.
extension AccountStore {
    /// The account, read with its password hash in one row, when `password` is its password;
    /// nil otherwise. The account carries the generation the check was made against.
    public func verify(id: UUID, password: String) async throws -> Account? {
        let rows = try await self.database.query("SELECT \(Account.columns), a.password_hash FROM accounts a WHERE a.id = \(id)")
        let hash: String? = try rows.first?.decode("password_hash")
        guard try await self.hasher.verify(password, against: hash), let row = rows.first else { return nil }
        return try Account(row: row)
    }

    /// Sets a new password for `checked` (the account as ``verify(id:password:)`` read it);
    /// revokes every token of the account except `keeping` (the session that asked). Returns
    /// false, changing nothing, when its credentials changed since that check.
    public func changePassword(_ checked: Account, to password: String, keeping token: String?) async throws -> Bool {
        let hash = try await self.hasher.hash(password)
        return try await self.tokens.revoking { revoker, connection in
            guard try await Self.advance(checked, to: hash, on: connection, revoker) else { return false }
            try await revoker.revoke(.allBut(tokenHash: token.map(SecretToken.hash)), of: checked.id)
            return true
        }
    }

    /// Sets a new password (`debrief admin reset-password`) and revokes every token of the account.
    public func resetPassword(email: EmailAddress, to password: String) async throws -> Account {
        let hash = try await self.hasher.hash(password)
        return try await self.tokens.revoking { revoker, connection in
            let rows = try await connection.query(
                """
                UPDATE accounts AS a SET password_hash = \(hash), credentials_generation = credentials_generation + 1, updated_at = now()
                WHERE lower(a.email) = \(email.normalized)
                RETURNING \(Account.columns)
                """)
            guard let row = rows.first else { throw DebriefError.notFound("account \(email.normalized)") }
            let account = try Account(row: row)
            revoker.accountChanged(account.id)
            try await revoker.revoke(.all, of: account.id)
            return account
        }
    }

    /// Signs the account out of every browser and revokes its personal tokens; a sign-in in
    /// progress gets no token either.
    public func signOutEverywhere(id: UUID) async throws {
        try await self.tokens.revoking { revoker, connection in
            revoker.accountChanged(id)
            try await connection.execute(
                "UPDATE accounts SET credentials_generation = credentials_generation + 1, updated_at = now() WHERE id = \(id)")
            try await revoker.revoke(.all, of: id)
        }
    }

    /// Sets `hash` as the password of `checked`'s account if its credentials are still those the
    /// current password was checked against (two changes racing: the second finds nothing).
    private static func advance(
        _ checked: Account, to hash: String, on connection: Connection, _ revoker: TokenStore.Revoker
    ) async throws -> Bool {
        revoker.accountChanged(checked.id)
        return try await connection.execute(
            """
            UPDATE accounts SET password_hash = \(hash), credentials_generation = credentials_generation + 1, updated_at = now()
            WHERE id = \(checked.id) AND credentials_generation = \(checked.credentialsGeneration)
            """) == 1
    }
}
