import Crypto
import Foundation

/// The participant page's proof that a browser already answered a form: `<response id>.<mac>`,
/// HMAC-SHA256 under a server key over the form's code and the response, kept in a cookie. Only
/// this server can make one, and one made for another form does not count here.
public struct BrowserReceipts: Sendable {
    static let purpose = "browser-response"
    let keys: ServerKeys

    public init(keys: ServerKeys) {
        self.keys = keys
    }

    /// A receipt for `response`, a response to the form behind `code`.
    public func issue(code: String, response: UUID) async throws -> String {
        let id = response.uuidString.lowercased()
        let mac = HMAC<SHA256>.authenticationCode(for: Self.message(code: code, id: id), using: try await self.key())
        return id + "." + SecretToken.base64URL(Array(mac))
    }

    /// Whether `receipt` is one this server issued for the form behind `code`.
    public func isValid(_ receipt: String, code: String) async throws -> Bool {
        let parts = receipt.split(separator: ".", omittingEmptySubsequences: false)
        guard receipt.utf8.count <= 128, parts.count == 2, UUID(uuidString: String(parts[0])) != nil,
            let mac = Self.decodeBase64URL(String(parts[1]))
        else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            mac, authenticating: Self.message(code: code, id: String(parts[0]).lowercased()), using: try await self.key())
    }

    private func key() async throws -> SymmetricKey {
        try await self.keys.key(for: Self.purpose)
    }

    private static func message(code: String, id: String) -> Data {
        Data("answered:\(code):\(id)".utf8)
    }

    private static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
