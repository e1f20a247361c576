import Debrief
import Foundation

extension NumberKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindNumber) }

    /// One `<input type=number>` with the question's bounds and step (the browser's own checks,
    /// which the domain repeats) and `inputmode=decimal` for a phone's number pad; the unit beside it.
    static func participantField(
        _ spec: NumberSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.isNumber = true
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

    /// The builder's bounds fields, read as decimals.
    static func describeDraft(
        _ draft: BuilderDraft.Question, at path: String, number: (String, String) -> Int?, text: (String) -> String?,
        into input: inout QuestionInput
    ) {
        input.minimum = text(draft.min).flatMap(NumberSpec.parse)
        input.maximum = text(draft.max).flatMap(NumberSpec.parse)
    }
}
