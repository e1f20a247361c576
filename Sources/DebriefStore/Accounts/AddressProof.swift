import Debrief
import Foundation
import PQ

/// The one owner of "does this account's e-mail address count" (migration 0054,
/// docs/decisions/0054-verified-addresses.md). An address counts for what trusts it — linking a
/// company identity by e-mail, receiving a series transfer or a share given to that address —
/// only once the account has proven it holds it. Every such path asks this type (its SQL
/// fragments or ``counts(_:)``); `scripts/check-layers` (rule 10) refuses any other reader or
/// writer of the column.
public enum AddressProof {
    /// Whether `account`'s address counts (read with the account's row).
    public static func counts(_ account: Account) -> Bool {
        account.emailVerifiedAt != nil
    }

    /// The condition, on the accounts row aliased `alias`, that its address counts.
    static func proven(_ alias: SQLQuery) -> SQLQuery {
        "\(alias).email_verified_at IS NOT NULL"
    }

    /// The account whose proven address is `email`; nil when no account has it, or the one that
    /// has it has not proven it (callers answer both alike).
    static func account(proving email: EmailAddress, on connection: Connection) async throws -> UUID? {
        try await connection.query(
            "SELECT p.id FROM accounts p WHERE lower(p.email) = \(email.normalized) AND \(Self.proven("p"))"
        ).first?.decode("id")
    }

    /// A scalar subquery: the lower-cased address of `accountID` when it is proven, else NULL
    /// (so `x = \(provenAddress(of:))` matches nothing for an unproven account).
    static func provenAddress(of accountID: UUID) -> SQLQuery {
        "(SELECT lower(p.email) FROM accounts p WHERE p.id = \(accountID) AND \(Self.proven("p")))"
    }

    /// Records that `account` proved its address now (an admin made it, the company's provider
    /// vouched for it, a link sent to it came back), and updates the value read. Kept when
    /// proven before.
    static func markProven(_ account: inout Account, on connection: Connection) async throws {
        account.emailVerifiedAt = try await connection.query(
            """
            UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = \(account.id)
            RETURNING email_verified_at
            """
        ).single().decode("email_verified_at")
    }

    /// ``markProven(_:on:)`` for an account known by id only (a link sent to its address came
    /// back, a password reset link was used).
    static func markProven(accountID: UUID, on connection: Connection) async throws {
        try await connection.execute(
            "UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = \(accountID)")
    }

    /// An admin vouches for the address of the account that has `email` (`debrief admin
    /// verify-email`, the admin page). False when no account has it. Kept when proven before.
    public static func vouch(for email: EmailAddress, on database: Database) async throws -> Bool {
        try await database.execute(
            "UPDATE accounts SET email_verified_at = coalesce(email_verified_at, now()) WHERE lower(email) = \(email.normalized)"
        ) == 1
    }
}
