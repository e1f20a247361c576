import Debrief

extension ShortAnswerKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindShortAnswer) }
    static var partial: String { "question-text" }
    static var phrases: (any PhraseTable.Type)? { ThemePhrase.self }

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

/// The words of a short answer's themes (docs/decisions/0105) on the results pages.
enum ThemePhrase: String, CaseIterable, PairedPhraseTable {
    case themesHeading, themeRespondents, themesNone

    var texts: (en: String, ko: String) {
        switch self {
        case .themesHeading: return ("Themes", "주제")
        case .themeRespondents: return ("{n} respondents", "응답자 {n}명")
        case .themesNone:
            return ("No theme yet: a theme shows once enough people's answers share a word.",
                    "아직 주제가 없어요. 충분한 사람의 답에 같은 낱말이 나오면 주제가 보여요.")
        }
    }
}
