import Debrief
import Foundation
import PQ

/// A kind of one-time link (a password reset, an invitation, an address confirmation): the one
/// predicate of a link that may still be used, and the one way links are used up (decision 62).
///
/// Each table keeps `token_hash` (the link's SHA-256, never the link), `used_at` and
/// `expires_at`. A link may be used while it is unused and unexpired (``usable(_:)``); using it
/// and ending an account's other links go through ``use(_:where:returning:on:)`` and
/// ``endUnused(of:on:)``. `scripts/check-layers` rule 12 refuses `used_at IS NULL` or
/// `used_at = now()` anywhere else, so a fourth kind of link cannot grow its own idea of
/// "still valid".
struct OneTimeLink: Sendable {
    /// The table and the alias every statement here gives it: text this file writes, never input.
    private let table: String
    let alias: String

    static let passwordReset = OneTimeLink(table: "password_resets", alias: "r")
    static let invitation = OneTimeLink(table: "invitations", alias: "i")
    static let addressProof = OneTimeLink(table: "email_verifications", alias: "v")

    private init(table: String, alias: String) {
        self.table = table
        self.alias = alias
    }

    /// The table with its alias, for a `FROM` or `JOIN` (`password_resets r`).
    var from: SQLQuery { SQLQuery(unsafeSQL: "\(self.table) \(self.alias)") }

    /// `token`'s link may still be used: it is unused and has not expired.
    func usable(_ token: String) -> SQLQuery {
        self.column("token_hash") + " = \(SecretToken.hash(token)) AND " + self.unused
            + " AND " + self.column("expires_at") + " > now()"
    }

    /// Uses `token`'s link when it may still be used and `condition` (over the alias) holds:
    /// marks it used and returns what `returning` selects. No row: the link was used already,
    /// expired, unknown, or `condition` failed; nothing changed.
    func use(
        _ token: String, where condition: SQLQuery = "true", returning: SQLQuery, on connection: Connection
    ) async throws -> QueryResult {
        try await connection.query(
            "UPDATE " + self.from + " SET used_at = now() WHERE " + self.usable(token) + " AND (" + condition
                + ") RETURNING " + returning)
    }

    /// Ends every link of `account` not used yet: a newer link replaces them, or what they were
    /// asked for (a new password) is done.
    func endUnused(of account: UUID, on connection: Connection) async throws {
        try await connection.execute(
            "UPDATE " + self.from + " SET used_at = now() WHERE " + self.column("account_id") + " = \(account)::uuid AND "
                + self.unused)
    }

    /// Not used yet, expired or not.
    private var unused: SQLQuery { self.column("used_at") + " IS NULL" }

    private func column(_ name: String) -> SQLQuery { SQLQuery(unsafeSQL: "\(self.alias).\(name)") }
}
