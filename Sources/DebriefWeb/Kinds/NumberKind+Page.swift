import Debrief
import Foundation

extension NumberKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(NumberPhrase.kindNumber) }
    static var partial: String { "question-number" }

    static func addLabel(_ t: Localizer) -> String { t(NumberPhrase.addNumberButton) }

    /// One `<input type=number>` with the question's bounds and step (the browser's own checks,
    /// which the domain repeats) and `inputmode=decimal` for a phone's number pad; the unit beside it.
    static func participantField(
        _ spec: NumberSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.textValue = posted.first ?? ""
        let fields = ParticipantFields(
            numberMin: spec.minimum.map(NumberSpec.text), numberMax: spec.maximum.map(NumberSpec.text),
            // Without a step the browser would allow whole numbers only; "any" lets decimals through.
            numberStep: spec.step.map(NumberSpec.text) ?? "any", numberUnit: spec.unit)
        view.kindFields = fields
        if let minimum = fields.numberMin, let maximum = fields.numberMax {
            view.hint = t(.ratingScale, ["min": minimum, "max": maximum])
        }
    }

    /// The participant partial's own view (`kindFields`): the `<input type=number>`'s bounds and
    /// step (plain text), and the unit beside it.
    struct ParticipantFields {
        var numberMin: String?
        var numberMax: String?
        var numberStep: String
        var numberUnit: String?
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

    static var phrases: (any PhraseTable.Type)? { NumberPhrase.self }

    /// Bounds, step and unit, typed as decimals (`builder-number.mustache`).
    static var builderPartial: String? { "builder-number" }

    static func builderFields(_ draft: BuilderDraft.Question, at path: String, errors: FieldErrors) -> Any? {
        BuilderFields(
            min: draft.min, max: draft.max, step: draft.step, unit: draft.unit,
            minimumError: errors[path + ".minimum"], maximumError: errors[path + ".maximum"], stepError: errors[path + ".step"],
            unitError: errors[path + ".unit"])
    }

    /// The bounds are typed where a rating's scale ends are (`-min`, `-max`).
    static func builderField(_ field: String, _ t: Localizer) -> (id: String, label: String)? {
        switch field {
        case ".minimum": return (id: "min", label: t(NumberPhrase.numberFromLabel))
        case ".maximum": return (id: "max", label: t(NumberPhrase.numberToLabel))
        case ".step": return (id: "step", label: t(NumberPhrase.numberStepLabel))
        case ".unit": return (id: "unit", label: t(NumberPhrase.numberUnitLabel))
        default: return nil
        }
    }

    /// The builder's view of a number question's own fields.
    struct BuilderFields {
        var min: String
        var max: String
        var step: String
        var unit: String
        var minimumError: String?
        var maximumError: String?
        var stepError: String?
        var unitError: String?
    }
}

extension DraftFieldReader {
    /// A decimal written plainly ("2.5", "-3"), or nil when blank (and a problem at `path` when
    /// not a number).
    func decimal(_ typed: String, at path: String) -> Decimal? {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = NumberSpec.parse(trimmed) else {
            self.problems.append(FieldProblem(path, "must be a number"))
            return nil
        }
        return value
    }
}

/// The number kind's own phrases (its name, its button and its builder fields), kept beside its page
/// part and listed with every table through ``PageKindPart/phrases`` (docs/decisions/0065); read
/// by templates as `{{t.name}}`.
enum NumberPhrase: String, CaseIterable, PairedPhraseTable {
    case kindNumber, addNumberButton, numberFromLabel, numberToLabel, numberStepLabel, numberStepHint, numberUnitLabel

    var texts: (en: String, ko: String) {
        switch self {
        case .kindNumber: return ("Number", "숫자")
        case .addNumberButton: return ("Add a number question", "숫자 질문 추가")
        case .numberFromLabel: return ("Smallest answer (optional)", "가장 작은 답 (선택)")
        case .numberToLabel: return ("Largest answer (optional)", "가장 큰 답 (선택)")
        case .numberStepLabel: return ("Step (optional)", "간격 (선택)")
        case .numberStepHint: return ("Answers go up from the smallest in this step, like 0.5; blank allows any number.", "가장 작은 답부터 이 간격(예: 0.5)으로 올라갑니다. 비워 두면 어떤 수든 받습니다.")
        case .numberUnitLabel: return ("Unit shown beside the answer (optional)", "답 옆에 보일 단위 (선택)")
        }
    }
}
