import Debrief

/// What the pages ask of a question kind (docs/decisions/0065): its name, its participant
/// partial's fields, how its posted fields become an answer and back, and the items the
/// translations page numbers. Each kind adopts it in `<Kind>+Page.swift`; ``QuestionKind``'s `page`
/// finds it, and `PageKindPartTests` proves every registered kind has one.
protocol PageKindPart: QuestionKindDescriptor {
    /// The kind's name in the builder.
    static func label(_ t: Localizer) -> String
    /// The template of a question of this kind on the participant page and the builder's
    /// preview (`question-grid`): the shared templates render it by this name (`{{>*partial}}`),
    /// so they name no kind.
    static var partial: String { get }
    /// Fills the participant page's partial of a question of this kind (`fieldID` names its
    /// inputs; `posted` are the values posted under the question's own field).
    static func participantField(
        _ spec: Spec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField)
    /// Reads the posted fields into `answer`; false when nothing was said. Returns the statement
    /// labels the page names problems by, where the kind has statements.
    static func read(
        _ spec: Spec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?)
    /// The fields a page posts for `value`: the way back from a stored answer to a filled-in form.
    static func postedFields(_ value: Value, question key: QuestionKey) -> [(name: String, value: String)]
    /// The ids the translations page numbers (options, statements); empty when none.
    static func itemIDs(_ spec: Spec) -> [String]
    /// The label of an item (an option, a statement) as the host wrote it, for the responses page.
    static func itemLabel(_ spec: Spec, _ id: String) -> String?
    /// The kind's "Add a … question" button in the builder.
    static func addLabel(_ t: Localizer) -> String
    /// The builder's fields of a question of this kind, as the API's input (`fields` reads the
    /// typed text, reporting what is not even a number).
    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput)
    /// The way back: a stored question's kind-specific values as the builder's typed fields, beyond
    /// the ones every kind shares (nothing by default).
    static func drafted(_ input: QuestionInput, into draft: inout BuilderDraft.Question)
    /// A new question of this kind as the builder first shows it (nothing to change by default).
    static func startDraft(_ draft: inout BuilderDraft.Question)
    /// Whether the builder lists option rows for this kind (choice options, grid statements,
    /// ranking options); a new question starts with two.
    static var hasOptionRows: Bool { get }
    /// Whether the builder shows a rating scale's ends and their labels (ratings, grids).
    static var hasScale: Bool { get }
    /// The template of the kind's own fields in the builder's question editor (`builder-number`):
    /// `builder-question.mustache` renders it by this name (`{{>*builderPartial}}`) inside
    /// `{{#kindFields}}`, so it names no kind; nil when the shared fields are all the kind has.
    static var builderPartial: String? { get }
    /// What `builderPartial` reads as `kindFields`: the kind's typed fields and their problems under
    /// `path` (`questions[2]`); nil without a builder partial.
    static func builderFields(_ draft: BuilderDraft.Question, at path: String, errors: FieldErrors) -> Any?
    /// The builder's field id and label for a problem at `path + field` that only this kind has
    /// (`.minimum`), for the error summary's link; nil for a field the shared editor names.
    static func builderField(_ field: String, _ t: Localizer) -> (id: String, label: String)?
    /// The kind's own phrases, listed with every table (``PhraseTables/all``); nil when it has none.
    static var phrases: (any PhraseTable.Type)? { get }
    /// A chart row's percent as the results pages say it, when it is a share of something other
    /// than the respondents (a ranking's: "55.6% of points"); nil for the plain "55.6%".
    /// `percent` is the number as shown (`55.6`).
    static func share(_ percent: String, _ t: Localizer) -> String?
    /// A script of the kind's own that enhances its participant partial (which works without it),
    /// linked from a form page with a question of this kind and served under `/assets/`; nil for none.
    static var participantScript: Assets.File? { get }
}

extension PageKindPart {
    static var hasOptionRows: Bool { false }
    static var hasScale: Bool { false }
    static var builderPartial: String? { nil }
    static func builderFields(_ draft: BuilderDraft.Question, at path: String, errors: FieldErrors) -> Any? { nil }
    static func builderField(_ field: String, _ t: Localizer) -> (id: String, label: String)? { nil }
    static var phrases: (any PhraseTable.Type)? { nil }
    static func share(_ percent: String, _ t: Localizer) -> String? { nil }
    static var participantScript: Assets.File? { nil }
    static func drafted(_ input: QuestionInput, into draft: inout BuilderDraft.Question) {}
    static func startDraft(_ draft: inout BuilderDraft.Question) {}
}

extension QuestionKind {
    /// This kind's page part (nil only for a kind registered without one, which a test refuses).
    var page: (any PageKindPart.Type)? { self.descriptor as? any PageKindPart.Type }
}

extension PageKindPart {
    static func participantField(
        _ question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        guard let spec = spec(of: question.body) else { return }
        view.partial = partial
        participantField(spec, question: question, fields: fields, posted: posted, fieldID: fieldID, t: t, into: &view)
    }

    static func read(
        _ question: Question, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        guard let spec = spec(of: question.body) else { return (false, nil) }
        return read(spec, question: question.key, fields: fields, posted: posted, into: &answer)
    }

    static func postedFields(of answer: AnswerValue, question key: QuestionKey) -> [(name: String, value: String)] {
        value(of: answer).map { postedFields($0, question: key) } ?? []
    }

    static func itemIDs(of body: QuestionBody) -> [String] {
        spec(of: body).map { itemIDs($0) } ?? []
    }

    static func itemLabel(of body: QuestionBody, _ id: String) -> String? {
        spec(of: body).flatMap { itemLabel($0, id) }
    }
}
