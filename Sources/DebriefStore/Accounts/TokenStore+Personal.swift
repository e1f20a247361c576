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

    /// Issues a named personal token valid for `lifetime` to `account` as read when its password
    /// was just checked; nil when its credentials changed since. The secret is in the result only.
    public func issuePersonal(for account: Account, name: String, lifetime: Duration) async throws -> IssuedToken? {
        try await self.issue(.personal, for: account, name: name, lifetime: lifetime)
    }

    /// A page session or sign-in token for `account` as read when its password was checked (or
    /// it was created); nil when its credentials changed since. (A personal token without a name
    /// is refused by the table's check.)
    public func issueSession(_ kind: TokenKind, for account: Account) async throws -> IssuedToken? {
        try await self.issue(kind, for: account)
    }

    /// The account's live personal tokens, newest first.
    public func personalTokens(of accountID: UUID) async throws -> [PersonalToken] {
        try await self.database.query(
            """
            SELECT t.id, t.name, t.created_at, t.expires_at FROM access_tokens t
            WHERE t.account_id = \(accountID) AND t.kind = 'personal' AND \(Self.live)
            ORDER BY t.created_at DESC, t.id
            """
        ).map { row in
            PersonalToken(
                id: try row.decode("id"), name: try row.decode("name"), createdAt: try row.decode("created_at"),
                expiresAt: try row.decode("expires_at"))
        }
    }

    /// Revokes one of the account's personal tokens; `notFound` for anything else.
    public func revokePersonal(id: UUID, of accountID: UUID) async throws {
        if try await self.revoke(.personal(id: id), of: accountID) == 0 { throw DebriefError.notFound("token") }
    }
}
