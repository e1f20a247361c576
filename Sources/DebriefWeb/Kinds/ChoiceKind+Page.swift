import Debrief

extension ChoiceKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindChoice) }
    static var partial: String { "question-choice" }

    static func addLabel(_ t: Localizer) -> String { t(.addChoiceButton) }

    static var hasOptionRows: Bool { true }

    /// Radios (one choice) or checkboxes, and the "other" text where the question allows it.
    static func participantField(
        _ spec: ChoiceSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.inputType = spec.allowsMultiple ? "checkbox" : "radio"
        view.options = spec.options.map { option in
            ParticipantFormPage.Option(
                inputID: "\(fieldID)-\(option.id)", value: option.id, label: option.label, checked: posted.contains(option.id))
        }
        view.allowsOther = spec.allowsOther
        view.otherInputID = "\(fieldID)-other"
        view.otherTextID = "\(fieldID)-other-text"
        view.otherFieldName = PostedAnswers.otherField(question.key)
        view.otherChecked = posted.contains(PostedAnswers.otherMarker)
        view.otherValue = fields[PostedAnswers.otherField(question.key)] ?? ""
        if !spec.allowsMultiple {
            view.hint = t(.chooseOne)
        } else if let limit = spec.maxSelections {
            view.hint = t(.chooseUpTo, ["n": String(limit)])
        } else {
            view.hint = t(.chooseAny)
        }
    }

    /// Typing an "other" answer chooses it, with or without its box ticked.
    static func read(
        _ spec: ChoiceSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        let ids = posted.filter { $0 != PostedAnswers.otherMarker }
        let otherChosen = posted.contains(PostedAnswers.otherMarker)
        let otherText = fields[PostedAnswers.otherField(key)] ?? ""
        let typedOther = !otherText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        guard !ids.isEmpty || otherChosen || typedOther else { return (false, nil) }
        answer.optionIds = ids
        if otherChosen || typedOther { answer.otherText = otherText }
        return (true, nil)
    }

    static func postedFields(_ value: ChoiceAnswer, question key: QuestionKey) -> [(name: String, value: String)] {
        var pairs = value.optionIds.map { (name: PostedAnswers.field(key), value: $0) }
        if let other = value.otherText { pairs += [(PostedAnswers.field(key), PostedAnswers.otherMarker), (PostedAnswers.otherField(key), other)] }
        return pairs
    }

    static func itemIDs(_ spec: ChoiceSpec) -> [String] { spec.options.map(\.id) }

    static func itemLabel(_ spec: ChoiceSpec, _ id: String) -> String? { spec.options.first { $0.id == id }?.label }

    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.options = draft.options.map { OptionInput(id: fields.text($0.id), label: $0.label) }
        input.allowsMultiple = draft.allowsMultiple
        input.allowsOther = draft.allowsOther
        input.shuffleOptions = draft.shuffleOptions ? true : nil
        if draft.allowsMultiple { input.maxSelections = fields.wholeNumber(draft.maxSelections, at: path + ".maxSelections") }
    }
}
