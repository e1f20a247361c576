import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The participant page's posts to the room's questions (docs/decisions/0075): `/f/{code}/room-questions`
/// posts one, `/f/{code}/room-questions/{id}/vote` upvotes (`up=true`) or takes the vote back
/// (`up=false`), and `GET /f/{code}/room-questions` is the list alone (as this browser sees it),
/// the fragment a live refetch reads (decision 75: the script is not built yet).
///
/// Each calls the same ``RoomQuestionActions`` as `/v1/f/{code}/room-questions…` (they decide
/// visibility, caps, text rules and votes), under the participant routes' rate limit and body
/// limit and the room's own rates per address (``Admission/roomPost(address:code:)``), naming
/// the participant by ``RoomVoterCookie``, whose proof (the form's `csrf`) a post from another
/// site cannot carry. A post that goes through goes back to the page (303) with a note; a
/// refused one gets the page again with what was typed, the problem next to its field (422) or a
/// cap's or a closed room's refusal (409) as a message, and nothing stored.
struct RoomQuestionPageController {
    let participants: ParticipantActions
    let questions: RoomQuestionActions
    let admission: Admission
    /// Renders the page after a refused post (``ParticipantPageController/landing(_:request:in:room:status:)``).
    let pages: ParticipantPageController

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(":code/room-questions", use: self.post)
        group.post(":code/room-questions/:questionId/vote", use: self.vote)
        group.get(":code/room-questions", use: self.list)
    }

    /// The notes of `/f/{code}?room=…`, set by a post that went through.
    static func note(_ value: String?, _ t: Localizer) -> String? {
        switch value {
        case "posted": t(RoomQuestionPhrase.roomQPosted)
        case "waiting": t(RoomQuestionPhrase.roomQWaiting)
        default: nil
        }
    }

    @Sendable func post(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await self.participants.form(code: Self.code(context))
        let fields = try await FormFields.read(request, limit: context.bodyLimit(atMost: self.pages.maxBodyBytes))
        let language = ParticipantPageController.formLanguage(form, request, picked: fields["language"])
        let t = Localizer(ParticipantPageController.pageLanguage(form, language, request))
        let voter = try await RoomVoterCookie.proven(request, fields, code: form.code, questions: self.questions)
        try self.admission.roomPost(address: context.clientAddress, code: form.code)
        var room = RoomQuestionsBlock.State(text: fields["text"] ?? "", name: fields["name"] ?? "")
        let status: HTTPResponse.Status
        do {
            let question = try await self.questions.post(RoomQuestionInput(text: fields["text"], name: fields["name"]), by: voter)
            return self.back(form, language, note: question.status == .visible ? "posted" : "waiting")
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            room.textError = errors["text"]
            room.nameError = errors["name"]
            status = .unprocessableContent
        } catch let refusal as DebriefError where refusal.code == .conflict {
            room.message = Self.message(refusal, t)
            status = .conflict
        }
        return try await self.pages.landing(
            try await self.participants.view(code: form.code), request: request, in: language, room: room, status: status)
    }

    @Sendable func vote(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await self.participants.form(code: Self.code(context))
        let question = try context.requireID("questionId", "question")
        let fields = try await FormFields.read(request, limit: context.bodyLimit(atMost: self.pages.maxBodyBytes))
        guard let up = fields["up"].flatMap({ Bool($0) }) else { throw APIError.badRequest("up", "must be true or false") }
        let language = ParticipantPageController.formLanguage(form, request, picked: fields["language"])
        let voter = try await RoomVoterCookie.proven(request, fields, code: form.code, questions: self.questions)
        try self.admission.roomVote(address: context.clientAddress, code: form.code)
        let t = Localizer(ParticipantPageController.pageLanguage(form, language, request))
        let room: RoomQuestionsBlock.State
        let status: HTTPResponse.Status
        do {
            try await self.questions.vote(up, question: question, by: voter)
            return self.back(form, language, note: nil)
        } catch let gone as DebriefError where gone.code == .notFound {
            // The form was found above: what is gone is the question (hidden, or never shown).
            room = RoomQuestionsBlock.State(message: t(RoomQuestionPhrase.roomQGone))
            status = .notFound
        } catch let off as DebriefError where off.code == .conflict {
            room = RoomQuestionsBlock.State(message: Self.message(off, t))
            status = .conflict
        }
        return try await self.pages.landing(
            try await self.participants.view(code: form.code), request: request, in: language, room: room, status: status)
    }

    /// The list alone, as this browser sees it (its votes marked); 404 while questions are off.
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await self.participants.form(code: Self.code(context))
        // The fragment issues nothing: the page it refreshes did, or showed no forms to prove.
        let identity = try await RoomVoterCookie.identity(request, code: form.code, questions: self.questions)
        let view = try await self.questions.roomView(code: form.code, voter: identity.voter)
        guard view.settings.enabled else { throw DebriefError.notFound("room questions") }
        let language = ParticipantPageController.formLanguage(form, request, picked: try request.pickedLanguage())
        let writer = try PageWriter(language: ParticipantPageController.pageLanguage(form, language, request))
        var response = writer.fragment(
            html: try writer.fragmentHTML("room-questions-fragment", view: RoomQuestionsList(view.questions, code: form.code, csrf: identity.csrf, t: writer.localizer)))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// Back to the page's questions (303).
    private func back(_ form: PublishedForm, _ language: LanguageTag, note: String?) -> Response {
        var query: [String] = form.definition.translations.isEmpty ? [] : ["lang=\(language.rawValue)"]
        if let note { query.append("room=\(note)") }
        return Response.seeOther("/f/\(form.code)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")) + "#room-questions")
    }

    /// A refusal that belongs to no field, in the participant's words.
    static func message(_ refusal: DebriefError, _ t: Localizer) -> String {
        switch refusal {
        case RoomQuestionCaps.participantReached: t(RoomQuestionPhrase.roomQCapParticipant, ["n": String(RoomQuestionCaps.perParticipant)])
        case RoomQuestionCaps.meetingReached: t(RoomQuestionPhrase.roomQCapMeeting, ["n": String(RoomQuestionCaps.perMeeting)])
        default: t(RoomQuestionPhrase.roomQClosed)
        }
    }

    private static func code(_ context: AppRequestContext) -> String {
        context.parameters.get("code") ?? ""
    }
}
