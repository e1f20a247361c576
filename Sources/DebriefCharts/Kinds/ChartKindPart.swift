import Debrief

/// What the charts ask of a question kind (docs/decisions/0065): its name, its subtitle, its
/// drawing and its trend's series. Each kind adopts it in `<Kind>+Chart.swift`; ``QuestionKind``'s
/// `chart` finds it, and `ChartKindPartTests` proves every registered kind has one.
protocol ChartKindPart: QuestionKindDescriptor {
    /// "Rating grid", "평점 표": the kind in the chart's description.
    static func name(_ text: ChartStrings) -> String
    /// Adds the kind's numbers to the subtitle's `first` line, or lines of its own.
    static func subtitle(_ result: QuestionResult, _ text: ChartStrings, first: inout [String], lines: inout [String])
    /// Draws a shown result with respondents; returns its description's sentences.
    static func draw(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String
    /// What a trend of the kind measures per session, its lines, their format and the value axis.
    static func trendSeries(_ trend: QuestionTrend, _ text: ChartStrings) -> TrendSeries
}

/// A trend chart's series: what it measures, the lines, how a value reads and the value axis.
struct TrendSeries {
    var measure: String
    var lines: [SeriesLine]
    var format: (Double) -> String
    var scale: NiceScale
}

extension QuestionKind {
    /// This kind's chart part (nil only for a kind registered without one, which a test refuses).
    var chart: (any ChartKindPart.Type)? { self.descriptor as? any ChartKindPart.Type }
}

extension [SeriesLine] {
    /// Every value and interval end of the lines, for a value axis around them.
    var plotted: [Double] {
        self.flatMap { line in line.values.compactMap { $0 } + line.intervals.compactMap { $0 }.flatMap { [$0.lowerBound, $0.upperBound] } }
    }
}
