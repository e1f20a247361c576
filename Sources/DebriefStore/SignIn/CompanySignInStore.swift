import Debrief
import Foundation
import PQ

/// The rows of company sign-in (migration 0047): started sign-ins, consumed once, and the link
/// from a provider's account (issuer and subject) to a Debrief account.
///
/// The linking rule is decided here, inside one transaction, so two callbacks for the same new
/// person cannot create two accounts, and a refusal leaves nothing behind
/// (docs/decisions/0046-company-sign-in.md).
public struct CompanySignInStore: Sendable {
    let database: Database
    let hasher: PasswordHasher

    public init(database: Database, hasher: PasswordHasher) {
        self.database = database
        self.hasher = hasher
    }

    /// What a callback needs back from the sign-in it finishes.
    public struct Attempt: Sendable, Equatable {
        public var nonce: String
        public var codeVerifier: String
        public var next: String

        public init(nonce: String, codeVerifier: String, next: String) {
            self.nonce = nonce
            self.codeVerifier = codeVerifier
            self.next = next
        }
    }

    /// What became of a `state` presented at the callback.
    public enum AttemptLookup: Sendable, Equatable {
        /// The sign-in it started, consumed now: this `state` counts no more.
        case consumed(Attempt)
        /// It was consumed before (a reloaded or replayed callback).
        case replayed
        /// It ran out before it came back.
        case expired
        /// No sign-in started with it.
        case unknown
    }

    /// Keeps a started sign-in under the hash of its `state` until `lifetime` runs out, and
    /// drops the rows of sign-ins that ended more than a day ago (the table stays small).
    public func saveAttempt(state: String, _ attempt: Attempt, lifetime: Duration) async throws {
        let seconds = Double(lifetime.components.seconds)
        try await self.database.withTransaction { connection in
            try await connection.execute(
                "DELETE FROM oidc_sign_in_attempts WHERE expires_at < now() - interval '1 day'")
            try await connection.execute(
                """
                INSERT INTO oidc_sign_in_attempts (state_hash, nonce, code_verifier, next_path, expires_at)
                VALUES (\(SecretToken.hash(state)), \(attempt.nonce), \(attempt.codeVerifier), \(attempt.next),
                        now() + make_interval(secs => \(seconds)))
                """)
        }
    }

    /// Consumes the sign-in `state` started, at most once (a concurrent second callback finds it
    /// consumed: the row is updated under its lock).
    public func consumeAttempt(state: String) async throws -> AttemptLookup {
        let hash = SecretToken.hash(state)
        return try await self.database.withTransaction { connection in
            let rows = try await connection.query(
                """
                SELECT nonce, code_verifier, next_path, consumed_at IS NOT NULL AS consumed, expires_at < now() AS expired
                FROM oidc_sign_in_attempts WHERE state_hash = \(hash) FOR UPDATE
                """)
            guard let row = rows.first else { return .unknown }
            if try row.decode("consumed", as: Bool.self) { return .replayed }
            if try row.decode("expired", as: Bool.self) { return .expired }
            try await connection.execute("UPDATE oidc_sign_in_attempts SET consumed_at = now() WHERE state_hash = \(hash)")
            return .consumed(
                Attempt(nonce: try row.decode("nonce"), codeVerifier: try row.decode("code_verifier"), next: try row.decode("next_path")))
        }
    }

    /// The person the provider vouched for, as far as linking needs it.
    public struct ProviderAccount: Sendable, Equatable {
        public var issuer: String
        public var subject: String
        public var email: EmailAddress?
        public var emailVerified: Bool
        public var name: String?

        public init(issuer: String, subject: String, email: EmailAddress?, emailVerified: Bool, name: String?) {
            self.issuer = issuer
            self.subject = subject
            self.email = email
            self.emailVerified = emailVerified
            self.name = name
        }
    }

    /// How a provider's account was matched to a Debrief account.
    public enum Resolution: Sendable, Equatable {
        /// Linked before: the issuer and subject found their account (whatever the e-mail is now).
        case linked(Account)
        /// Linked now, by its verified e-mail, to the account that has it.
        case linkedByEmail(Account)
        /// Created now (the installation allows it), and linked.
        case created(Account)
        /// Not linked, and its e-mail is missing or not verified: nothing is linked by it.
        case unverifiedEmail
        /// Not linked, no account has its e-mail, and accounts are not created on first sign-in.
        case noAccount
        /// The account with its e-mail is linked to another subject of the same issuer.
        case linkedToAnother
        /// An account has its e-mail but has not proven it holds it (an open sign-up, say):
        /// whoever registered the address first is not handed the person the provider vouched
        /// for, and the provider's person is not handed that account (``AddressProof``).
        case unprovenAccount
    }

    /// Finds or makes the account `person` signs in to, in one transaction: the link by issuer
    /// and subject first; else, only with a verified e-mail, the account with that e-mail when
    /// that account has proven it too (linked now), or a new host account when `allowCreation`.
    /// Nothing is written for a refusal.
    public func resolve(_ person: ProviderAccount, allowCreation: Bool) async throws -> Resolution {
        // Hashed before the transaction (bcrypt is slow): the password of an account created
        // here is a random secret nobody knows, so it signs in through the provider only until
        // someone sets a password by a reset link.
        let unusablePassword = allowCreation ? try await self.hasher.hash(SecretToken.newBearerToken()) : ""
        do {
            return try await self.database.withTransaction { connection in
                let linked = try await connection.query(
                    """
                    SELECT \(Account.columns) FROM oidc_identities i JOIN accounts a ON a.id = i.account_id
                    WHERE i.issuer = \(person.issuer) AND i.subject = \(person.subject)
                    """)
                if let row = linked.first {
                    try await connection.execute(
                        """
                        UPDATE oidc_identities SET last_sign_in_at = now()
                        WHERE issuer = \(person.issuer) AND subject = \(person.subject)
                        """)
                    return .linked(try Account(row: row))
                }
                guard person.emailVerified, let email = person.email else { return .unverifiedEmail }
                let existing = try await connection.query(
                    "SELECT \(Account.columns) FROM accounts a WHERE lower(a.email) = lower(\(email.normalized)) FOR UPDATE")
                if let row = existing.first {
                    let account = try Account(row: row)
                    guard AddressProof.counts(account) else { return .unprovenAccount }
                    let other = try await connection.query(
                        "SELECT 1 AS found FROM oidc_identities WHERE account_id = \(account.id) AND issuer = \(person.issuer)")
                    guard other.isEmpty else { return .linkedToAnother }
                    try await Self.insertLink(person, email: email, account: account.id, on: connection)
                    return .linkedByEmail(account)
                }
                guard allowCreation else { return .noAccount }
                let name = Self.displayName(person.name, email: email)
                let rows = try await connection.query(
                    """
                    INSERT INTO accounts AS a (email, display_name, password_hash, role)
                    VALUES (\(email.normalized), \(name), \(unusablePassword), \(Role.host.rawValue))
                    RETURNING \(Account.columns)
                    """)
                var account = try Account(row: try rows.single())
                try await Self.insertLink(person, email: email, account: account.id, on: connection)
                // The provider vouched for the address (`email_verified: true`, checked above).
                try await AddressProof.markProven(&account, on: connection)
                return .created(account)
            }
        } catch let error as PQError where error.isUniqueViolation {
            // Another callback for the same person linked or created it a moment ago: its link
            // now exists, and the same rule finds it.
            return try await self.resolve(person, allowCreation: false)
        }
    }

    /// The issuer links of an account (for its admin's eyes and the tests).
    public func links(of account: UUID) async throws -> [(issuer: String, subject: String)] {
        try await self.database.query(
            "SELECT issuer, subject FROM oidc_identities WHERE account_id = \(account) ORDER BY issuer"
        ).map { row in (issuer: try row.decode("issuer", as: String.self), subject: try row.decode("subject", as: String.self)) }
    }

    private static func insertLink(_ person: ProviderAccount, email: EmailAddress, account: UUID, on connection: Connection) async throws {
        try await connection.execute(
            """
            INSERT INTO oidc_identities (issuer, subject, account_id, linked_email)
            VALUES (\(person.issuer), \(person.subject), \(account), \(email.normalized))
            """)
    }

    /// The provider's `name` when it is a usable display name, else the e-mail's local part.
    static func displayName(_ name: String?, email: EmailAddress) -> String {
        let trimmed = (name ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !TextRules.isBlank(trimmed), trimmed.count <= 100, !AccountRules.containsControlCharacter(trimmed) { return trimmed }
        return String(email.normalized.prefix { $0 != "@" })
    }
}
