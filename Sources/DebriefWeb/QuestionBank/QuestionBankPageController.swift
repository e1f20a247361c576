import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/question-bank`: the host's question bank (docs/decisions/0102-question-bank.md), each entry
/// with its kind and a preview, renamed or deleted by plain forms. Whose entries are whose is
/// ``QuestionBankActions``' (another host's entry is the 404 page).
struct QuestionBankPageController {
    let bank: QuestionBankActions

    struct BankPage {
        var entries: [BankEntryRow]
        var notice: String?
        var csrf: String
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("question-bank")
        group.get(use: self.show)
        group.post(":entryId/rename", use: self.rename)
        group.post(":entryId/delete", use: self.delete)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context)
    }

    @Sendable func rename(_ request: Request, context: AppRequestContext) async throws -> Response {
        let viewer = try context.requireViewer()
        let id = try context.requireID("entryId", "question bank entry")
        let fields = try await context.postedFields(request)
        _ = try await self.bank.entry(id, for: viewer)
        let t = Localizer(Language(request.headers))
        do {
            let name = try QuestionBankRenameInput(name: fields["name"]).validate().get()
            let renamed = try await self.bank.rename(id, to: name, by: viewer)
            return try await self.render(request, context, notice: t(QuestionBankPhrase.bankRenamed, ["name": renamed.name]))
        } catch let failure as ValidationFailure {
            let message = failure.problems.first.map { ProblemMessages.sentence(for: $0.message, in: t.language) }
            return try await self.render(request, context, refused: (id, message), status: .unprocessableContent)
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.requireID("entryId", "question bank entry")
        _ = try await context.postedFields(request)
        try await self.bank.delete(id, by: try context.requireViewer())
        return try await self.render(request, context, notice: Localizer(Language(request.headers))(QuestionBankPhrase.bankDeleted))
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, notice: String? = nil, refused: (UUID, String?)? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let entries = try await self.bank.entries(for: try context.requireViewer())
        let page = BankPage(
            entries: entries.map { BankEntryRow($0, t, nameError: $0.id == refused?.0 ? refused?.1 : nil) }, notice: notice,
            csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("question-bank", title: t(QuestionBankPhrase.bankHeading), view: page, context: context, status: status)
    }
}
