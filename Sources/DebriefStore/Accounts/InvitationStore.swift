import Debrief
import Foundation
import PQ

/// One-time sign-up links an admin hands out (no e-mail server needed). The database keeps only
/// the SHA-256 of each link's token; a link works once, until it expires.
public struct InvitationStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public struct Invitation: Sendable, Equatable {
        public var createdAt: Date
        public var expiresAt: Date
        public var usedAt: Date?
        public var usedByEmail: String?
    }

    public struct IssuedInvitation: Sendable {
        /// The secret of the link, shown once.
        public var token: String
        public var expiresAt: Date
    }

    public func issue(by adminID: UUID, lifetime: Duration) async throws -> IssuedInvitation {
        let token = SecretToken.newInvitationToken()
        let seconds = Int(lifetime.components.seconds)
        let rows = try await self.database.query(
            """
            INSERT INTO invitations (token_hash, created_by, expires_at)
            VALUES (\(SecretToken.hash(token)), \(adminID), now() + make_interval(secs => \(seconds)))
            RETURNING expires_at
            """)
        return IssuedInvitation(token: token, expiresAt: try rows.single().decode("expires_at"))
    }

    /// Whether `token` is an unused, unexpired invitation (checked before a password is hashed).
    public func isUsable(_ token: String) async throws -> Bool {
        let link = OneTimeLink.invitation
        return try await !self.database.query("SELECT 1 AS usable FROM " + link.from + " WHERE " + link.usable(token)).isEmpty
    }

    /// The admin's invitations, newest first.
    public func list(by adminID: UUID, limit: Int = 50) async throws -> [Invitation] {
        try await self.database.query(
            """
            SELECT i.created_at, i.expires_at, i.used_at, a.email AS used_by_email
            FROM invitations i LEFT JOIN accounts a ON a.id = i.used_by
            WHERE i.created_by = \(adminID) ORDER BY i.created_at DESC LIMIT \(limit)
            """
        ).map { row in
            Invitation(
                createdAt: try row.decode("created_at"), expiresAt: try row.decode("expires_at"),
                usedAt: try row.decode("used_at"), usedByEmail: try row.decode("used_by_email"))
        }
    }

    /// Marks the invitation used, inside the transaction that creates the account; false when it
    /// was used or expired meanwhile (two people racing for one link: one wins).
    static func consume(_ token: String, on connection: Connection) async throws -> Bool {
        try await !OneTimeLink.invitation.use(token, returning: "i.token_hash", on: connection).isEmpty
    }

    static func recordUse(_ token: String, by accountID: UUID, on connection: Connection) async throws {
        try await connection.execute(
            "UPDATE invitations SET used_by = \(accountID) WHERE token_hash = \(SecretToken.hash(token))")
    }
}
