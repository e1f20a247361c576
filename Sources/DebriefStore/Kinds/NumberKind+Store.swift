import Debrief
import Foundation
import PQ

extension NumberKind: StoreKindPart {
    /// One row: the number in `number_value` and its plain text in `text_value` (SQL/0063).
    static func appendRows(_ value: Decimal, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, text: NumberSpec.text(value), number: NumberSpec.text(value))
    }

    /// The only rows with a `number_value`.
    static func claims(_ part: StoredAnswerPart) -> Bool { part.number != nil }

    static func adding(_ part: StoredAnswerPart, to value: Decimal?) -> Decimal {
        part.number.flatMap(NumberSpec.parse) ?? value ?? 0
    }

    /// One column holding the number, so a spreadsheet sums and averages it directly.
    static func exportColumns(_ spec: NumberSpec) -> ExportColumns { ExportColumns(numeric: true) }

    /// Answers per value, by the value's plain text: exact count, mean, median and histogram.
    static var valueTally: String? { "number" }

    static func countedValueTally(answers: SQLQuery) -> SQLQuery? {
        "SELECT a.question_key, 'number', a.text_value, count(*) FROM \(answers) AND a.number_value IS NOT NULL GROUP BY 1, 3"
    }
}
