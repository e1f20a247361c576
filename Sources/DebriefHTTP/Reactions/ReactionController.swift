import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// Reactions during the meeting (docs/decisions/0100). `POST /v1/f/{code}/reactions` is the
/// participant's, under `/v1/f` (the participant rate limit), naming the participant by the
/// `Debrief-Voter` header the room's questions issue (``RoomQuestionController``): without one it
/// is a 400 naming the header, never a new participant. Taps from one address share the room's
/// rate per address (``Admission/roomReaction(address:code:)``); each identity's caps are the
/// store's (``ReactionCaps``). `GET /v1/meetings/{id}/reactions` (and HEAD) is the host's count.
public struct ReactionController: Sendable {
    let reactions: ReactionActions
    let questions: RoomQuestionActions
    let admission: Admission
    /// The participant routes' body limit (`participantMaxBodyBytes`).
    let maxBodyBytes: Int

    public init(reactions: ReactionActions, questions: RoomQuestionActions, admission: Admission, maxBodyBytes: Int) {
        self.reactions = reactions
        self.questions = questions
        self.admission = admission
        self.maxBodyBytes = maxBodyBytes
    }

    /// `group` is `/v1/f`, behind the participant rate limit.
    public func addParticipantRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(":code/reactions") { request, context -> EditedResponse<ReactionCounts> in
            let code = context.parameters.get("code") ?? ""
            let token = request.headers[.debriefVoter]
            guard let voter = try await self.questions.voter(token, code: code) else {
                throw token == nil ? RoomQuestionController.voterMissing : RoomQuestionController.voterNotIssued
            }
            try self.admission.roomReaction(address: context.clientAddress, code: code)
            var request = request
            request.body = RequestBody(buffer: try await request.readBody(upTo: context.bodyLimit(atMost: self.maxBodyBytes)))
            let input = try await request.decodeJSON(as: ReactionInput.self, context: context)
            let counts = try await self.reactions.send(input, by: voter)
            return EditedResponse(headers: [.cacheControl: "no-store"], response: counts)
        }
    }

    /// `group` is behind ``AuthMiddleware``.
    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/reactions") { _, context -> EditedResponse<ReactionCounts> in
            let counts = try await self.reactions.counts(meeting: try context.requireID("id", "meeting"), visibleTo: try context.requireViewer())
            return EditedResponse(headers: [.cacheControl: "no-store"], response: counts)
        }
    }
}

extension ReactionCounts: ResponseEncodable {}
