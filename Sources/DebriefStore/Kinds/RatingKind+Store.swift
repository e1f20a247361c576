import Debrief

extension RatingKind: StoreKindPart {
    static func appendRows(_ value: Int, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, rating: value)
    }

    /// A rating without a statement (a grid's ratings have one).
    static func claims(_ part: StoredAnswerPart) -> Bool { part.rating != nil && part.statementKey == nil }

    static func adding(_ part: StoredAnswerPart, to value: Int?) -> Int { part.rating ?? value ?? 0 }

    static func exportColumns(_ spec: RatingSpec) -> ExportColumns { ExportColumns(numeric: true) }
}
