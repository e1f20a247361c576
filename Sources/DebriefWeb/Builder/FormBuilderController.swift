import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/form`: the form builder. Without script every change is a button that posts the
/// whole draft and re-renders it (nothing typed is lost; problems stand next to their fields);
/// "Save draft" saves through ``FormActions`` (the JSON API's `PUT …/form` rules: on an open form
/// it fixes the wording in place, same code and QR code); "Preview"
/// shows the form as participants will see it, in a phone-sized frame. Publish, close and
/// reopen; import and export the definition as JSON (the API's shape); copy the form of an
/// earlier meeting into the draft.
struct FormBuilderController {
    let meetings: MeetingActions
    let forms: FormActions
    let publicBaseURL: String

    /// The largest builder post (a form of 100 questions with long prompts fits).
    static let maxBodyBytes = 256 * 1024

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/form", use: self.show)
        group.post(":id/form", use: self.edit)
        group.post(":id/form/publish", use: self.publish)
        group.post(":id/form/close", use: self.close)
        group.post(":id/form/reopen", use: self.reopen)
        group.get(":id/form/export", use: self.export)
        group.post(":id/form/import", use: self.importJSON)
        group.post(":id/form/copy", use: self.copy)
        group.post(":id/form/to-series", use: self.pushToSeries)
        group.post(":id/form/template", use: self.startFromTemplate)
        group.post(":id/form/save-template", use: self.saveAsTemplate)
    }

    /// "Make this the series' form": this session's current form becomes the series' form
    /// (``FormActions/pushToSeries(meeting:by:)``); sessions not yet published take it.
    @Sendable func pushToSeries(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        // The posted fields only carry the CSRF token, checked here.
        _ = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        do {
            _ = try await self.forms.pushToSeries(meeting: meeting.id, by: try context.requireViewer())
        } catch let failure as ValidationFailure {
            let stored = try await self.stored(meeting, context)
            let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
            return try await self.render(
                request, context, meeting, draft, stored: stored, failure: failure, status: .unprocessableContent)
        }
        let stored = try await self.stored(meeting, context)
        let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
        return try await self.render(request, context, meeting, draft, stored: stored, notice: t(.pushedToSeries))
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let stored = try await self.stored(meeting, context)
        let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
        return try await self.render(request, context, meeting, draft, stored: stored)
    }

    /// Every builder button: a change to the draft, "save", or "preview".
    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await FormFields.read(request, limit: Self.maxBodyBytes)
        try context.requireSessionCSRF(fields)
        var draft = BuilderDraft(fields)
        let action = fields["action"] ?? "save"
        let stored = try await self.stored(meeting, context)
        let t = Localizer(Language(request.headers))
        switch action {
        case "preview":
            let (input, parseProblems) = self.input(for: draft, keeping: stored, sessionEnd: meeting.endsAt)
            do {
                if !parseProblems.isEmpty { throw ValidationFailure(problems: parseProblems) }
                let definition = try input.validate(now: Date()).get()
                return try await self.render(request, context, meeting, draft, stored: stored, preview: definition, unsaved: true)
            } catch let failure as ValidationFailure {
                return try await self.refusal(request, context, meeting, draft, stored: stored, failure, input: input, parseProblems)
            }
        case "publish":
            // The button's `formaction` posts to `…/form/publish`; a browser that ignores it posts here.
            return try await self.publish(fields, request, context, meeting)
        case "save":
            switch try await self.save(draft, request, context, meeting, stored: stored, scope: Self.scope(fields)) {
            case .refused(let response):
                return response
            case .saved(let saved):
                return try await self.render(
                    request, context, meeting, BuilderDraft(saved.definition), stored: saved,
                    notice: t(saved.publishedAt == nil ? .draftSaved : .wordingSaved))
            }
        default:
            let focus = draft.apply(action)
            return try await self.render(request, context, meeting, draft, stored: stored, focus: focus, unsaved: true)
        }
    }

    /// The builder's Publish button posts the whole page (`formaction`): what is typed is saved
    /// first and then published, so no edit made since the last save is lost (issue 32). Refused,
    /// nothing is published and the page comes back with the edits and their problems. A post
    /// without the builder's fields (no `count`) publishes the saved draft, as the API does.
    @Sendable func publish(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await FormFields.read(request, limit: Self.maxBodyBytes)
        try context.requireSessionCSRF(fields)
        return try await self.publish(fields, request, context, meeting)
    }

    private func publish(_ fields: FormFields, _ request: Request, _ context: AppRequestContext, _ meeting: Meeting) async throws -> Response {
        var stored = try await self.stored(meeting, context)
        var draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
        if fields["count"] != nil {
            draft = BuilderDraft(fields)
            switch try await self.save(draft, request, context, meeting, stored: stored, publishing: true, scope: Self.scope(fields)) {
            case .refused(let response): return response
            case .saved(let saved): stored = saved
            }
        }
        do {
            _ = try await self.forms.publish(meeting: meeting.id, by: try context.requireViewer())
            return .seeOther("/m/\(meeting.id.lowercasedText)/form")
        } catch let error as DebriefError where error.code == .conflict {
            return try await self.render(request, context, meeting, draft, stored: stored, formError: error.message, status: .conflict)
        } catch let failure as ValidationFailure {
            return try await self.render(request, context, meeting, draft, stored: stored, failure: failure, status: .unprocessableContent)
        }
    }

    @Sendable func close(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.changeState(request, context) { try await self.forms.close(meeting: $0, by: $1) }
    }

    @Sendable func reopen(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.changeState(request, context) { try await self.forms.reopen(meeting: $0, by: $1) }
    }

    /// The current definition as the API's JSON (`PUT /v1/meetings/{id}/form` takes it back).
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let form = try await self.forms.current(meeting: meeting.id, visibleTo: try context.requireViewer())
        return try FormDefinitionResponse(definition: form.definition, meetingID: meeting.id).response(from: request, context: context)
    }

    /// Loads a pasted definition into the draft (saved only with "Save draft").
    @Sendable func importJSON(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await FormFields.read(request, limit: Self.maxBodyBytes)
        try context.requireSessionCSRF(fields)
        let stored = try await self.stored(meeting, context)
        let text = fields["json"] ?? ""
        guard let input = try? JSONCoding.decoder.decode(FormInput.self, from: Data(text.utf8)) else {
            let t = Localizer(Language(request.headers))
            let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
            return try await self.render(
                request, context, meeting, draft, stored: stored, importText: text, importError: t(.importInvalid),
                status: .unprocessableContent)
        }
        return try await self.render(request, context, meeting, BuilderDraft(input), stored: stored, unsaved: true)
    }

    /// Saves another meeting's current form as this meeting's draft, carried to this session
    /// (``FormActions/copyForm(from:to:by:)``: its translations kept, a close time shifted with
    /// the session). The builder's own draft fields hold no translations, so the copy is saved at
    /// once rather than loaded into the page; an open form refuses it as it refuses any change
    /// of meaning.
    @Sendable func copy(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        guard let from = fields["from"].flatMap(UUID.init(uuidString:)) else {
            throw APIError.badRequest("from", "must be a meeting's id")
        }
        let stored = try await self.stored(meeting, context)
        do {
            let copied = try await self.forms.copyForm(from: from, to: meeting.id, by: try context.requireViewer())
            return try await self.render(request, context, meeting, BuilderDraft(copied.definition), stored: copied)
        } catch let error as DebriefError where error.code == .conflict {
            let t = Localizer(Language(request.headers))
            let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
            return try await self.render(
                request, context, meeting, draft, stored: stored, formError: t(.formIsOpen) + " (" + error.message + ")", status: .conflict)
        }
    }

    // MARK: - Helpers

    /// The "Save for this session only" box: ticked, the session's own copy is saved.
    static func scope(_ fields: FormFields) -> DraftScope {
        fields["scope"] == DraftScope.session.rawValue ? .session : .series
    }

    /// What saving the posted draft came to: the stored form, or the page that refuses it.
    private enum Saving {
        case saved(StoredForm)
        case refused(Response)
    }

    /// Saves `draft` through ``FormActions``; refused (a problem, or the open form's rules), the
    /// page shows the draft as typed with the problems next to its fields and nothing is saved.
    private func save(
        _ draft: BuilderDraft, _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, stored: StoredForm?,
        publishing: Bool = false, scope: DraftScope = .series
    ) async throws -> Saving {
        let (input, parseProblems) = self.input(for: draft, keeping: stored, sessionEnd: meeting.endsAt)
        do {
            if !parseProblems.isEmpty { throw ValidationFailure(problems: parseProblems) }
            return .saved(try await self.forms.saveDraft(meeting: meeting.id, by: try context.requireViewer(), scope: scope) { input })
        } catch let failure as ValidationFailure {
            return .refused(
                try await self.refusal(request, context, meeting, draft, stored: stored, failure, input: input, parseProblems, publishing: publishing))
        } catch let error as DebriefError where error.code == .conflict {
            let t = Localizer(Language(request.headers))
            return .refused(
                try await self.render(
                    request, context, meeting, draft, stored: stored, formError: t(.formIsOpen) + " (" + error.message + ")",
                    status: .conflict, unsaved: true))
        }
    }

    /// The API's body for the draft, with the settings the builder has no field for kept as
    /// stored (a wording fix of the open form must not change them; see decision record 20).
    private func input(for draft: BuilderDraft, keeping stored: StoredForm?, sessionEnd: Date) -> (FormInput, [FieldProblem]) {
        var (input, parseProblems) = draft.input(sessionEnd: sessionEnd)
        if let kept = stored?.definition {
            input.oneResponsePerBrowser = input.oneResponsePerBrowser ?? kept.oneResponsePerBrowser
            input.acceptsAnswersFrom = input.acceptsAnswersFrom ?? kept.acceptsAnswersFrom.rawValue
            // Languages are edited on the translations page: a builder save keeps them, for
            // every text the new draft still has.
            input.language = kept.language.rawValue
            if !kept.translations.isEmpty, case .success(let fresh) = input.validate() {
                input.translations = kept.translationInputs(keeping: fresh.translatableTexts)
            }
        }
        return (input, parseProblems)
    }

    /// The draft as typed with every problem: the fields that are not even numbers, and what the
    /// domain finds in the rest.
    private func refusal(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, _ draft: BuilderDraft, stored: StoredForm?,
        _ failure: ValidationFailure, input: FormInput, _ parseProblems: [FieldProblem], publishing: Bool = false
    ) async throws -> Response {
        var problems = failure.problems
        if case .failure(let domain) = input.validate(now: Date()), !parseProblems.isEmpty {
            problems += domain.problems.filter { problem in !parseProblems.contains { $0.path == problem.path } }
        }
        // The close time came from the rule typed in hours: its problem stands at that field.
        if draft.closesAfterHours != nil {
            problems = problems.map { $0.path == "closesAt" ? FieldProblem("closesAfterHours", $0.message) : $0 }
        }
        let t = Localizer(Language(request.headers))
        return try await self.render(
            request, context, meeting, draft, stored: stored, failure: ValidationFailure(problems: problems),
            formError: publishing ? t(.publishHasErrors) : nil, status: .unprocessableContent, unsaved: true)
    }

    private func changeState(
        _ request: Request, _ context: AppRequestContext, _ change: (UUID, Viewer) async throws -> StoredForm
    ) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        // The post carries nothing but its CSRF token, checked here.
        _ = try await context.postedFields(request)
        let stored = try await self.stored(meeting, context)
        do {
            _ = try await change(meeting.id, try context.requireViewer())
            return .seeOther("/m/\(meeting.id.lowercasedText)/form")
        } catch let error as DebriefError where error.code == .conflict {
            let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
            return try await self.render(request, context, meeting, draft, stored: stored, formError: error.message, status: .conflict)
        } catch let failure as ValidationFailure {
            let draft = stored.map { BuilderDraft($0.definition) } ?? Self.starter(meeting)
            return try await self.render(request, context, meeting, draft, stored: stored, failure: failure, status: .unprocessableContent)
        }
    }

    func stored(_ meeting: Meeting, _ context: AppRequestContext) async throws -> StoredForm? {
        try await self.forms.currentIfAny(meeting: meeting.id, visibleTo: try context.requireViewer())
    }

    /// A first draft: the meeting's title and one question of each kind to edit.
    static func starter(_ meeting: Meeting) -> BuilderDraft {
        var draft = BuilderDraft()
        draft.title = meeting.title
        return draft
    }

    func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, _ draft: BuilderDraft, stored: StoredForm?,
        failure: ValidationFailure? = nil, notice: String? = nil, formError: String? = nil, focus: String? = nil,
        preview: FormDefinition? = nil, importText: String = "", importError: String? = nil, status: HTTPResponse.Status = .ok,
        unsaved: Bool = false
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let viewer = try context.requireViewer()
        // Only meetings with a form, latest first: the default is the latest session that has one.
        let sources = try await self.forms.copySources(for: viewer)
        var page = BuilderPage(
            draft: draft, meeting: meeting, stored: stored, failure: failure, csrf: context.sessionCSRFToken ?? "",
            publicBaseURL: self.publicBaseURL, sources: sources, language: writer.language)
        page.notice = notice
        page.templates = BuilderTemplates(
            meeting: meeting, templates: try await self.forms.templates(for: viewer), hasForm: stored != nil, viewer: viewer,
            failure: failure, language: writer.language)
        page.seriesForm = BuilderSeriesForm(
            meeting: meeting, stored: stored, series: try? await self.forms.seriesForm(series: meeting.seriesID, visibleTo: viewer),
            language: writer.language)
        page.showCloseRule(of: draft, stored: stored, sessionEnd: meeting.endsAt)
        page.formError = formError ?? (failure == nil ? nil : writer.localizer(.builderHasErrors))
        page.focus(focus)
        page.importText = importText
        page.importError = importError
        page.unsaved = unsaved
        // Beside the editor the preview shows the draft as it stands whenever it has no problems
        // (issue 32, item 5); "Preview" refreshes it without saving.
        var shown = preview
        if shown == nil, failure == nil {
            let (input, parseProblems) = self.input(for: draft, keeping: stored, sessionEnd: meeting.endsAt)
            if parseProblems.isEmpty, case .success(let definition) = input.validate(now: Date()) { shown = definition }
        }
        if let preview = shown {
            let form = PublishedForm(id: UUID(), meetingID: meeting.id, code: "PREVIEW", definition: preview)
            var view = ParticipantFormView(
                form: form, meetingTitle: meeting.title, meetingStartsAt: meeting.startsAt, meetingEndsAt: meeting.endsAt,
                meetingPlace: meeting.place, closesAt: preview.closesAt)
            // The form as the room will read it: the series' zone, named (decision 86).
            view.timeZone = meeting.seriesTimeZone
            page.preview = ParticipantFormPage(view, state: .init(), language: writer.language, formLanguage: preview.language)
        }
        var response = try writer.hostPage(
            // The script refreshes the preview in place by posting the draft to this page (`fetch`,
            // same origin): the policy of the page whose script connects to its own origin.
            "builder", title: page.heading, view: page, context: context, status: status, policy: ContentSecurityPolicy.dashboard,
            script: Assets.builderScript.url)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
