import Debrief
import Foundation
import PQ

extension AccountStore {
    /// How a sign-up was admitted, decided before its password is hashed.
    public enum Admission: Sendable, Equatable {
        /// Open sign-up: a host.
        case host
        /// The first account of an empty installation: its admin. Refused if another account
        /// got there first.
        case firstAdmin
        /// With a one-time invitation link (its token): a host, and the link is used up.
        case invited(String)
    }

    /// Whether the installation has any account yet.
    public func isEmpty() async throws -> Bool {
        try await self.database.query("SELECT 1 AS found FROM accounts LIMIT 1").isEmpty
    }

    /// Creates an account as `admission` allows, atomically with what it uses up: the first-admin
    /// place (serialized by a lock, so two first sign-ups cannot both become admin) or the
    /// invitation. Throws `forbidden` when that was gone by the time the password was hashed.
    public func create(_ signUp: SignUp, admission: Admission) async throws -> Account {
        let hash = try await self.hasher.hash(signUp.password)
        do {
            return try await self.database.withTransaction { connection in
                var role = Role.host
                switch admission {
                case .host:
                    break
                case .firstAdmin:
                    try await connection.execute("LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE")
                    guard try await connection.query("SELECT 1 AS found FROM accounts LIMIT 1").isEmpty else {
                        throw DebriefError(.forbidden, "sign-up is closed; ask an admin for an invitation link")
                    }
                    role = .admin
                case .invited(let token):
                    guard try await InvitationStore.consume(token, on: connection) else {
                        throw DebriefError(.forbidden, "this invitation link was used already or has expired", field: "invitation")
                    }
                }
                let rows = try await connection.query(
                    """
                    INSERT INTO accounts AS a (email, display_name, password_hash, role, time_zone)
                    VALUES (\(signUp.email.normalized), \(signUp.displayName), \(hash), \(role.rawValue), \(signUp.timeZone))
                    RETURNING \(Account.columns)
                    """)
                var account = try Account(row: try rows.single())
                if case .invited(let token) = admission {
                    try await InvitationStore.recordUse(token, by: account.id, on: connection)
                }
                // The first account owns the installation: nobody else could vouch for it. An
                // open or invited sign-up proves nothing of the address it typed (an invitation
                // link names none): it stays unproven until a link sent to it comes back.
                if admission == .firstAdmin { try await AddressProof.markProven(&account, on: connection) }
                return account
            }
        } catch let error as PQError where error.isUniqueViolation {
            throw DebriefError(.conflict, "an account with this email already exists", field: "email")
        }
    }
}
