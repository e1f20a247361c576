/// One point of a line chart.
struct LinePoint {
    /// The x-axis label; shown for as many points as fit.
    var label: String
    /// Nil leaves a gap (no data, or withheld).
    var value: Double?
    /// Drawn as a whisker, e.g. a 95 % confidence interval.
    var interval: ClosedRange<Double>?
}

/// A vertical mark between points, such as where a question's wording changed.
struct LineBreakMark {
    /// Index of the first point after the change.
    var index: Int
    var label: String
}

/// A line over evenly spaced points with a value axis, for the timeline and trends.
enum LineChart {
    static let plotHeight = 260.0
    static let axisWidth = 64.0

    static func draw(
        _ points: [LinePoint], integers: Bool, startAtZero: Bool, breakMark: LineBreakMark? = nil,
        format: (Double) -> String, on canvas: inout ChartCanvas
    ) {
        guard !points.isEmpty else { return }
        let values = points.flatMap { point in [point.value, point.interval?.lowerBound, point.interval?.upperBound].compactMap { $0 } }
        let scale = NiceScale(
            low: startAtZero ? 0 : (values.min() ?? 0), high: values.max() ?? 0, integers: integers)
        let plotLeft = canvas.left + Self.axisWidth
        let plotWidth = canvas.right - plotLeft
        let top = canvas.y + (breakMark == nil ? 12 : 40)
        let baseline = top + Self.plotHeight
        // One point sits in the middle; more spread from edge to edge.
        func x(_ index: Int) -> Double {
            points.count == 1 ? plotLeft + plotWidth / 2 : plotLeft + Double(index) / Double(points.count - 1) * plotWidth
        }
        func y(_ value: Double) -> Double { baseline - scale.fraction(value) * Self.plotHeight }

        LinePlotFrame.drawValueAxis(scale, plotLeft: plotLeft, y: y, format: format, on: &canvas)
        LinePlotFrame.drawBreak(breakMark, count: points.count, x: x, top: top, baseline: baseline, on: &canvas)
        LinePlotFrame.drawLine(
            values: points.map(\.value), intervals: points.map(\.interval), color: canvas.palette.bar, dash: "none",
            x: x, y: y, on: &canvas)
        LinePlotFrame.drawLabels(points.map(\.label), x: x, baseline: baseline, spacing: points.count == 1 ? plotWidth : plotWidth / Double(points.count - 1), on: &canvas)
        canvas.y = baseline + ChartCanvas.labelSize + 16
    }
}
