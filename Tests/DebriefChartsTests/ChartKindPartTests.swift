@testable import DebriefCharts
import Debrief
import Testing

/// Every registered question kind has its chart part (``ChartKindPart``, docs/decisions/0065):
/// a kind registered without one would draw no chart.
@Suite("Chart parts of the question kinds")
struct ChartKindPartTests {
    @Test func everyRegisteredKindHasAChartPart() {
        for kind in QuestionKind.allCases {
            #expect(kind.chart != nil, "\(kind) has no <Kind>+Chart.swift")
            #expect(kind.chart?.kind == kind)
            #expect(ChartStrings(.en).kindName(kind) != kind.rawValue, "\(kind) names itself in words")
        }
    }
}
