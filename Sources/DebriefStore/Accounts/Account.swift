import Debrief
import Foundation
import PQ

/// A host or admin account (never with its password hash).
public struct Account: Sendable, Equatable {
    public var id: UUID
    public var email: String
    public var displayName: String
    public var role: Role
    public var createdAt: Date
    /// Responses to this host's meetings older than this many months are purged; 0 keeps them.
    public var responseRetentionMonths: Int
    /// The IANA zone the host's pages show times in; nil until chosen (the pages use UTC).
    public var timeZone: String?
    /// When the account proved it holds ``email`` (migration 0054); nil while it has not. Ask
    /// ``AddressProof/counts(_:)`` whether the address counts, never this directly.
    public internal(set) var emailVerifiedAt: Date?
    /// The account's credentials generation when this was read (migration 0039): a token is
    /// issued for this value only while the account still has the same one (``TokenStore``).
    let credentialsGeneration: Int64

    init(row: Row) throws {
        self.id = try row.decode("id")
        self.email = try row.decode("email")
        self.displayName = try row.decode("display_name")
        guard let role = Role(rawValue: try row.decode("role", as: String.self)) else {
            throw PQError(.decoding, "column role holds an unknown role")
        }
        self.role = role
        self.createdAt = try row.decode("created_at")
        self.responseRetentionMonths = try row.decode("response_retention_months", as: Int?.self) ?? 0
        self.timeZone = try row.decode("time_zone")
        self.emailVerifiedAt = try row.decode("email_verified_at")
        self.credentialsGeneration = try row.decode("credentials_generation")
    }

    public var viewer: Viewer { Viewer(accountID: self.id, role: self.role) }

    static let columns: SQLQuery = "a.id, a.email, a.display_name, a.role, a.created_at, a.response_retention_months, a.time_zone, a.credentials_generation, a.email_verified_at"
}
