import Debrief
import Foundation
import PQ

/// Opaque bearer tokens, and the one owner of their rules: what a live token is (``live``), how
/// one is issued (only while the credentials it was checked against still hold), and how tokens
/// are revoked (TokenStore+Revocation.swift, which also forgets them in ``cache``). Nothing else
/// reads or writes `access_tokens`. The database keeps only their SHA-256, so a leaked table
/// grants nothing.
public struct TokenStore: Sendable {
    let database: Database
    /// How long a page session or sign-in token stays valid after it is issued.
    public let lifetime: Duration
    /// Tokens recently found, so most signed-in requests need no query; every revocation forgets
    /// the account's entries.
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

    /// The one predicate of a live token (over `access_tokens t`): every lookup, list and status
    /// uses it.
    static let live: SQLQuery = "t.revoked_at IS NULL AND t.expires_at > now()"

    /// Issues a `kind` token for `account` as it was read when its password was checked (or it
    /// was created): nil, issuing nothing, when its credentials changed since (a new password, a
    /// reset, signing out everywhere). The account's row is locked for share while the token is
    /// written, so a change either commits first (and this finds a new generation) or waits
    /// for this token and then revokes it with the rest.
    func issue(_ kind: TokenKind, for account: Account, name: String? = nil, lifetime: Duration? = nil) async throws -> IssuedToken? {
        let token = SecretToken.newBearerToken()
        let seconds = Int((lifetime ?? self.lifetime).components.seconds)
        let rows = try await self.database.query(
            """
            WITH checked AS (
                SELECT a.id FROM accounts a
                WHERE a.id = \(account.id) AND a.credentials_generation = \(account.credentialsGeneration)
                FOR SHARE
            )
            INSERT INTO access_tokens (token_hash, account_id, expires_at, kind, name)
            SELECT \(SecretToken.hash(token)), checked.id, now() + make_interval(secs => \(seconds)), \(kind.rawValue), \(name)
            FROM checked
            RETURNING expires_at
            """)
        guard let row = rows.first else { return nil }
        return IssuedToken(token: token, expiresAt: try row.decode("expires_at"))
    }

    /// The account a live token presented `as` belongs to, or nil (also for a live token of a
    /// kind that place does not accept): from the cache while it trusts what it remembers, else
    /// from the database.
    public func account(for token: String, presentedAs presentation: TokenPresentation) async throws -> Account? {
        let hash = SecretToken.hash(token)
        if let found = self.cache.holder(forTokenHash: hash) {
            return presentation.accepts.contains(found.kind) ? found.account : nil
        }
        let ticket = self.cache.ticket()
        guard let row = try await self.database.query(
            """
            SELECT \(Account.columns), t.expires_at, t.kind
            FROM access_tokens t JOIN accounts a ON a.id = t.account_id
            WHERE t.token_hash = \(hash) AND \(Self.live)
            """
        ).first else { return nil }
        let account = try Account(row: row)
        guard let kind = TokenKind(rawValue: try row.decode("kind")) else {
            throw PQError(.decoding, "column kind holds an unknown token kind")
        }
        self.cache.remember(account, kind: kind, for: hash, expiresAt: try row.decode("expires_at"), ticket: ticket)
        return presentation.accepts.contains(kind) ? account : nil
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
            SELECT \(Self.live) AS live, t.revoked_at IS NOT NULL AS revoked
            FROM access_tokens t WHERE t.token_hash = \(SecretToken.hash(token))
            """
        ).first else { return .unknown }
        if try row.decode("live", as: Bool.self) { return .valid }
        return try row.decode("revoked", as: Bool.self) ? .revoked : .expired
    }
}
