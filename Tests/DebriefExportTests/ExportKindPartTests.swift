@testable import DebriefExport
import Debrief
import Testing

/// Every registered question kind has its export part (``ExportKindPart``, docs/decisions/0065),
/// and a kind's category rows fill six cells, as the `trends` header has them.
@Suite("Export parts of the question kinds")
struct ExportKindPartTests {
    @Test func everyRegisteredKindHasAnExportPart() {
        for kind in QuestionKind.allCases {
            #expect(kind.export != nil, "\(kind) has no <Kind>+Export.swift")
            #expect(kind.export?.kind == kind)
            #expect(kind.export?.trendCategoryCells("o1", label: "One", value: "50").count == 6)
        }
    }
}
