import Debrief
import Foundation

extension DateKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(DatePhrase.kindDate) }
    static var partial: String { "question-date" }

    static func addLabel(_ t: Localizer) -> String { t(DatePhrase.addDateButton) }

    /// One native `<input type=date>` with the question's bounds (the browser's own calendar and
    /// checks, which the domain repeats); a browser without one shows a text field, so the hint
    /// says how to write a day.
    static func participantField(
        _ spec: DateSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.textValue = posted.first ?? ""
        view.kindFields = ParticipantFields(earliest: spec.earliest?.text, latest: spec.latest?.text)
        view.hint = switch (spec.earliest, spec.latest) {
        case (let low?, let high?): t(DatePhrase.dateBetweenHint, ["earliest": low.text, "latest": high.text])
        case (let low?, nil): t(DatePhrase.dateFromHint, ["earliest": low.text])
        case (nil, let high?): t(DatePhrase.dateUntilHint, ["latest": high.text])
        case (nil, nil): t(DatePhrase.dateHint)
        }
    }

    /// The participant partial's own view (`kindFields`): the `<input type=date>`'s bounds.
    struct ParticipantFields {
        var earliest: String?
        var latest: String?
    }

    /// The day as the browser posts it (`YYYY-MM-DD`); the domain refuses anything else at `answers[i].date`.
    static func read(
        _ spec: DateSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        guard let typed = posted.first?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else { return (false, nil) }
        answer.date = typed
        return (true, nil)
    }

    static func postedFields(_ value: DateDay, question key: QuestionKey) -> [(name: String, value: String)] {
        [(PostedAnswers.field(key), value.text)]
    }

    static func itemIDs(_ spec: DateSpec) -> [String] { [] }

    static func itemLabel(_ spec: DateSpec, _ id: String) -> String? { nil }

    /// The builder's earliest and latest day, typed where a rating's scale ends are; the domain
    /// checks them (`questions[i].earliest`).
    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.earliest = fields.text(draft.min.trimmingCharacters(in: .whitespaces))
        input.latest = fields.text(draft.max.trimmingCharacters(in: .whitespaces))
    }

    static func drafted(_ input: QuestionInput, into draft: inout BuilderDraft.Question) {
        draft.min = input.earliest ?? ""
        draft.max = input.latest ?? ""
    }

    /// A new date question allows any day (a rating's 1 to 5 means nothing here).
    static func startDraft(_ draft: inout BuilderDraft.Question) {
        draft.min = ""
        draft.max = ""
    }

    static var phrases: (any PhraseTable.Type)? { DatePhrase.self }

    /// The earliest and latest day, as native date fields (`builder-date.mustache`).
    static var builderPartial: String? { "builder-date" }

    static func builderFields(_ draft: BuilderDraft.Question, at path: String, errors: FieldErrors) -> Any? {
        BuilderFields(earliest: draft.min, latest: draft.max, earliestError: errors[path + ".earliest"], latestError: errors[path + ".latest"])
    }

    /// The bounds are typed where a rating's scale ends are (`-min`, `-max`).
    static func builderField(_ field: String, _ t: Localizer) -> (id: String, label: String)? {
        switch field {
        case ".earliest": (id: "min", label: t(DatePhrase.dateEarliestLabel))
        case ".latest": (id: "max", label: t(DatePhrase.dateLatestLabel))
        default: nil
        }
    }

    /// The builder's view of a date question's own fields.
    struct BuilderFields {
        var earliest: String
        var latest: String
        var earliestError: String?
        var latestError: String?
    }
}

/// The date kind's own phrases, kept beside its page part and listed with every table through
/// ``PageKindPart/phrases`` (docs/decisions/0065); read by templates as `{{t.name}}`.
enum DatePhrase: String, CaseIterable, PairedPhraseTable {
    case kindDate, addDateButton, dateEarliestLabel, dateLatestLabel, dateHint, dateFromHint, dateUntilHint, dateBetweenHint

    var texts: (en: String, ko: String) {
        switch self {
        case .kindDate: ("Date", "날짜")
        case .addDateButton: ("Add a date question", "날짜 질문 추가")
        case .dateEarliestLabel: ("Earliest day (optional)", "가장 이른 날 (선택)")
        case .dateLatestLabel: ("Latest day (optional)", "가장 늦은 날 (선택)")
        case .dateHint: ("A day, written YYYY-MM-DD", "날짜 (YYYY-MM-DD)")
        case .dateFromHint: ("A day from {earliest}, written YYYY-MM-DD", "{earliest} 이후의 날짜 (YYYY-MM-DD)")
        case .dateUntilHint: ("A day until {latest}, written YYYY-MM-DD", "{latest} 이전의 날짜 (YYYY-MM-DD)")
        case .dateBetweenHint: ("A day from {earliest} to {latest}, written YYYY-MM-DD", "{earliest}부터 {latest}까지의 날짜 (YYYY-MM-DD)")
        }
    }
}
