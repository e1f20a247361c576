import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/form/translations`: the form's texts side by side with their translations, the
/// missing ones flagged before publishing. Like the builder it works without script: "Add" and
/// "Remove" change the page, "Save" saves through ``FormActions`` (a draft may lack texts;
/// publishing, and a wording fix of the open form, need every one).
struct TranslationsController {
    let meetings: MeetingActions
    let forms: FormActions

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/form/translations", use: self.show)
        group.post(":id/form/translations", use: self.edit)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        guard let stored = try await self.stored(meeting, context) else { return .seeOther("/m/\(meeting.id.lowercasedText)/form") }
        return try self.render(request, context, meeting, stored.definition)
    }

    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request, limit: FormBuilderController.maxBodyBytes)
        guard let stored = try await self.stored(meeting, context) else { return .seeOther("/m/\(meeting.id.lowercasedText)/form") }
        var posted = Posted(fields, form: stored.definition)
        let action = fields["action"] ?? "save"
        if action == "add", let tag = fields["add"].flatMap(LanguageTag.init(rawValue:)), tag != posted.form.language {
            posted.form.translations[tag] = posted.form.translations[tag] ?? FormTranslation()
        } else if action.hasPrefix("remove:"), let tag = LanguageTag(rawValue: String(action.dropFirst("remove:".count))) {
            posted.form.translations[tag] = nil
        }
        guard action == "save" else { return try self.render(request, context, meeting, posted.form, typed: posted.typed) }
        let t = Localizer(Language(request.headers))
        do {
            let saved = try await self.forms.saveDraft(
                meeting: meeting.id, by: try context.requireViewer(), confirmingTranslations: true
            ) { posted.input() }
            return try self.render(request, context, meeting, saved.definition, notice: t(.translationsSaved))
        } catch let failure as ValidationFailure {
            return try self.render(
                request, context, meeting, posted.form, typed: posted.typed, problems: failure.problems,
                formError: t(.builderHasErrors), status: .unprocessableContent)
        } catch let error as DebriefError where error.code == .conflict {
            return try self.render(
                request, context, meeting, posted.form, typed: posted.typed, formError: error.message, status: .conflict)
        }
    }

    /// The page's post: the form's own language, the languages shown (`languages`, space
    /// separated) and every typed text, by language and path.
    struct Posted {
        var form: FormDefinition
        var typed: [String: [String: String]] = [:]

        init(_ fields: FormFields, form stored: FormDefinition) {
            self.form = stored
            if let raw = fields["language"], let tag = LanguageTag(rawValue: raw) { self.form.language = tag }
            let tags = (fields["languages"] ?? "").split(separator: " ").compactMap { LanguageTag(rawValue: String($0)) }
            self.form.translations = Dictionary(uniqueKeysWithValues: tags.map { ($0, stored.translations[$0] ?? FormTranslation()) })
            for tag in tags {
                for text in stored.translatableTexts {
                    self.typed[tag.rawValue, default: [:]][text.path] = fields["tr.\(tag.rawValue).\(text.path)"] ?? ""
                }
            }
        }

        /// The API's body: the stored form with the posted languages and the texts typed (an
        /// empty input is a missing text).
        func input() -> FormInput {
            var input = FormInput(self.form)
            input.language = self.form.language.rawValue
            let texts = self.form.translatableTexts
            input.translations = Dictionary(
                uniqueKeysWithValues: self.form.translations.keys.map { tag in
                    var translation = TranslationInput()
                    for text in texts {
                        if let value = self.typed[tag.rawValue]?[text.path], !value.isEmpty { translation.set(value, for: text) }
                    }
                    return (tag.rawValue, translation)
                })
            return input
        }
    }

    private func stored(_ meeting: Meeting, _ context: AppRequestContext) async throws -> StoredForm? {
        try await self.forms.currentIfAny(meeting: meeting.id, visibleTo: try context.requireViewer())
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, _ form: FormDefinition,
        typed: [String: [String: String]] = [:], problems: [FieldProblem] = [], notice: String? = nil, formError: String? = nil,
        status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let writer = try PageWriter(request)
        var page = TranslationsPage(
            meeting: meeting, form: form, typed: typed, problems: problems, csrf: context.sessionCSRFToken ?? "", t: writer.localizer)
        page.notice = notice
        page.formError = formError
        var response = try writer.hostPage("translations", title: page.heading, view: page, context: context, status: status)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
