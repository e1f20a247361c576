import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// Questions from the room (docs/decisions/0075). The participant's routes are under `/v1/f`
/// (the participant rate limit, per address and per form) and name the participant by the
/// `Debrief-Voter` header, an identity `POST …/room-questions/voter` issued: a post or a vote
/// without one is a 400 naming the header, never a new participant (issue 67). Identities,
/// posts and votes are each counted per address and form too (``Admission/roomIdentity(address:code:)``
/// and its neighbours). The host's routes are behind ``AuthMiddleware``.
struct RoomQuestionController {
    let questions: RoomQuestionActions
    let admission: Admission
    /// The participant routes' body limit (`participantMaxBodyBytes`).
    let maxBodyBytes: Int
    /// The room's list as each phone reads it, written once per change.
    let bodies = RoomListBodies()

    /// `group` is `/v1/f`, behind the participant rate limit.
    func addParticipantRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code/room-questions") { request, context -> Response in
            let voter = try await self.voter(request, context, required: false)
            let view = try await self.questions.roomView(code: Self.code(context), voter: voter)
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: try self.bodies.bytes(view)))
        }
        group.post(":code/room-questions/voter") { _, context -> EditedResponse<RoomVoterResponse> in
            try self.admission.roomIdentity(address: context.clientAddress, code: Self.code(context))
            let token = try await self.questions.issueVoter(code: Self.code(context))
            return EditedResponse(
                status: .created, headers: [.cacheControl: "no-store", .debriefVoter: token], response: RoomVoterResponse(voter: token))
        }
        group.post(":code/room-questions") { request, context -> EditedResponse<RoomQuestionJSON> in
            guard let voter = try await self.voter(request, context, required: true) else { throw Self.voterMissing }
            try self.admission.roomPost(address: context.clientAddress, code: Self.code(context))
            let input = try await self.participantBody(RoomQuestionInput.self, request, context)
            let question = try await self.questions.post(input, by: voter)
            return EditedResponse(status: .created, headers: [.cacheControl: "no-store"], response: RoomQuestionJSON(question, forHost: false))
        }
        for (method, up) in [(HTTPRequest.Method.put, true), (.delete, false)] {
            group.on(":code/room-questions/:questionId/vote", method: method) { request, context -> Response in
                let question = try context.requireID("questionId", "question")
                guard let voter = try await self.voter(request, context, required: true) else { throw Self.voterMissing }
                try self.admission.roomVote(address: context.clientAddress, code: Self.code(context))
                try await self.questions.vote(up, question: question, by: voter)
                return Response(status: .noContent, headers: [.cacheControl: "no-store"])
            }
        }
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("meetings/:id/room-questions") { _, context -> RoomQuestionHostListResponse in
            let (settings, questions) = try await self.questions.hostList(
                meeting: try context.requireID("id", "meeting"), visibleTo: try context.requireViewer())
            return RoomQuestionHostListResponse(settings: settings, questions: questions)
        }
        group.put("meetings/:id/room-questions/settings") { request, context -> RoomQuestionSettings in
            let id = try context.requireID("id", "meeting")
            let viewer = try context.requireViewer()
            // Who may change the meeting is settled before what the body says.
            try await self.questions.requireEditable(meeting: id, by: viewer)
            let input = try await request.decodeJSON(as: RoomQuestionSettingsInput.self, context: context)
            return try await self.questions.setSettings(input, meeting: id, by: viewer)
        }
        group.delete("meetings/:id/room-questions/:questionId") { _, context -> HTTPResponse.Status in
            try await self.questions.delete(
                question: try context.requireID("questionId", "question"), meeting: try context.requireID("id", "meeting"),
                by: try context.requireViewer())
            return .noContent
        }
        group.patch("meetings/:id/room-questions/:questionId") { request, context -> RoomQuestionJSON in
            let id = try context.requireID("id", "meeting")
            let question = try context.requireID("questionId", "question")
            let viewer = try context.requireViewer()
            try await self.questions.requireEditable(meeting: id, by: viewer)
            let input = try await request.decodeJSON(as: RoomQuestionChangeInput.self, context: context)
            return RoomQuestionJSON(try await self.questions.change(input, question: question, meeting: id, by: viewer), forHost: true)
        }
    }

    // MARK: - Helpers

    private static func code(_ context: AppRequestContext) -> String {
        context.parameters.get("code") ?? ""
    }

    /// The participant the `Debrief-Voter` header names: nil without one when not `required`; a
    /// 400 naming the header for one this server did not issue for this form (or none, when
    /// `required`). A list read without one shows no votes of its own.
    private func voter(_ request: Request, _ context: AppRequestContext, required: Bool) async throws -> RoomQuestionActions.RoomVoter? {
        let token = request.headers[.debriefVoter]
        if token == nil, !required { return nil }
        guard let voter = try await self.questions.voter(token, code: Self.code(context)) else {
            throw token == nil ? Self.voterMissing : Self.voterNotIssued
        }
        return voter
    }

    static let voterMissing = APIError.badRequest(
        "Debrief-Voter", "is required: send the identity POST /v1/f/{code}/room-questions/voter issued")
    static let voterNotIssued = APIError.badRequest(
        "Debrief-Voter", "is not an identity this server issued for this form: ask POST /v1/f/{code}/room-questions/voter for one")

    /// A JSON body read under the participant routes' smaller limit (413 above it).
    private func participantBody<Value: Decodable>(_ type: Value.Type, _ request: Request, _ context: AppRequestContext) async throws -> Value {
        var request = request
        request.body = RequestBody(buffer: try await request.readBody(upTo: context.bodyLimit(atMost: self.maxBodyBytes)))
        return try await request.decodeJSON(as: type, context: context)
    }
}

extension HTTPField.Name {
    /// A participant's identity in the room's questions (``RoomVoters``). A valid name by
    /// inspection, so the initializer cannot fail.
    static let debriefVoter = HTTPField.Name("Debrief-Voter") ?? .via
}
