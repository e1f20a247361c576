import Debrief

extension DateKind: StoreKindPart {
    /// One row: the day's number in `numeric_value`, so days sort and subtract in SQL, and its
    /// `YYYY-MM-DD` in `text_value`, which the `value` tally counts per day (SQL/0079).
    static func appendRows(_ value: DateDay, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, text: value.text, numeric: String(value.number))
    }

    static func adding(_ part: StoredAnswerPart, to value: DateDay?) -> DateDay {
        part.text.flatMap { DateDay($0) } ?? value ?? DateDay(number: 0)
    }

    /// One column holding the day as `YYYY-MM-DD`, not text: a spreadsheet reads it as a date.
    static func exportColumns(_ spec: DateSpec) -> ExportColumns { ExportColumns(numeric: true) }
}
