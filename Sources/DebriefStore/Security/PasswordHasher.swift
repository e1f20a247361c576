import HummingbirdBcrypt
import NIOPosix

/// Hashes and checks passwords with bcrypt, on threads of its own.
///
/// bcrypt is deliberately slow (about a quarter second at cost 12), so it must not run on an event
/// loop or Swift's cooperative pool, nor on the database's threads. Only the hash ever reaches the
/// database. bcrypt reads at most 72 bytes of a password; longer ones are accepted but only their
/// first 72 bytes count, as in every bcrypt deployment.
///
/// Logins have threads of their own: checking a password (``verify(_:against:)``) never queues
/// behind new passwords being hashed (``hash(_:)``: sign-ups, resets), so a burst of sign-ups
/// cannot starve the hosts who are signing in (docs/decisions/0013-login-throttle-and-hashing-share.md).
public final class PasswordHasher: Sendable {
    private let cost: UInt8
    /// Checks passwords at login.
    private let logins: NIOThreadPool
    /// Hashes new passwords (sign-up, reset).
    private let newPasswords: NIOThreadPool
    /// Compared against when an email is unknown, so a wrong email costs as much time as a wrong
    /// password and response times do not reveal which accounts exist.
    private let decoyHash: String

    /// `cost` is bcrypt's work factor: 12 in production; tests may lower it to keep the suite fast.
    /// `threads` check logins; `newPasswordThreads` hash new passwords.
    public init(cost: UInt8 = 12, threads: Int = 2, newPasswordThreads: Int = 1) {
        self.cost = cost
        self.logins = NIOThreadPool(numberOfThreads: max(1, threads))
        self.logins.start()
        self.newPasswords = NIOThreadPool(numberOfThreads: max(1, newPasswordThreads))
        self.newPasswords.start()
        self.decoyHash = Bcrypt.hash("decoy password for unknown accounts", cost: cost)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await self.newPasswords.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// True when `password` matches `hash`; with no hash, spends the same time and returns false.
    public func verify(_ password: String, against hash: String?) async throws -> Bool {
        let decoy = self.decoyHash
        return try await self.logins.runIfActive {
            guard let hash else {
                _ = Bcrypt.verify(password, hash: decoy)
                return false
            }
            return Bcrypt.verify(password, hash: hash)
        }
    }

    public func shutdown() async {
        try? await self.logins.shutdownGracefully()
        try? await self.newPasswords.shutdownGracefully()
    }
}
