import Debrief

extension ShortAnswerKind: StoreKindPart {
    static func appendRows(_ value: String, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, text: value)
    }

    static func adding(_ part: StoredAnswerPart, to value: String?) -> String { part.text ?? value ?? "" }

    static func exportColumns(_ spec: ShortAnswerSpec) -> ExportColumns { ExportColumns() }

    static func textColumns(_ spec: ShortAnswerSpec) -> [ResultsStore.TextColumn] { [.textValue] }
}
