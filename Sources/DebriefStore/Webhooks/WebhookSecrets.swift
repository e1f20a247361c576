import Crypto
import Foundation

/// Endpoint signing secrets: made at random, shown to the host once, and kept sealed.
///
/// The server must keep each secret to sign with it, so it cannot be hashed like a password. It
/// is sealed with AES-GCM under the server key `webhook-secrets` (``ServerKeys``), so a copy of the
/// endpoints table alone (a partial dump, a log of a row, a leaked query result) reveals no secret;
/// docs/decisions/0028-webhook-secrets-at-rest.md says what this does not protect against.
public struct WebhookSecrets: Sendable {
    let keys: ServerKeys
    static let purpose = "webhook-secrets"
    /// Standard Webhooks' prefix of a secret's text form.
    static let prefix = "whsec_"

    public init(keys: ServerKeys) {
        self.keys = keys
    }

    /// A new secret: 32 random bytes, as `whsec_` + base64.
    static func newSecret() -> (text: String, key: [UInt8]) {
        let bytes = SecretToken.newKeyBytes()
        return (Self.prefix + Data(bytes).base64EncodedString(), bytes)
    }

    /// The key bytes sealed for the database (nonce ‖ ciphertext ‖ tag), as hex.
    func seal(_ key: [UInt8]) async throws -> String {
        let box = try AES.GCM.seal(Data(key), using: try await self.keys.key(for: Self.purpose))
        guard let combined = box.combined else { throw WebhookSecretError.sealing }
        return combined.map { String(format: "%02x", $0) }.joined()
    }

    /// The key bytes from their sealed hex form.
    func open(sealedHex: String) async throws -> [UInt8] {
        let box = try AES.GCM.SealedBox(combined: Self.bytes(hex: sealedHex))
        return Array(try AES.GCM.open(box, using: try await self.keys.key(for: Self.purpose)))
    }

    static func bytes(hex: String) -> Data {
        var bytes = Data(capacity: hex.utf8.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}

enum WebhookSecretError: Error {
    case sealing
}
