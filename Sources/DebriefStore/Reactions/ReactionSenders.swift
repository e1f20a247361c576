import Debrief
import Foundation

/// The name a room identity (``RoomVoters``) has in the reactions' caps (docs/decisions/0100):
/// HMAC-SHA256 of the meeting and the identity under a server key of its own purpose. The
/// identity itself is never stored with a reaction, and the same participant has another name in
/// every meeting, so `reaction_senders` cannot be joined to the room's votes or questions, nor one
/// meeting's senders to another's.
public struct ReactionSenders: Sendable {
    static let purpose = "reaction-sender"
    let signer: SignedText

    public init(keys: ServerKeys) {
        self.signer = SignedText(keys: keys, purpose: Self.purpose)
    }

    /// The keyed hash of `identity` in `meeting`.
    func sender(_ identity: UUID, meeting: UUID) async throws -> String {
        try await self.signer.mac("reaction-sender:\(meeting.lowercasedText):\(identity.lowercasedText)")
    }
}
