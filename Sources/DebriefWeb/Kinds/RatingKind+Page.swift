import Debrief

extension RatingKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindRating) }
    static var partial: String { "question-rating" }

    static func addLabel(_ t: Localizer) -> String { t(.addRatingButton) }

    static var hasScale: Bool { true }

    /// A radio per scale value, the end labels beside them.
    static func participantField(
        _ spec: RatingSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.points = (spec.min...spec.max).map { value in
            ParticipantFormPage.Point(inputID: "\(fieldID)-\(value)", value: value, checked: posted.first == String(value))
        }
        view.minLabel = spec.minLabel
        view.maxLabel = spec.maxLabel
        view.hint = ParticipantFormPage.scaleHint(spec, t)
    }

    static func read(
        _ spec: RatingSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        guard let value = posted.first, !value.isEmpty else { return (false, nil) }
        answer.rating = Int(value)
        return (true, nil)
    }

    static func postedFields(_ value: Int, question key: QuestionKey) -> [(name: String, value: String)] {
        [(PostedAnswers.field(key), String(value))]
    }

    static func itemIDs(_ spec: RatingSpec) -> [String] { [] }

    static func itemLabel(_ spec: RatingSpec, _ id: String) -> String? { nil }

    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.min = fields.wholeNumber(draft.min, at: path + ".min")
        input.max = fields.wholeNumber(draft.max, at: path + ".max")
        input.minLabel = fields.text(draft.minLabel)
        input.maxLabel = fields.text(draft.maxLabel)
    }
}
