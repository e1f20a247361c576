import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import Hummingbird

/// `POST /f/{code}/reactions`: the participant page's reaction buttons (docs/decisions/0100),
/// under the participant pages' rate limit. It names the participant by the room's
/// ``RoomVoterCookie`` and its proof (the form's `csrf`), as the room's posts and votes do, and
/// calls the same ``ReactionActions`` as `POST /v1/f/{code}/reactions`. Every outcome goes back
/// to the page's room section (303) with a note: sent, past a cap (the JSON API's 429), or the
/// room off (409); a closed form is the closed page (410), a reaction the service does not have a
/// 422 page.
struct ReactionPageController {
    let reactions: ReactionActions
    let questions: RoomQuestionActions
    let admission: Admission
    let maxBodyBytes: Int

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(":code/reactions", use: self.send)
    }

    /// The notes of `/f/{code}?room=…` this controller sets, in the participant's words.
    static func note(_ value: String?, _ t: Localizer) -> String? {
        switch value {
        case "reacted": t(ReactionPhrase.reactionSent)
        case "reaction-limited": t(ReactionPhrase.reactionLimited)
        case "reaction-off": t(ReactionPhrase.reactionOff)
        default: nil
        }
    }

    @Sendable func send(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await self.reactions.form(code: context.parameters.get("code") ?? "")
        let fields = try await FormFields.read(request, limit: context.bodyLimit(atMost: self.maxBodyBytes))
        let language = ParticipantPageController.formLanguage(form, request, picked: fields["language"])
        let voter = try await RoomVoterCookie.proven(request, fields, code: form.code, questions: self.questions)
        try self.admission.roomReaction(address: context.clientAddress, code: form.code)
        let note: String
        do {
            _ = try await self.reactions.send(ReactionInput(reaction: fields["reaction"]), by: voter)
            note = "reacted"
        } catch let refusal as DebriefError where refusal.code == .rateLimited {
            note = "reaction-limited"
        } catch let refusal as DebriefError where refusal.code == .conflict {
            note = "reaction-off"
        }
        var query: [String] = form.definition.translations.isEmpty ? [] : ["lang=\(language.rawValue)"]
        query.append("room=\(note)")
        return Response.seeOther("/f/\(form.code)?" + query.joined(separator: "&") + "#reactions")
    }
}
