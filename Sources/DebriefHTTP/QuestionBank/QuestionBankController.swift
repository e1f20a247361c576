import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// The question bank over the JSON API (`/v1/question-bank…`, `POST /v1/meetings/{id}/form/questions/from-bank`;
/// docs/decisions/0102-question-bank.md). Behind ``AuthMiddleware``. Every decision stays with
/// ``QuestionBankActions``: whose entries are whose (another host's is 404), the cap, who may
/// edit a meeting, and how an inserted question is validated and saved.
public struct QuestionBankController: Sendable {
    let bank: QuestionBankActions
    let publicBaseURL: String

    public init(bank: QuestionBankActions, publicBaseURL: String) {
        self.bank = bank
        self.publicBaseURL = publicBaseURL
    }

    public func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("question-bank") { _, context -> QuestionBankList in
            let entries = try await self.bank.entries(for: try context.requireViewer())
            return QuestionBankList(items: entries.map(QuestionBankSummaryResponse.init))
        }
        group.post("question-bank") { request, context -> EditedResponse<QuestionBankEntryResponse> in
            let viewer = try context.requireViewer()
            let input = try await request.decodeJSON(as: QuestionBankInput.self, context: context)
            let saved = try await self.bank.save(try input.validate().get(), by: viewer)
            return EditedResponse(status: .created, response: QuestionBankEntryResponse(saved))
        }
        group.get("question-bank/:entryId") { _, context -> QuestionBankEntryResponse in
            QuestionBankEntryResponse(try await self.bank.entry(try context.requireID("entryId", "question bank entry"), for: try context.requireViewer()))
        }
        group.patch("question-bank/:entryId") { request, context -> QuestionBankEntryResponse in
            let viewer = try context.requireViewer()
            let id = try context.requireID("entryId", "question bank entry")
            // Whose entry it is is settled before what the body says.
            _ = try await self.bank.entry(id, for: viewer)
            let name = try await request.decodeJSON(as: QuestionBankRenameInput.self, context: context).validate().get()
            return QuestionBankEntryResponse(try await self.bank.rename(id, to: name, by: viewer))
        }
        group.delete("question-bank/:entryId") { _, context -> Response in
            try await self.bank.delete(try context.requireID("entryId", "question bank entry"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("meetings/:id/form/questions/from-bank") { request, context -> FormResponse in
            let viewer = try context.requireViewer()
            let meeting = try context.requireID("id", "meeting")
            let input = try await request.decodeJSON(as: InsertFromBankInput.self, context: context)
            let (entry, scope) = try input.validate().get()
            let inserted = try await self.bank.insert(entry, into: meeting, by: viewer, scope: scope)
            return FormResponse(form: inserted.form, publicBaseURL: self.publicBaseURL)
        }
    }
}

/// The body of `POST /v1/meetings/{id}/form/questions/from-bank`: `{"entryId", "scope"?}`.
struct InsertFromBankInput: Decodable {
    var entryId: String?
    /// `series` (default) or `session`, as `PUT …/form?scope=` says.
    var scope: String?

    /// The entry's id and the scope, or the problems (paths `entryId`, `scope`).
    func validate() -> Result<(UUID, DraftScope), ValidationFailure> {
        var problems = ProblemCollector()
        var id: UUID?
        if let text = self.entryId {
            id = UUID(uuidString: text)
            if id == nil { problems.add("entryId", "must be a question bank entry's id") }
        } else {
            problems.add("entryId", "is required")
        }
        var scope = DraftScope.series
        if let text = self.scope {
            if let parsed = DraftScope(rawValue: text) { scope = parsed } else { problems.add("scope", "must be series or session") }
        }
        return problems.result { id.map { ($0, scope) } }
    }
}
