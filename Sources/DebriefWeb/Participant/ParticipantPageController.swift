import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// The participant's pages: `/f/{code}` shows the form and takes its post, `/f/{code}/check-in`
/// checks in, `/f/{code}/thanks` thanks (with the results, when the host shares them). A series'
/// stable code in place of a form's leads to the series' current session (``SeriesCodePage``).
///
/// Works without script. Posts go through ``ParticipantActions``, exactly like the JSON API, with
/// the API's rate limits (the same buckets) and body limit. A random idempotency key in each page
/// load makes a double tap or a resubmitted post store one response. The key, and
/// `form-action 'self'`, are what a cross-site post lacks.
///
/// These pages alone may be framed by the sites `--embed-origins` lists (``FramePolicy``).
///
/// The one cookie a participant gets is the receipt of an answer to an anonymous form limited to
/// one response per browser (``FormDefinition/limitsResponsesPerBrowser``): signed by the server
/// (``BrowserReceipts``), scoped to the form's path, it makes the page refuse a second response
/// from that browser. It stops a second tap of the same phone, not someone who clears cookies or
/// uses another browser (the README says so); the JSON API, which takes no cookies, is not limited.
/// Inside a frame on another site it is partitioned to that site (``ReceiptCookie``).
struct ParticipantPageController {
    let participants: ParticipantActions
    let results: ResultsActions
    /// The participant routes' body limit, the same as the API's.
    let maxBodyBytes: Int
    /// Signs and checks the "answered from this browser" cookie; nil turns the limit off.
    var receipts: BrowserReceipts? = nil
    var securesCookies = false
    /// Whether another site may frame these pages: a receipt made in a frame is then partitioned.
    var embedding = false
    /// Questions from the room (docs/decisions/0075); nil leaves the section and its routes out.
    var roomQuestions: RoomQuestionActions? = nil

    static let receiptCookieName = ReceiptCookie.name

    func addRoutes(to router: Router<AppRequestContext>, rateLimit: RateLimitMiddleware) {
        let group = router.group("f")
            .add(middleware: PageErrorMiddleware(subject: .form))
            .add(middleware: rateLimit)
        group.get(":code") { request, context -> Response in
            let view: ParticipantFormView
            do {
                view = try await self.participants.view(code: Self.code(context))
            } catch let error as DebriefError where error.code == .notFound {
                // No form has the code: a series' stable code leads to its current session.
                return try await SeriesCodePage.response(
                    code: Self.code(context), request: request, participants: self.participants, notFound: error)
            }
            let language = Self.formLanguage(view.form, request, picked: try request.pickedLanguage())
            // A browser new to the room's questions gets its identity with the page (decision 75).
            let room = RoomQuestionsBlock.State(issuing: (rateLimit.admission, context.clientAddress))
            return try await self.landing(view, request: request, in: language, room: room)
        }
        group.post(":code", use: self.submit)
        group.get(":code/change", use: self.change)
        group.post(":code/check-in", use: self.checkIn)
        group.get(":code/thanks", use: self.thanks)
        if let questions = self.roomQuestions {
            RoomQuestionPageController(participants: self.participants, questions: questions, admission: rateLimit.admission, pages: self)
                .addRoutes(to: group)
        }
    }

    /// What `/f/{code}` shows: a browser that answered this form already sees so, not the form
    /// under an error (where it may change its answers, the page offers that); else the form.
    /// `room` is the room's questions section after a post (what was typed, a refusal).
    func landing(
        _ view: ParticipantFormView, request: Request, in language: LanguageTag, room: RoomQuestionsBlock.State? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        if try await self.answersToChange(view.form, request) != nil {
            return try await self.answeredPage(
                view.form, .answeredEditableBody, status: status, request: request, in: language, changeable: true, room: room)
        }
        if try await self.answeredFromThisBrowser(view.form, request) {
            return try await self.answeredPage(view.form, .answeredFromBrowserBody, status: status, request: request, in: language, room: room)
        }
        // A roster member's personal link (`?p=`, decision 77) rides along in a hidden field.
        var state = ParticipantFormPage.State()
        state.personalLink = Self.personalLink(request.uri.queryParameters.get("p"))
        Self.fillTap(request, of: view.form.definition, into: &state, Localizer(Self.pageLanguage(view.form, language, request)))
        return try await self.formPage(view, state: state, status: status, request: request, in: language, room: room)
    }

    /// Stores the answers and sends the browser to the thanks page; a refused submission shows
    /// the form again (422) with what was typed and each problem next to its question.
    @Sendable func submit(_ request: Request, context: AppRequestContext) async throws -> Response {
        // The cached form, as the API's submit reads it; the page around it only when needed again.
        let form = try await self.participants.form(code: Self.code(context))
        let fields = try await FormFields.read(request, limit: context.bodyLimit(atMost: self.maxBodyBytes))
        guard let key = fields["idempotency_key"], IdempotencyClaim.isValidKey(key) else {
            throw APIError.badRequest("idempotency_key", "is missing; reload the page")
        }
        let token = fields["participant_token"].flatMap { $0.isEmpty ? nil : $0 }
        let opened = fields["opened_token"].flatMap { $0.isEmpty ? nil : $0 }
        var posted = PostedAnswers(fields, form: form.definition, participantToken: token)
        posted.input.openedToken = opened
        posted.input.personalLink = fields["personal_link"].flatMap { $0.isEmpty ? nil : $0 }
        posted.input.language = fields["language"]
        let language = Self.formLanguage(form, request, picked: fields["language"])
        var state = ParticipantFormPage.State(idempotencyKey: key, participantToken: token, fields: fields)
        state.personalLink = Self.personalLink(posted.input.personalLink)
        let t = Localizer(Self.pageLanguage(form, language, request))
        // The earlier response this browser may change (forms that allow editing): replaced, not doubled.
        let revising = token == nil ? try await self.receiptResponse(form, request) : nil
        if token == nil, try await self.answeredFromThisBrowser(form, request) {
            return try await self.answeredPage(form, .answeredFromBrowserBody, status: .conflict, request: request, in: language)
        }
        do {
            let accepted = try await self.participants.submitWaitingForTwin(
                posted.input, to: form, idempotencyKey: key, revising: revising)
            // The thank-you page stays in the language the form was answered in.
            var response = Response.seeOther(
                "/f/\(form.code)/thanks" + (form.definition.translations.isEmpty ? "" : "?lang=\(language.rawValue)"))
            if token == nil, Self.keepsReceipt(form.definition), let receipts = self.receipts {
                let receipt = try await receipts.issue(code: form.code, response: accepted.responseID)
                ReceiptCookie(secures: self.securesCookies, embedding: self.embedding)
                    .set(receipt, code: form.code, on: &response, request: request)
            }
            return response
        } catch let failure as ValidationFailure {
            let placed = posted.place(failure.problems)
            state.problemsByQuestion = placed.byQuestion
            for problem in placed.general {
                switch problem.path {
                // A token of a shape no check-in has.
                case "participantToken":
                    state.participantToken = nil
                    state.generalErrors.append(t(.checkInUnknown))
                // A page's own ticket that no longer checks (the server's key changed): the page
                // comes back with a fresh one, and the answers send as they are.
                case "openedToken": state.generalErrors.append(t(.reloadedForm))
                case "personalLink":
                    state.personalLink = nil
                    state.generalErrors.append(t(RemindPhrase.personalLinkUnknown))
                default: state.generalErrors.append(ProblemMessages.sentence(for: problem.message, in: t.language))
                }
            }
        } catch let refusal as SubmissionRefusal {
            switch refusal {
            // Only a form without editing refuses a second response: nothing to change, so no form.
            case .alreadyAnswered:
                return try await self.answeredPage(form, .answeredBody, status: .conflict, request: request, in: language)
            case .keyInFlight: state.generalErrors.append(t(.stillSaving))
            case .keyReusedWithAnotherBody: state.generalErrors.append(t(.alreadySent))
            case .unknownParticipant:
                state.participantToken = nil
                state.generalErrors.append(t(.checkInUnknown))
            // Answered through their link already: one response per person.
            case .personalLinkUsed:
                return try await self.answeredPage(form, .answeredBody, status: .conflict, request: request, in: language)
            // A link that is no member's for this session: the page carries it no further.
            case .unknownPersonalLink:
                state.personalLink = nil
                state.generalErrors.append(t(RemindPhrase.personalLinkUnknown))
            }
        }
        let view = try await self.participants.view(code: form.code, presenting: opened)
        return try await self.formPage(view, state: state, status: .unprocessableContent, request: request, in: language)
    }

    /// "You already answered": a friendly page instead of the form under an error, with a link to
    /// the shared results when the host shares them.
    private func answeredPage(
        _ form: PublishedForm, _ body: FinishPhrase, status: HTTPResponse.Status, request: Request, in language: LanguageTag,
        changeable: Bool = false, room: RoomQuestionsBlock.State? = nil
    ) async throws -> Response {
        let writer = try PageWriter(language: Self.pageLanguage(form, language, request))
        let shared = try await self.results.sharedReport(formCode: form.code) != nil
        let query = form.definition.translations.isEmpty ? "" : "?lang=\(language.rawValue)"
        var page = AnsweredPage(
            formTitle: form.definition.localized(to: language).title, formLanguage: language.rawValue,
            body: writer.localizer(body), resultsHref: shared ? "/f/\(form.code)/thanks\(query)" : nil,
            changeHref: changeable ? "/f/\(form.code)/change\(query)" : nil)
        let roomBlock = try await self.roomBlock(form.code, language, room, request, writer.localizer)
        page.roomQuestions = roomBlock.block
        let live = page.roomQuestions != nil
        var response = try writer.page(
            "participant-answered", title: writer.localizer(.answeredHeading), view: page, status: status,
            policy: live ? ContentSecurityPolicy.dashboard : ContentSecurityPolicy.page, alsoScripts: live ? [Assets.roomQuestionsScript.url] : [])
        self.keep(roomBlock.issued, code: form.code, on: &response, request: request)
        return response
    }

    struct AnsweredPage {
        var formTitle: String
        var formLanguage: String
        var body: String
        var resultsHref: String?
        /// "Change my answers", where this browser may.
        var changeHref: String?
        /// The room's questions, when the host turned them on: answering does not end them.
        var roomQuestions: RoomQuestionsBlock? = nil
    }

    /// Whether an answer from a browser without a participant token gets the receipt cookie: on
    /// forms limited to one response per browser (it refuses the next), and on anonymous forms
    /// that allow editing (it lets that browser change its answers).
    static func keepsReceipt(_ form: FormDefinition) -> Bool {
        form.limitsResponsesPerBrowser || ParticipantActions.receiptChangesAnswers(on: form)
    }

    /// The response this browser's receipt names, on a form where a receipt changes answers.
    private func receiptResponse(_ form: PublishedForm, _ request: Request) async throws -> UUID? {
        guard ParticipantActions.receiptChangesAnswers(on: form.definition), let receipts = self.receipts,
            let receipt = request.cookies[Self.receiptCookieName]?.value
        else { return nil }
        return try await receipts.response(of: receipt, code: form.code)
    }

    /// The answers this browser sent earlier and may change; nil when it may not (no receipt, a
    /// form without editing, or the host removed the response).
    private func answersToChange(_ form: PublishedForm, _ request: Request) async throws -> [Answer]? {
        guard let id = try await self.receiptResponse(form, request) else { return nil }
        return try await self.participants.answersToChange(id, on: form)
    }

    /// "Change my answers": the form filled in with the answers this browser sent, which a send
    /// replaces. A closed form is the closed page (the view refuses it); a browser with nothing to
    /// change goes to the form.
    @Sendable func change(_ request: Request, context: AppRequestContext) async throws -> Response {
        let view = try await self.participants.view(code: Self.code(context))
        let language = Self.formLanguage(view.form, request, picked: try request.pickedLanguage())
        guard let answers = try await self.answersToChange(view.form, request) else {
            return Response.seeOther("/f/\(view.form.code)" + (view.form.definition.translations.isEmpty ? "" : "?lang=\(language.rawValue)"))
        }
        let t = Localizer(Self.pageLanguage(view.form, language, request))
        let state = ParticipantFormPage.State(fields: PostedAnswers.fields(of: answers), changingNote: t(SeriesPhrase.changingAnswersNote))
        return try await self.formPage(view, state: state, status: .ok, request: request, in: language)
    }

    /// Whether this browser holds a valid receipt of an answer to `form`, on a form limited to one
    /// response per browser.
    private func answeredFromThisBrowser(_ form: PublishedForm, _ request: Request) async throws -> Bool {
        guard form.definition.limitsResponsesPerBrowser, let receipts = self.receipts,
            let receipt = request.cookies[Self.receiptCookieName]?.value
        else { return false }
        return try await receipts.isValid(receipt, code: form.code)
    }

    /// Checks in and shows the form again, now carrying the participant token (in a hidden
    /// field: participants get no cookie).
    @Sendable func checkIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await FormFields.read(request, limit: context.bodyLimit(atMost: self.maxBodyBytes))
        let view = try await self.participants.view(
            code: Self.code(context), presenting: fields["opened_token"].flatMap { $0.isEmpty ? nil : $0 })
        let language = Self.formLanguage(view.form, request, picked: fields["language"])
        let t = Localizer(Self.pageLanguage(view.form, language, request))
        var state = ParticipantFormPage.State(checkInName: fields["name"] ?? "")
        state.personalLink = Self.personalLink(fields["personal_link"])
        do {
            // A page that already holds a token (a second tap, a reload) presents it: one person.
            let receipt = try await self.participants.checkIn(
                to: view.form, rawName: fields["name"], earlierToken: fields["participantToken"].flatMap { $0.isEmpty ? nil : $0 })
            state.participantToken = receipt.participantToken
            let name = view.form.definition.anonymous ? nil : (try? PersonName.validated(fields["name"]))?.text
            state.checkedInNote = name.map { t(.checkedInAs, ["name": $0]) } ?? t(.checkedIn)
            return try await self.formPage(view, state: state, status: .ok, request: request, in: language)
        } catch let failure as ValidationFailure {
            state.checkInNameError = failure.messages(at: "name").first ?? failure.problems.first?.message
            return try await self.formPage(view, state: state, status: .unprocessableContent, request: request, in: language)
        }
    }

    /// The thank-you page, with the results when the host shares them (nothing otherwise: a
    /// participant cannot tell "not shared" from "no results").
    @Sendable func thanks(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await self.participants.form(code: Self.code(context))
        let language = Self.formLanguage(form, request, picked: try request.pickedLanguage())
        let writer = try PageWriter(language: Self.pageLanguage(form, language, request))
        // Phone first: a narrow chart keeps its labels legible at 360 px. The results in the
        // language the participant read the form in (its translation's prompts and options), and
        // short answers as the word cloud the room sees.
        let results = try await self.results.sharedReport(formCode: form.code, language: { _ in language }).map {
            ResultsView($0.report.questions, earlier: $0.report.earlierQuestions, language: writer.language, chartWidth: 480, wordClouds: true)
        }
        // Shared live: `room.js` redraws the results from the room's stream (docs/live.md).
        let live = results != nil && form.definition.sharesResultsWithParticipants && form.definition.sharesResultsLive
        let session = try await self.participants.sessionTime(code: form.code)
        return try writer.page(
            "participant-thanks", title: writer.localizer(.thanksHeading),
            view: ThanksPage(
                formTitle: form.definition.localized(to: language).title,
                meetingTime: session.map { DateText.participant($0.startsAt, zone: $0.timeZone, writer.language) },
                results: results, calendarHref: "/v1/f/\(form.code)/calendar.ics",
                liveURL: live ? "/v1/f/\(form.code)/results/live" : nil),
            policy: live ? ContentSecurityPolicy.dashboard : ContentSecurityPolicy.page, script: live ? Assets.roomScript.url : nil)
    }

    struct ThanksPage {
        var formTitle: String
        /// When the session starts, in the series' zone with the zone named (decision 59).
        var meetingTime: String?
        var results: ResultsView?
        /// The session's "add to my calendar" (`GET /v1/f/{code}/calendar.ics`).
        var calendarHref: String
        /// The room's live stream, when the host shares the results live.
        var liveURL: String?
    }

    /// The language to show `form` in: the one picked (the picker's `?lang=`, or the `language`
    /// a posted page carried) when the form has it, else the best of `Accept-Language`.
    static func formLanguage(_ form: PublishedForm, _ request: Request, picked: String?) -> LanguageTag {
        form.definition.language(requested: picked, preference: LanguagePreference(acceptLanguage: request.headers[.acceptLanguage]))
    }

    /// The page's own words: on a form in several languages those of the language it is shown in
    /// (when the pages speak it), so the whole page reads in one language; on a form in one
    /// language the browser's, as on every other page.
    static func pageLanguage(_ form: PublishedForm, _ formLanguage: LanguageTag, _ request: Request) -> Language {
        (form.definition.translations.isEmpty ? nil : Language(formLanguage)) ?? Language(request.headers)
    }

    private func formPage(
        _ view: ParticipantFormView, state: ParticipantFormPage.State, status: HTTPResponse.Status, request: Request,
        in formLanguage: LanguageTag, room: RoomQuestionsBlock.State? = nil
    ) async throws -> Response {
        let writer = try PageWriter(language: Self.pageLanguage(view.form, formLanguage, request))
        var page = ParticipantFormPage(view, state: state, language: writer.language, formLanguage: formLanguage)
        let roomBlock = try await self.roomBlock(view.form.code, formLanguage, room, request, writer.localizer)
        page.add(roomBlock.block, t: writer.localizer)
        // Only a form with follow-ups gets their script: it hides and shows them (the page works
        // without); only a room taking questions gets theirs, which refetches the list live
        // (and connects to the page's own origin); a kind with a script of its own gets it once.
        let hasFollowUps = view.form.definition.questions.contains { $0.showWhen != nil }
        let kindScripts = Set(view.form.definition.questions.compactMap { $0.kind.page?.participantScript?.url }).sorted()
        let room = page.roomQuestions != nil
        let scripted = hasFollowUps || !kindScripts.isEmpty
        var response = try writer.page(
            "participant-form", title: page.formTitle, view: page, status: status,
            policy: room ? ContentSecurityPolicy.dashboard : scripted ? ContentSecurityPolicy.scripted : ContentSecurityPolicy.page,
            script: hasFollowUps ? Assets.followUpScript.url : nil, alsoScripts: kindScripts + (room ? [Assets.roomQuestionsScript.url] : []),
            alsoStyles: [view.teamLook?.stylesheetPath].compactMap { $0 })
        self.keep(roomBlock.issued, code: view.form.code, on: &response, request: request)
        return response
    }

    /// A tap in a roster message (`?tap=`, decision 103) fills in the answer it names of the form's
    /// one-tap question, and says so; a label that is not one of its answers fills in nothing.
    /// Only the page changes: the answer is stored when the participant sends the form.
    private static func fillTap(_ request: Request, of form: FormDefinition, into state: inout ParticipantFormPage.State, _ t: Localizer) {
        guard let label = request.uri.queryParameters.get(OneTapQuestion.queryName), let question = OneTapQuestion(form: form),
            let value = question.value(labelled: String(label)), let fields = value.kind.page?.postedFields(of: value, question: question.key)
        else { return }
        state.fields = FormFields(fields)
        state.filledNote = t(SeriesPhrase.oneTapFilledNote)
    }

    /// A personal link the page may carry along: only one of the shape the server mints (the
    /// submission checks that it is this session's).
    private static func personalLink(_ raw: String?) -> String? {
        raw.flatMap { PersonalLinkRules.looksLikeOne($0) ? $0 : nil }
    }

    /// The room's questions section for the browser asking (its ``RoomVoterCookie``), or nil when
    /// the host has not turned them on, and the identity this render issued the browser, if any
    /// (`state.issuing`). After a post that went through, `?room=` says how it went.
    private func roomBlock(
        _ code: String, _ formLanguage: LanguageTag, _ state: RoomQuestionsBlock.State?, _ request: Request, _ t: Localizer
    ) async throws -> (block: RoomQuestionsBlock?, issued: String?) {
        guard let questions = self.roomQuestions else { return (nil, nil) }
        var state = state ?? RoomQuestionsBlock.State()
        var identity = try await RoomVoterCookie.identity(request, code: code, questions: questions)
        let view = try await questions.roomView(code: code, voter: identity.voter)
        if view.settings.enabled, identity.voter == nil, let issuing = state.issuing {
            identity = try await RoomVoterCookie.issue(code: code, questions: questions, issuing: issuing)
        }
        if state.note == nil {
            let room = request.uri.queryParameters.get("room").map { String($0) }
            state.note = RoomQuestionPageController.note(room, t) ?? ReactionPageController.note(room, t)
        }
        let block = RoomQuestionsBlock(view, code: code, csrf: identity.csrf, formLanguage: formLanguage.rawValue, state: state, t: t)
        return (block, block == nil ? nil : identity.issued)
    }

    /// Keeps an identity the room's section issued in its cookie.
    private func keep(_ issued: String?, code: String, on response: inout Response, request: Request) {
        guard let issued else { return }
        RoomVoterCookie(attributes: ReceiptCookie(secures: self.securesCookies, embedding: self.embedding))
            .set(issued, code: code, on: &response, request: request)
    }

    private static func code(_ context: AppRequestContext) -> String {
        context.parameters.get("code") ?? ""
    }
}
