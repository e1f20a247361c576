import Debrief

extension RankingKind: StoreKindPart {
    /// One row per option in rank order: its id as `option_id` and `statement_key`, its rank
    /// (1 = first) as `rating` (SQL/0064), so the tallies count ranks per option.
    static func appendRows(_ value: [String], question key: String, to rows: inout AnswerRows) {
        for (position, id) in value.enumerated() {
            rows.append(key, position, optionId: id, rating: position + 1, statementKey: id)
        }
    }

    static func adding(_ part: StoredAnswerPart, to value: [String]?) -> [String] {
        guard let id = part.optionID else { return value ?? [] }
        return (value ?? []) + [id]
    }

    /// A column per option (`q3.agenda`) holding its rank, numbers only: a spreadsheet sorts and
    /// averages ranks per option directly.
    static func exportColumns(_ spec: RankingSpec) -> ExportColumns {
        ExportColumns(statements: spec.options.map { .init(key: $0.id, label: $0.label) }, numeric: true)
    }
}
