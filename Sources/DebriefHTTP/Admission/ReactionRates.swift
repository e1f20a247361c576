import Debrief
import Foundation

extension Admission {
    /// One reaction from `address` in the room of the form `code` (docs/decisions/0100). A tap of
    /// a reaction is the room's cheapest write, like a vote, so it takes from the votes' bucket
    /// per address and form (``RoomQuestionRates/votes``): a room's address may vote and react at
    /// the rate its votes had, not twice that. Each identity's own caps are ``ReactionCaps``.
    public func roomReaction(address: String, code: String) throws {
        let decision = self.roomQuestions.votes.take(address + " " + (FormCode.normalize(code) ?? code))
        guard !decision.allowed else { return }
        let seconds = decision.retryAfterSeconds
        throw APIError(
            .tooManyRequests, code: "rate_limited",
            detail: "too many reactions and votes from your address in this room; retry after \(seconds) seconds",
            headers: [.retryAfter: String(seconds)])
    }
}
