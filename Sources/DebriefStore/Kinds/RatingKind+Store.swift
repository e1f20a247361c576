import Debrief

extension RatingKind: StoreKindPart {
    static func appendRows(_ value: Int, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, rating: value)
    }

    static func adding(_ part: StoredAnswerPart, to value: Int?) -> Int { part.rating ?? value ?? 0 }

    static func exportColumns(_ spec: RatingSpec) -> ExportColumns { ExportColumns(numeric: true) }
}
