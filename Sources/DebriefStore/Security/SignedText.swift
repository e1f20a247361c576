import Crypto
import Foundation

/// HMAC-SHA256 under one of the server's keys (``ServerKeys``), written base64url: the shared
/// part of every value the server signs for a browser or client to carry back (a browser's
/// receipt, a view's opened ticket). Each user has its own purpose, so its own key, and its own
/// message prefix.
struct SignedText: Sendable {
    let keys: ServerKeys
    let purpose: String

    /// The MAC of `message`, base64url without padding.
    func mac(_ message: String) async throws -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: try await self.keys.key(for: self.purpose))
        return SecretToken.base64URL(Array(code))
    }

    /// Whether `mac` (base64url) is the MAC of `message`, compared in constant time.
    func isValid(mac: String, for message: String) async throws -> Bool {
        guard let data = Self.decodeBase64URL(mac) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            data, authenticating: Data(message.utf8), using: try await self.keys.key(for: self.purpose))
    }

    static func decodeBase64URL(_ text: String) -> Data? {
        guard text.utf8.allSatisfy({ $0.isBase64URL }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "-") || self == UInt8(ascii: "_")
    }
}
