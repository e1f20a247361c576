import Debrief
import Foundation
import PQ

extension TokenStore {
    /// The account whose sessions end, as the change that ends them knows it.
    public enum SessionHolder: Sendable {
        /// The account with this id.
        case account(UUID)
        /// The account as it was read when its password was checked: nothing matches (and
        /// nothing changes) when its credentials changed since, so of two changes racing the
        /// second finds nothing.
        case checked(Account)
        /// The account with this address (an operator's reset).
        case email(EmailAddress)
    }
}

extension TokenStore.Revoker {
    /// Ends `holder`'s sessions, in the revoker's transaction: the one writer of
    /// `credentials_generation` (decision 62; `scripts/check-layers` rule 11).
    ///
    /// Advances the account's credentials generation, so a sign-in that checked the old
    /// credentials meanwhile is issued nothing (``TokenStore/issue(_:for:name:lifetime:)``); sets
    /// `newPasswordHash` when a new password comes with it; and revokes every live token of the
    /// account but the one hashed `keeping` (the session that changed its own password). Returns
    /// the account as it is now, or nil, changing nothing, when no account matched.
    @discardableResult
    func endSessions(
        of holder: TokenStore.SessionHolder, newPasswordHash hash: String? = nil, keeping tokenHash: String? = nil
    ) async throws -> Account? {
        if case .account(let id) = holder { self.accountChanged(id) }
        if case .checked(let account) = holder { self.accountChanged(account.id) }
        let rows = try await self.connection.query(
            """
            UPDATE accounts AS a SET password_hash = COALESCE(\(hash)::text, a.password_hash),
                credentials_generation = a.credentials_generation + 1, updated_at = now()
            WHERE \(holder.filter)
            RETURNING \(Account.columns)
            """)
        guard let row = rows.first else { return nil }
        let account = try Account(row: row)
        try await self.revoke(.allBut(tokenHash: tokenHash), of: account.id)
        return account
    }
}

extension TokenStore.SessionHolder {
    /// The condition on `accounts a` that picks the holder.
    fileprivate var filter: SQLQuery {
        switch self {
        case .account(let id):
            return "a.id = \(id)::uuid"
        case .checked(let account):
            return "a.id = \(account.id)::uuid AND a.credentials_generation = \(account.credentialsGeneration)::bigint"
        case .email(let email):
            return "lower(a.email) = \(email.normalized)"
        }
    }
}
