import Debrief

extension GridKind: PageKindPart {
    static func label(_ t: Localizer) -> String { t(.kindGrid) }
    static var partial: String { "question-grid" }

    static func addLabel(_ t: Localizer) -> String { t(.addGridButton) }

    static var hasOptionRows: Bool { true }
    static var hasScale: Bool { true }

    /// A row of radios per statement, the scale's words at both ends of every row.
    static func participantField(
        _ spec: GridSpec, question: Question, fields: FormFields, posted: [String], fieldID: String, t: Localizer,
        into view: inout ParticipantFormPage.QuestionField
    ) {
        view.gridColumnHeads = spec.scale.range.map { ParticipantFormPage.GridColumn(columnID: "\(fieldID)-value-\($0)", columnValue: $0) }
        view.gridColumns = view.gridColumnHeads.count
        view.gridRows = spec.statements.map { statement in
            let field = PostedAnswers.gridField(question.key, statement.key)
            let chosen = fields[field]
            return ParticipantFormPage.GridRow(
                rowID: "\(fieldID)-\(statement.key)", statementLabel: statement.label, rowField: field,
                cells: spec.scale.range.map { value in
                    ParticipantFormPage.GridCell(
                        cellID: "\(fieldID)-\(statement.key)-\(value)", cellValue: value, columnID: "\(fieldID)-value-\(value)",
                        cellChecked: chosen == String(value))
                })
        }
        view.hint = ParticipantFormPage.scaleHint(spec.scale, t)
        view.minLabel = spec.scale.minLabel
        view.maxLabel = spec.scale.maxLabel
    }

    /// A value that is no number is dropped: the statement then counts as not rated.
    static func read(
        _ spec: GridSpec, question key: QuestionKey, fields: FormFields, posted: [String], into answer: inout AnswerInput
    ) -> (said: Bool, statementLabels: [String: String]?) {
        let ratings = spec.statements.compactMap { statement in
            fields[PostedAnswers.gridField(key, statement.key)].flatMap(Int.init).map { (statement.key, $0) }
        }
        guard !ratings.isEmpty else { return (false, nil) }
        answer.ratings = Dictionary(uniqueKeysWithValues: ratings)
        return (true, Dictionary(uniqueKeysWithValues: spec.statements.map { ($0.key, $0.label) }))
    }

    static func postedFields(_ value: [GridRating], question key: QuestionKey) -> [(name: String, value: String)] {
        value.map { (PostedAnswers.gridField(key, $0.statementKey), String($0.value)) }
    }

    static func itemIDs(_ spec: GridSpec) -> [String] { spec.statements.map(\.key) }

    static func itemLabel(_ spec: GridSpec, _ id: String) -> String? { spec.statement(withKey: id)?.label }

    /// The builder's option rows are the statements; the scale as a rating's.
    static func describeDraft(_ draft: BuilderDraft.Question, at path: String, fields: DraftFieldReader, into input: inout QuestionInput) {
        input.statements = draft.options.map { StatementInput(key: fields.text($0.id), label: $0.label) }
        RatingKind.describeDraft(draft, at: path, fields: fields, into: &input)
    }
}
