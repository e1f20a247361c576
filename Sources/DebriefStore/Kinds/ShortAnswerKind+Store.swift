import Debrief

extension ShortAnswerKind: StoreKindPart {
    static func appendRows(_ value: String, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, text: value)
    }

    /// Text rows that are not a number's (SQL/0063 gives a number its text too).
    static func claims(_ part: StoredAnswerPart) -> Bool { part.text != nil && part.number == nil }

    static func adding(_ part: StoredAnswerPart, to value: String?) -> String { part.text ?? value ?? "" }

    static func exportColumns(_ spec: ShortAnswerSpec) -> ExportColumns { ExportColumns() }
}
