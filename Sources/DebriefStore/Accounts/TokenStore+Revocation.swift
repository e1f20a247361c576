import Debrief
import Foundation
import PQ

extension TokenStore {
    /// Which of an account's live tokens a revocation ends.
    public enum Revocation: Sendable, Equatable {
        /// Every token: signing out everywhere, a password reset.
        case all
        /// Every token but the one with this hash (the session that changed the password), or
        /// every token when nil.
        case allBut(tokenHash: String?)
        /// The tokens of one kind.
        case kind(TokenKind)
        /// One personal token, by its id.
        case personal(id: UUID)
    }

    /// Revokes inside a transaction another store runs (a password change, a reset): collects the
    /// accounts it touched so the cache forgets them once that transaction is over.
    public final class Revoker: @unchecked Sendable {
        // `@unchecked Sendable`: used by one transaction's body at a time, then read once after it
        // (``TokenStore/revoking(_:)`` owns both).
        let connection: Connection
        fileprivate var accounts: Set<UUID> = []

        fileprivate init(connection: Connection) {
            self.connection = connection
        }

        /// Revokes `which` of `account`'s tokens; returns how many were live.
        @discardableResult
        public func revoke(_ which: Revocation, of account: UUID) async throws -> Int {
            self.accounts.insert(account)
            return try await self.connection.execute(
                "UPDATE access_tokens t SET revoked_at = now() WHERE t.account_id = \(account) AND \(TokenStore.live) AND \(which.filter)")
        }

        /// Revokes one token whoever holds it (logging out); returns its account, if it was live.
        func revoke(tokenHash hash: String) async throws -> UUID? {
            let rows = try await self.connection.query(
                "UPDATE access_tokens t SET revoked_at = now() WHERE t.token_hash = \(hash) AND \(TokenStore.live) RETURNING t.account_id")
            let account: UUID? = try rows.first?.decode("account_id")
            if let account { self.accounts.insert(account) }
            return account
        }

        /// Marks the account changed (its password, its generation): its cached tokens must go too.
        public func accountChanged(_ account: UUID) {
            self.accounts.insert(account)
        }
    }

    /// Runs `body` in one transaction, then forgets every account it revoked tokens of or changed
    /// (also when the transaction failed: forgetting too much costs one query).
    public func revoking<Value>(_ body: (Revoker, Connection) async throws -> Value) async throws -> Value {
        var revoker: Revoker?
        defer { for account in revoker?.accounts ?? [] { self.cache.forget(account: account) } }
        return try await self.database.withTransaction { connection in
            let current = Revoker(connection: connection)
            revoker = current
            return try await body(current, connection)
        }
    }

    /// Revokes `which` of `account`'s tokens in its own transaction; returns how many were live.
    @discardableResult
    public func revoke(_ which: Revocation, of account: UUID) async throws -> Int {
        try await self.revoking { revoker, _ in try await revoker.revoke(which, of: account) }
    }

    /// Revokes a token (logging out, on the API or the pages).
    public func revoke(_ token: String) async throws {
        _ = try await self.revoking { revoker, _ in try await revoker.revoke(tokenHash: SecretToken.hash(token)) }
    }
}

extension TokenStore.Revocation {
    /// The condition on `access_tokens t` that picks these tokens of the account.
    fileprivate var filter: SQLQuery {
        switch self {
        case .all, .allBut(tokenHash: nil): return "true"
        case .allBut(tokenHash: let hash?): return "t.token_hash <> \(hash)"
        case .kind(let kind): return "t.kind = \(kind.rawValue)"
        case .personal(let id): return "t.kind = 'personal' AND t.id = \(id)"
        }
    }
}
