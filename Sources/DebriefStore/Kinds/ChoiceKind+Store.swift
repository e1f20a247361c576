import Debrief

extension ChoiceKind: StoreKindPart {
    /// One row per selected option, in order, then one for the "other" text.
    static func appendRows(_ value: ChoiceAnswer, question key: String, to rows: inout AnswerRows) {
        for (position, id) in value.optionIds.enumerated() {
            rows.append(key, position, optionId: id)
        }
        if let other = value.otherText { rows.append(key, value.optionIds.count, otherText: other) }
    }

    static func adding(_ part: StoredAnswerPart, to value: ChoiceAnswer?) -> ChoiceAnswer {
        var value = value ?? ChoiceAnswer(optionIds: [], otherText: nil)
        if let id = part.optionID { value.optionIds.append(id) }
        if let text = part.otherText { value.otherText = text }
        return value
    }

    static func exportColumns(_ spec: ChoiceSpec) -> ExportColumns {
        ExportColumns(hasOther: spec.allowsOther, hasCodes: true)
    }

    static func textColumns(_ spec: ChoiceSpec) -> [ResultsStore.TextColumn] { spec.allowsOther ? [.otherText] : [] }
}
