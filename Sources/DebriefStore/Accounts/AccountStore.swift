import Debrief
import Foundation
import PQ

/// Accounts: sign-up, password checks, profile changes.
public struct AccountStore: Sendable {
    let database: Database
    let hasher: PasswordHasher
    /// The owner of tokens and of what its cache remembers of accounts: every change here goes
    /// through ``TokenStore/revoking(_:)``, which forgets the account before it is answered.
    let tokens: TokenStore

    public init(database: Database, hasher: PasswordHasher, tokenCache: TokenCache = TokenCache(trust: .zero)) {
        self.database = database
        self.hasher = hasher
        self.tokens = TokenStore(database: database, cache: tokenCache)
    }

    /// Creates an account an admin made (the admin pages, `debrief admin create-host`): its
    /// address counts as proven, because the admin who typed it vouches for it
    /// (docs/decisions/0054-verified-addresses.md). A taken email (in any letter case) is a
    /// conflict on `email`.
    public func create(_ signUp: SignUp, role: Role = .host) async throws -> Account {
        let hash = try await self.hasher.hash(signUp.password)
        do {
            return try await self.database.withTransaction { connection in
                let rows = try await connection.query(
                    """
                    INSERT INTO accounts AS a (email, display_name, password_hash, role)
                    VALUES (\(signUp.email.normalized), \(signUp.displayName), \(hash), \(role.rawValue))
                    RETURNING \(Account.columns)
                    """)
                var account = try Account(row: try rows.single())
                try await AddressProof.markProven(&account, on: connection)
                return account
            }
        } catch let error as PQError where error.isUniqueViolation {
            throw DebriefError(.conflict, "an account with this email already exists", field: "email")
        }
    }

    /// The account with this email and password, or nil. Takes the same time either way.
    public func authenticate(email: EmailAddress, password: String) async throws -> Account? {
        let rows = try await self.database.query(
            "SELECT \(Account.columns), a.password_hash FROM accounts a WHERE lower(a.email) = \(email.normalized)")
        let hash: String? = try rows.first?.decode("password_hash")
        guard try await self.hasher.verify(password, against: hash), let row = rows.first else { return nil }
        return try Account(row: row)
    }

    public func find(id: UUID) async throws -> Account? {
        try await self.database.query("SELECT \(Account.columns) FROM accounts a WHERE a.id = \(id)")
            .first.map(Account.init(row:))
    }

    public func find(email: EmailAddress) async throws -> Account? {
        try await self.database.query("SELECT \(Account.columns) FROM accounts a WHERE lower(a.email) = \(email.normalized)")
            .first.map(Account.init(row:))
    }

    public func update(id: UUID, _ patch: ProfilePatch) async throws -> Account {
        try await self.tokens.revoking { revoker, connection in
            revoker.accountChanged(id)
            let rows = try await connection.query(
                """
                UPDATE accounts AS a
                SET display_name = coalesce(\(patch.displayName), display_name),
                    response_retention_months = CASE WHEN \(patch.responseRetentionMonths)::int IS NULL THEN response_retention_months
                        ELSE nullif(\(patch.responseRetentionMonths)::int, 0) END,
                    time_zone = coalesce(\(patch.timeZone), time_zone), updated_at = now()
                WHERE a.id = \(id)
                RETURNING \(Account.columns)
                """)
            guard let row = rows.first else { throw DebriefError.notFound("account") }
            return try Account(row: row)
        }
    }
}
