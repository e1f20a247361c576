@testable import DebriefCharts
import Debrief
import Testing

/// The diverging bars of a grid (``DivergingBars``): the segments fill the bar's share exactly and
/// the centre line sits on the scale's midpoint, on odd and even scales.
@Suite("Grid chart: diverging bars")
struct GridChartTests {
    @Test func segmentsAreContiguousAndHalfTheWidthIsAHundredPercent() {
        let shares = [0.1, 0.2, 0.3, 0.25, 0.15]
        let segments = DivergingBars.segments(shares)
        for (segment, next) in zip(segments, segments.dropFirst()) {
            #expect(abs(segment.start + segment.width - next.start) < 1e-12, "no gap and no overlap")
        }
        #expect(abs(segments.map(\.width).reduce(0, +) - 0.5) < 1e-12, "all answers span half the width")
    }

    @Test func anOddScalesMiddleValueIsSplitAcrossTheCentre() {
        let segments = DivergingBars.segments([0.1, 0.2, 0.4, 0.2, 0.1])
        let middle = segments[2]
        #expect(abs(middle.start + middle.width / 2 - 0.5) < 1e-12, "the neutral segment is centred on the line")
        #expect(abs(segments[0].start - (0.5 - (0.1 + 0.2 + 0.2) / 2)) < 1e-12)
    }

    @Test func anEvenScalesCentreFallsBetweenTheTwoMiddleValues() {
        let segments = DivergingBars.segments([0.1, 0.3, 0.4, 0.2])
        #expect(abs(segments[2].start - 0.5) < 1e-12, "the upper half starts at the line")
        #expect(abs(segments[1].start + segments[1].width - 0.5) < 1e-12, "the lower half ends at the line")
    }

    @Test func allAgreementLiesRightOfTheCentre() {
        let segments = DivergingBars.segments([0, 0, 0, 0, 1])
        #expect(segments[4].start == 0.5 && segments[4].width == 0.5)
    }

    @Test func fillsRunFromTheAccentThroughGreyToTheBarColour() {
        let fills = DivergingBars.fills(count: 5, palette: Palette(.light))
        #expect(fills.map(\.color) == ["#8a2c0d", "#8a2c0d", "#3d3d3d", "#1d4ed8", "#1d4ed8"])
        #expect(fills[0].opacity > fills[1].opacity && fills[4].opacity > fills[3].opacity, "stronger towards the ends")
        #expect(DivergingBars.fills(count: 4, palette: Palette(.light)).map(\.color) == ["#8a2c0d", "#8a2c0d", "#1d4ed8", "#1d4ed8"])
    }
}
