import Debrief
import DebriefActions
import Foundation
import HTTPTypes
import Hummingbird

/// Questions from the room (docs/decisions/0075). The participant's routes are under `/v1/f`
/// (the participant rate limit, per address and per form) and name the participant by the
/// `Debrief-Voter` header: a reply that made a new identity carries it in the same header, for
/// the client to send from then on. The host's routes are behind ``AuthMiddleware``.
struct RoomQuestionController {
    let questions: RoomQuestionActions
    /// The participant routes' body limit (`participantMaxBodyBytes`).
    let maxBodyBytes: Int

    /// `group` is `/v1/f`, behind the participant rate limit.
    func addParticipantRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(":code/room-questions") { request, context -> EditedResponse<RoomQuestionListResponse> in
            let view = try await self.questions.roomView(code: Self.code(context), voterToken: Self.voterToken(request))
            return EditedResponse(headers: Self.headers(view.voter), response: RoomQuestionListResponse(view))
        }
        group.post(":code/room-questions") { request, context -> EditedResponse<RoomQuestionJSON> in
            let input = try await self.participantBody(RoomQuestionInput.self, request, context)
            let (question, voter) = try await self.questions.post(input, code: Self.code(context), voterToken: Self.voterToken(request))
            return EditedResponse(status: .created, headers: Self.headers(voter), response: RoomQuestionJSON(question, forHost: false))
        }
        for (method, up) in [(HTTPRequest.Method.put, true), (.delete, false)] {
            group.on(":code/room-questions/:questionId/vote", method: method) { request, context -> Response in
                let question = try context.requireID("questionId", "question")
                let voter = try await self.questions.vote(up, question: question, code: Self.code(context), voterToken: Self.voterToken(request))
                return Response(status: .noContent, headers: Self.headers(voter))
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

    private static func voterToken(_ request: Request) -> String? {
        request.headers[.debriefVoter]
    }

    /// The new identity's token, when the request made one.
    private static func headers(_ voter: RoomQuestionActions.Voter) -> HTTPFields {
        var headers: HTTPFields = [.cacheControl: "no-store"]
        if let issued = voter.issued { headers[.debriefVoter] = issued }
        return headers
    }

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
