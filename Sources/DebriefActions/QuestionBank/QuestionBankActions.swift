import Debrief
import DebriefStore
import Foundation

/// A host's question bank (issue 71 goal 7, docs/decisions/0102-question-bank.md): save a single
/// question of a form they may edit, with its translations, and insert it into another form.
/// Who may edit a meeting is ``MeetingActions``'; whose entries are whose, and the cap, are
/// ``QuestionBankStore``'s; an insertion is saved as any draft is, by ``FormActions/saveDraft(meeting:by:scope:confirmingTranslations:_:)``
/// (the form's validation, and an open form refusing a change of meaning).
public struct QuestionBankActions: Sendable {
    let bank: QuestionBankStore
    let meetings: MeetingActions
    let forms: FormActions

    public init(bank: QuestionBankStore, meetings: MeetingActions, forms: FormActions) {
        self.bank = bank
        self.meetings = meetings
        self.forms = forms
    }

    /// The viewer's entries, newest first.
    public func entries(for viewer: Viewer) async throws -> [QuestionBankEntry] {
        try await self.bank.list(for: viewer)
    }

    /// The viewer's entry `id`, or `notFound` (another host's, or none).
    public func entry(_ id: UUID, for viewer: Viewer) async throws -> QuestionBankEntry {
        guard let entry = try await self.bank.find(id, for: viewer) else { throw DebriefError.notFound("question bank entry") }
        return entry
    }

    /// Keeps question `request.questionKey` of the meeting's current form in the viewer's bank.
    /// Who may edit the meeting is settled first (`notFound` for another host's); a key the form
    /// does not have is a problem at `questionKey`.
    public func save(_ request: QuestionBankRequest, by viewer: Viewer) async throws -> QuestionBankEntry {
        _ = try await self.meetings.find(request.meetingID, visibleTo: viewer, toDo: .edit)
        let form = try await self.forms.current(meeting: request.meetingID, visibleTo: viewer)
        guard let banked = BankedQuestion(question: request.questionKey, of: form.definition) else {
            throw ValidationFailure(FieldProblem("questionKey", "is not a question of the meeting's form"))
        }
        let name = QuestionBankInput.name(request.name, prompt: banked.question.prompt)
        return try await self.bank.save(banked, name: name, by: viewer)
    }

    public func rename(_ id: UUID, to name: String, by viewer: Viewer) async throws -> QuestionBankEntry {
        try await self.bank.rename(id, to: name, by: viewer)
    }

    public func delete(_ id: UUID, by viewer: Viewer) async throws {
        try await self.bank.delete(id, by: viewer)
    }

    /// Adds entry `id` as the last question of meeting `meeting`'s form under a fresh key
    /// (``BankedQuestion/inserted(into:)``), saved as the draft is (`scope` as the builder's).
    /// A form with no draft yet starts from the meeting's title. The meeting is checked before
    /// the entry, so another host's meeting is `notFound` whatever the entry.
    public func insert(
        _ id: UUID, into meeting: UUID, by viewer: Viewer, scope: DraftScope = .series
    ) async throws -> (form: StoredForm, key: QuestionKey) {
        let target = try await self.meetings.find(meeting, visibleTo: viewer, toDo: .edit)
        let entry = try await self.entry(id, for: viewer)
        let current = try await self.forms.currentIfAny(meeting: meeting, visibleTo: viewer)?.definition
            ?? FormDefinition(title: target.title, questions: [])
        let inserted = entry.banked.inserted(into: current)
        let saved = try await self.forms.saveDraft(meeting: meeting, by: viewer, scope: scope) { FormInput(inserted) }
        return (saved, inserted.questions[inserted.questions.count - 1].key)
    }
}
