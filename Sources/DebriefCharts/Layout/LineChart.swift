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
        Self.drawLine(points, x: x, y: y, on: &canvas)
        Self.drawLabels(points, x: x, baseline: baseline, spacing: points.count == 1 ? plotWidth : plotWidth / Double(points.count - 1), on: &canvas)
        canvas.y = baseline + ChartCanvas.labelSize + 16
    }

    /// The line (broken at gaps), whiskers, and dots where there are few enough points to see.
    private static func drawLine(_ points: [LinePoint], x: (Int) -> Double, y: (Double) -> Double, on canvas: inout ChartCanvas) {
        var path = ""
        var drawing = false
        for (index, point) in points.enumerated() {
            guard let value = point.value else {
                drawing = false
                continue
            }
            path += "\(drawing ? "L" : "M")\(x(index).svgText) \(y(value).svgText) "
            drawing = true
        }
        if !path.isEmpty {
            canvas.body.element("path", [
                "class": "line", "d": path.trimmingTrailingSpaces(), "fill": "none", "stroke": canvas.palette.bar,
                "stroke-width": 4, "stroke-linejoin": "round", "stroke-linecap": "round",
            ])
        }
        let showDots = points.count <= 60
        for (index, point) in points.enumerated() {
            // A zero-width interval (every answer the same) has no whisker to draw.
            if let interval = point.interval, interval.upperBound > interval.lowerBound {
                canvas.body.element("line", [
                    "class": "interval", "x1": x(index), "y1": y(interval.lowerBound), "x2": x(index), "y2": y(interval.upperBound),
                    "stroke": canvas.palette.bar, "stroke-width": 2,
                ])
            }
            if let value = point.value, showDots {
                canvas.body.element("circle", [
                    "class": "point", "cx": x(index), "cy": y(value), "r": 6, "fill": canvas.palette.bar,
                    "stroke": canvas.palette.background, "stroke-width": 2,
                ])
            }
        }
    }

    /// As many x labels as fit without overlapping, always including the last point's.
    private static func drawLabels(
        _ points: [LinePoint], x: (Int) -> Double, baseline: Double, spacing: Double, on canvas: inout ChartCanvas
    ) {
        let widest = points.map { TextMetrics.width(of: $0.label, fontSize: ChartCanvas.subtitleSize) }.max() ?? 0
        let stride = max(1, Int(((widest + 24) / max(1, spacing)).rounded(.up)))
        var shown = Set(Swift.stride(from: 0, to: points.count, by: stride))
        // The last label replaces the regular one it would collide with (the first stays: the
        // two are anchored away from each other).
        if let lastRegular = shown.max(), lastRegular != points.count - 1 {
            if lastRegular != 0, points.count - 1 - lastRegular < stride { shown.remove(lastRegular) }
            shown.insert(points.count - 1)
        }
        for index in shown.sorted() {
            let anchor = points.count == 1 ? "middle" : index == 0 ? "start" : index == points.count - 1 ? "end" : "middle"
            canvas.body.element("text", [
                "class": "label", "x": x(index), "y": baseline + ChartCanvas.subtitleSize + 10, "font-size": ChartCanvas.subtitleSize,
                "text-anchor": anchor, "fill": canvas.palette.ink,
            ], text: points[index].label)
        }
    }
}
