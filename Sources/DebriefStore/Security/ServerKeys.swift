import Crypto
import Foundation
import PQ

/// HMAC keys the server keeps for itself, one per purpose: made at random on first use, stored in
/// `server_keys`, so every instance (and the next start) signs and checks with the same key.
//
// `@unchecked Sendable`: `cache` is only touched while `lock` is held.
public final class ServerKeys: @unchecked Sendable {
    let database: Database
    private let lock = NSLock()
    private var cache: [String: SymmetricKey] = [:]

    public init(database: Database) {
        self.database = database
    }

    /// The key for `purpose`, made on first use (two instances racing agree on the first one written).
    public func key(for purpose: String) async throws -> SymmetricKey {
        if let key = self.lock.withLock({ self.cache[purpose] }) { return key }
        let fresh = SecretToken.newKeyBytes().map { String(format: "%02x", $0) }.joined()
        try await self.database.execute(
            "INSERT INTO server_keys (purpose, secret) VALUES (\(purpose), decode(\(fresh), 'hex')) ON CONFLICT (purpose) DO NOTHING")
        let hex: String = try await self.database.query(
            "SELECT encode(secret, 'hex') AS secret FROM server_keys WHERE purpose = \(purpose)"
        ).single().decode("secret")
        let key = SymmetricKey(data: Self.bytes(hex: hex))
        self.lock.withLock { self.cache[purpose] = key }
        return key
    }

    private static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
