import Debrief
import Foundation
import PQ

/// The changes that end an account's sessions: a new password, an admin's reset, signing out
/// everywhere. Each goes through ``TokenStore/Revoker/endSessions(of:newPasswordHash:keeping:)``,
/// which advances the account's credentials generation and revokes its tokens in one
/// transaction, so a sign-in that checked the old password meanwhile is issued nothing
/// (``TokenStore``), and one that already was is revoked.
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
        return try await self.tokens.revoking { revoker, _ in
            try await revoker.endSessions(of: .checked(checked), newPasswordHash: hash, keeping: token.map(SecretToken.hash)) != nil
        }
    }

    /// Sets a new password (`debrief admin reset-password`) and revokes every token of the account.
    public func resetPassword(email: EmailAddress, to password: String) async throws -> Account {
        let hash = try await self.hasher.hash(password)
        return try await self.tokens.revoking { revoker, _ in
            guard let account = try await revoker.endSessions(of: .email(email), newPasswordHash: hash) else {
                throw DebriefError.notFound("account \(email.normalized)")
            }
            return account
        }
    }

    /// Signs the account out of every browser and revokes its personal tokens; a sign-in in
    /// progress gets no token either.
    public func signOutEverywhere(id: UUID) async throws {
        try await self.tokens.revoking { revoker, _ in
            _ = try await revoker.endSessions(of: .account(id))
        }
    }
}
