import Debrief
import Foundation
import PQ

/// Opaque bearer tokens. The database keeps only their SHA-256, so a leaked table grants nothing.
public struct TokenStore: Sendable {
    let database: Database
    /// How long a token stays valid after it is issued.
    public let lifetime: Duration
    /// Tokens recently found, so most signed-in requests need no query; every revocation below
    /// forgets the account's entries.
    public let cache: TokenCache

    public init(database: Database, lifetime: Duration = .seconds(12 * 3600), cache: TokenCache = TokenCache(trust: .zero)) {
        self.database = database
        self.lifetime = lifetime
        self.cache = cache
    }

    public struct IssuedToken: Sendable {
        public var token: String
        public var expiresAt: Date
    }

    public func issue(for accountID: UUID) async throws -> IssuedToken {
        let token = SecretToken.newBearerToken()
        let seconds = Int(self.lifetime.components.seconds)
        let rows = try await self.database.query(
            """
            INSERT INTO access_tokens (token_hash, account_id, expires_at)
            VALUES (\(SecretToken.hash(token)), \(accountID), now() + make_interval(secs => \(seconds)))
            RETURNING expires_at
            """)
        return IssuedToken(token: token, expiresAt: try rows.single().decode("expires_at"))
    }

    /// The account a live (unexpired, unrevoked) token belongs to, or nil: from the cache while
    /// it trusts what it remembers, else from the database.
    public func account(for token: String) async throws -> Account? {
        let hash = SecretToken.hash(token)
        if let account = self.cache.account(forTokenHash: hash) { return account }
        let ticket = self.cache.ticket()
        guard let row = try await self.database.query(
            """
            SELECT \(Account.columns), t.expires_at
            FROM access_tokens t JOIN accounts a ON a.id = t.account_id
            WHERE t.token_hash = \(hash) AND t.revoked_at IS NULL AND t.expires_at > now()
            """
        ).first else { return nil }
        let account = try Account(row: row)
        self.cache.remember(account, for: hash, expiresAt: try row.decode("expires_at"), ticket: ticket)
        return account
    }

    /// What a token is now, for streams that outlive the request that checked it.
    public enum Status: Sendable, Equatable {
        case valid
        case revoked
        case expired
        /// Never issued (or purged).
        case unknown
    }

    public func status(of token: String) async throws -> Status {
        guard let row = try await self.database.query(
            """
            SELECT t.revoked_at IS NOT NULL AS revoked, t.expires_at <= now() AS expired
            FROM access_tokens t WHERE t.token_hash = \(SecretToken.hash(token))
            """
        ).first else { return .unknown }
        if try row.decode("revoked", as: Bool.self) { return .revoked }
        if try row.decode("expired", as: Bool.self) { return .expired }
        return .valid
    }

    public func revoke(_ token: String) async throws {
        let accounts = try await self.database.query(
            """
            UPDATE access_tokens SET revoked_at = now() WHERE token_hash = \(SecretToken.hash(token)) AND revoked_at IS NULL
            RETURNING account_id
            """)
        for row in accounts { self.cache.forget(account: try row.decode("account_id")) }
    }
}
