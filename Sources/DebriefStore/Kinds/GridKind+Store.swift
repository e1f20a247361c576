import Debrief

extension GridKind: StoreKindPart {
    /// One row per rated statement, with its `statement_key`, in the question's order.
    static func appendRows(_ value: [GridRating], question key: String, to rows: inout AnswerRows) {
        for (position, rating) in value.enumerated() {
            rows.append(key, position, rating: rating.value, statementKey: rating.statementKey)
        }
    }

    static func adding(_ part: StoredAnswerPart, to value: [GridRating]?) -> [GridRating] {
        guard let statement = part.statementKey, let rating = part.rating else { return value ?? [] }
        return (value ?? []) + [GridRating(statementKey: statement, value: rating)]
    }

    /// A column per statement (`q3.agenda`), numbers only.
    static func exportColumns(_ spec: GridSpec) -> ExportColumns {
        ExportColumns(statements: spec.statements.map { .init(key: $0.key, label: $0.label) }, numeric: true)
    }
}
