import Debrief
import Foundation

extension NumberKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindNumber) }
    static var partial: String { "question-number" }

    static func addLabel(_ t: Localizer) -> String { t(.addNumberButton) }

    /// One `<input type=number>` with the question's bounds and step (the browser's own checks,
    /// which the domain repeats) and `inputmode=decimal` for a phone's number pad; the unit beside it.
    static func participantField(
        _ spec: NumberSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.textValue = posted.first ?? ""
        view.numberMin = spec.minimum.map(NumberSpec.text)
        view.numberMax = spec.maximum.map(NumberSpec.text)
        // Without a step the browser would allow whole numbers only; "any" lets decimals through.
        view.numberStep = spec.step.map(NumberSpec.text) ?? "any"
        view.numberUnit = spec.unit
        if let minimum = view.numberMin, let maximum = view.numberMax {
            view.hint = t(.ratingScale, ["min": minimum, "max": maximum])
        }
    }

    /// The typed number, written plainly ("2.5"); anything else is read as no number, which the
    /// domain refuses at `answers[i].number`.
    static func read(
        _ spec: NumberSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        guard let typed = posted.first?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else { return (false, nil) }
        answer.number = NumberSpec.parse(typed)
        return (true, nil)
    }

    static func postedFields(_ value: Decimal, question key: QuestionKey) -> [(name: String, value: String)] {
        [(PostedAnswers.field(key), NumberSpec.text(value))]
    }

    static func itemIDs(_ spec: NumberSpec) -> [String] { [] }

    static func itemLabel(_ spec: NumberSpec, _ id: String) -> String? { nil }

    /// The builder's bounds, step and unit: the bounds and step read as decimals ("2.5").
    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.minimum = fields.decimal(draft.min, at: path + ".minimum")
        input.maximum = fields.decimal(draft.max, at: path + ".maximum")
        input.step = fields.decimal(draft.step, at: path + ".step")
        input.unit = fields.text(draft.unit)
    }

    /// A number question's bounds are typed where a rating's scale is, written plainly.
    static func drafted(_ input: QuestionInput, into draft: inout BuilderDraft.Question) {
        draft.min = input.minimum.map(NumberSpec.text) ?? ""
        draft.max = input.maximum.map(NumberSpec.text) ?? ""
        draft.step = input.step.map(NumberSpec.text) ?? ""
        draft.unit = input.unit ?? ""
    }

    /// A new number question has no bounds (a rating's 1 to 5 would be a guess here).
    static func startDraft(_ draft: inout BuilderDraft.Question) {
        draft.min = ""
        draft.max = ""
    }
}
