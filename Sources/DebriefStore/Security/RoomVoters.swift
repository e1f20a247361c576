import Debrief
import Foundation

/// A participant's identity in the room's questions (docs/decisions/0075): `<voter id>.<mac>`,
/// HMAC-SHA256 under a server key over the form's code and a random id, made the way a browser's
/// answer receipt is (``BrowserReceipts``). The one maker and checker of it: the JSON API issues
/// one from `POST /v1/f/{code}/room-questions/voter` (the client sends it back as
/// `Debrief-Voter`), the page with the room's section (its cookie, `RoomVoterCookie`).
///
/// Issued only there, each under a rate per client address (issue 67): a post or a vote never
/// makes one, so a client that sends none is refused instead of becoming a new participant. One
/// made for another form does not count here. Only the id is stored (as a vote's voter, a
/// post's author), never the token.
public struct RoomVoters: Sendable {
    static let purpose = "room-voter"
    let signer: SignedText

    public init(keys: ServerKeys) {
        self.signer = SignedText(keys: keys, purpose: Self.purpose)
    }

    /// A new identity for the room of the form behind `code`.
    public func issue(code: String) async throws -> (token: String, voter: UUID) {
        let voter = UUID()
        let id = voter.lowercasedText
        return (id + "." + (try await self.signer.mac(Self.message(code: code, id: id))), voter)
    }

    /// The voter `token` names, when it is one this server made for the form behind `code`.
    public func voter(of token: String, code: String) async throws -> UUID? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 128, parts.count == 2, let id = UUID(uuidString: String(parts[0])) else { return nil }
        let valid = try await self.signer.isValid(mac: String(parts[1]), for: Self.message(code: code, id: String(parts[0]).lowercased()))
        return valid ? id : nil
    }

    private static func message(code: String, id: String) -> String {
        "room-voter:\(code):\(id)"
    }
}
