import Debrief
import Foundation

/// The participant page's proof that a browser already answered a form: `<response id>.<mac>`,
/// HMAC-SHA256 under a server key over the form's code and the response, kept in a cookie. Only
/// this server can make one, and one made for another form does not count here.
public struct BrowserReceipts: Sendable {
    static let purpose = "browser-response"
    let signer: SignedText

    public init(keys: ServerKeys) {
        self.signer = SignedText(keys: keys, purpose: Self.purpose)
    }

    /// A receipt for `response`, a response to the form behind `code`.
    public func issue(code: String, response: UUID) async throws -> String {
        let id = response.lowercasedText
        return id + "." + (try await self.signer.mac(Self.message(code: code, id: id)))
    }

    /// Whether `receipt` is one this server issued for the form behind `code`.
    public func isValid(_ receipt: String, code: String) async throws -> Bool {
        try await self.response(of: receipt, code: code) != nil
    }

    /// The response `receipt` names, when it is one this server issued for the form behind `code`.
    public func response(of receipt: String, code: String) async throws -> UUID? {
        let parts = receipt.split(separator: ".", omittingEmptySubsequences: false)
        guard receipt.utf8.count <= 128, parts.count == 2, let id = UUID(uuidString: String(parts[0])) else { return nil }
        let valid = try await self.signer.isValid(mac: String(parts[1]), for: Self.message(code: code, id: String(parts[0]).lowercased()))
        return valid ? id : nil
    }

    private static func message(code: String, id: String) -> String {
        "answered:\(code):\(id)"
    }
}
