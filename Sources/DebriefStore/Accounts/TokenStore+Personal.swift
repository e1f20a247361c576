import Debrief
import Foundation
import PQ

extension TokenStore {
    /// A named token a host made for a script or an integration (shown once, listed by name).
    public struct PersonalToken: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var createdAt: Date
        public var expiresAt: Date
    }

    /// Issues a named token valid for `lifetime`; the secret is in the result only.
    public func issuePersonal(for accountID: UUID, name: String, lifetime: Duration) async throws -> IssuedToken {
        let token = SecretToken.newBearerToken()
        let seconds = Int(lifetime.components.seconds)
        let rows = try await self.database.query(
            """
            INSERT INTO access_tokens (token_hash, account_id, expires_at, name)
            VALUES (\(SecretToken.hash(token)), \(accountID), now() + make_interval(secs => \(seconds)), \(name))
            RETURNING expires_at
            """)
        return IssuedToken(token: token, expiresAt: try rows.single().decode("expires_at"))
    }

    /// The account's live personal tokens, newest first.
    public func personalTokens(of accountID: UUID) async throws -> [PersonalToken] {
        try await self.database.query(
            """
            SELECT id, name, created_at, expires_at FROM access_tokens
            WHERE account_id = \(accountID) AND name IS NOT NULL AND revoked_at IS NULL AND expires_at > now()
            ORDER BY created_at DESC, id
            """
        ).map { row in
            PersonalToken(
                id: try row.decode("id"), name: try row.decode("name"), createdAt: try row.decode("created_at"),
                expiresAt: try row.decode("expires_at"))
        }
    }

    /// Revokes one of the account's personal tokens; `notFound` for anything else.
    public func revokePersonal(id: UUID, of accountID: UUID) async throws {
        let revoked = try await self.database.execute(
            """
            UPDATE access_tokens SET revoked_at = now()
            WHERE id = \(id) AND account_id = \(accountID) AND name IS NOT NULL AND revoked_at IS NULL
            """)
        self.cache.forget(account: accountID)
        if revoked == 0 { throw DebriefError.notFound("token") }
    }

    /// Revokes every token of the account: its sessions in every browser and its personal tokens.
    public func revokeAll(of accountID: UUID) async throws {
        try await self.database.execute(
            "UPDATE access_tokens SET revoked_at = now() WHERE account_id = \(accountID) AND revoked_at IS NULL")
        self.cache.forget(account: accountID)
    }
}
