import Debrief

extension ShortAnswerKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindShortAnswer) }
    static var partial: String { "question-text" }

    static func addLabel(_ t: Localizer) -> String { t(.addShortAnswerButton) }

    /// A text area with its length limit.
    static func participantField(
        _ spec: ShortAnswerSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.textValue = posted.first ?? ""
        view.maxLength = spec.maxLength
        view.placeholder = spec.placeholder
        view.hint = t(.maxLength, ["n": String(spec.maxLength)])
    }

    static func read(
        _ spec: ShortAnswerSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        guard let text = posted.first, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return (false, nil) }
        answer.text = text
        return (true, nil)
    }

    static func postedFields(_ value: String, question key: QuestionKey) -> [(name: String, value: String)] {
        [(PostedAnswers.field(key), value)]
    }

    static func itemIDs(_ spec: ShortAnswerSpec) -> [String] { [] }

    static func itemLabel(_ spec: ShortAnswerSpec, _ id: String) -> String? { nil }

    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.maxLength = fields.wholeNumber(draft.maxLength, at: path + ".maxLength")
        input.placeholder = fields.text(draft.placeholder)
    }
}
