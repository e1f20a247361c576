import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/form/bank`: the builder's question bank (docs/decisions/0102-question-bank.md). Each
/// saved question of the form with "Save to bank" (the builder's per-question link lands on it),
/// and the host's entries with "Insert into this form", which saves the draft with the question
/// added last under a fresh key (``QuestionBankActions/insert(_:into:by:scope:)``: the form's own
/// validation, an open form refusing it) and goes back to the builder. Plain forms, no script.
struct FormBankPageController {
    let meetings: MeetingActions
    let forms: FormActions
    let bank: QuestionBankActions

    struct FormBankPage {
        struct Saveable {
            var key: String
            var kindLabel: String
            var prompt: String
            var nameError: String?
        }

        var heading: String
        var builderHref: String
        var saveAction: String
        var insertAction: String
        var questions: [Saveable]
        var entries: [BankEntryRow]
        var notice: String?
        var formError: String?
        var csrf: String
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/form/bank", use: self.show)
        group.post(":id/form/bank/save", use: self.save)
        group.post(":id/form/bank/insert", use: self.insert)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context, try await context.pathMeeting(self.meetings, toDo: .edit))
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        let key = fields["questionKey"] ?? ""
        let input = QuestionBankInput(meetingId: meeting.id.uuidString, questionKey: key, name: fields["name"])
        do {
            let saved = try await self.bank.save(try input.validate().get(), by: try context.requireViewer())
            return try await self.render(request, context, meeting, notice: t(QuestionBankPhrase.bankSaved, ["name": saved.name]))
        } catch let failure as ValidationFailure {
            let message = failure.problems.first.map { ProblemMessages.sentence(for: $0.message, in: t.language) }
            return try await self.render(request, context, meeting, refused: (key, message), status: .unprocessableContent)
        }
    }

    @Sendable func insert(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings, toDo: .edit)
        let fields = try await context.postedFields(request)
        guard let entry = fields["entryId"].flatMap(UUID.init(uuidString:)) else { throw DebriefError.notFound("question bank entry") }
        do {
            _ = try await self.bank.insert(entry, into: meeting.id, by: try context.requireViewer(), scope: FormBuilderController.scope(fields))
            return .seeOther("/m/\(meeting.id.lowercasedText)/form#add-questions")
        } catch let error as DebriefError where error.code == .conflict {
            let t = Localizer(Language(request.headers))
            return try await self.render(request, context, meeting, formError: t(QuestionBankPhrase.bankFormIsOpen), status: .conflict)
        } catch let failure as ValidationFailure {
            let t = Localizer(Language(request.headers))
            let message = failure.problems.map { $0.path + ": " + ProblemMessages.sentence(for: $0.message, in: t.language) }
            return try await self.render(request, context, meeting, formError: message.joined(separator: " "), status: .unprocessableContent)
        }
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, notice: String? = nil, formError: String? = nil,
        refused: (String, String?)? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        let id = meeting.id.lowercasedText
        let stored = try await self.forms.currentIfAny(meeting: meeting.id, visibleTo: viewer)
        let questions = (stored?.definition.questions ?? []).map { question in
            FormBankPage.Saveable(
                key: question.key.rawValue, kindLabel: BuilderPage.kindLabel(question.kind, t), prompt: question.prompt,
                nameError: refused?.0 == question.key.rawValue ? refused?.1 : nil)
        }
        let page = FormBankPage(
            heading: t(QuestionBankPhrase.formBankHeading, ["title": meeting.title]), builderHref: "/m/\(id)/form",
            saveAction: "/m/\(id)/form/bank/save", insertAction: "/m/\(id)/form/bank/insert", questions: questions,
            entries: try await self.bank.entries(for: viewer).map { BankEntryRow($0, t) }, notice: notice,
            formError: formError ?? (refused != nil && !questions.contains { $0.nameError != nil } ? refused?.1 : nil),
            csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("form-bank", title: page.heading, view: page, context: context, status: status)
    }
}
