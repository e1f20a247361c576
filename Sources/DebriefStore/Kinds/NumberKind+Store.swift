import Debrief
import Foundation
import PQ

extension NumberKind: StoreKindPart {
    /// One row: the number in `numeric_value` and its plain text in `text_value`, which the
    /// `value` tally counts: exact count, mean, median and histogram (SQL/0079).
    static func appendRows(_ value: Decimal, question key: String, to rows: inout AnswerRows) {
        rows.append(key, 0, text: NumberSpec.text(value), numeric: NumberSpec.text(value))
    }

    static func adding(_ part: StoredAnswerPart, to value: Decimal?) -> Decimal {
        part.numeric.flatMap(NumberSpec.parse) ?? value ?? 0
    }

    /// One column holding the number, so a spreadsheet sums and averages it directly.
    static func exportColumns(_ spec: NumberSpec) -> ExportColumns { ExportColumns(numeric: true) }
}
