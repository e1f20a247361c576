/// One line of a ``SeriesLines`` chart: a value (and optional interval) per x position.
struct SeriesLine {
    /// Shown in the legend; nil for a chart of one line (its subtitle says what it is).
    var name: String?
    /// Nil leaves a gap: no data, or withheld (marked, see ``SeriesLines/draw(_:labels:marks:scale:breakMark:format:on:)``).
    var values: [Double?]
    /// Drawn as whiskers, e.g. 95 % confidence intervals.
    var intervals: [ClosedRange<Double>?]
}

/// Several lines over the same evenly spaced sessions, for trends: each line its own color and
/// dash pattern (told apart without color too), a legend, whiskers, and a labelled mark at each
/// session whose values are withheld, so a missing point is never a silent gap.
enum SeriesLines {
    static let plotHeight = 280.0
    static let axisWidth = 72.0
    /// Dash patterns cycled with the colors (solid first).
    static let dashes = ["", "12 6", "3 6", "16 6 3 6"]

    /// `marks` are the x positions to mark, with their words ("withheld: fewer than 3").
    /// `scale` covers the values (a choice's 0–100 %, a rating's scale).
    static func draw(
        _ lines: [SeriesLine], labels: [String], marks: [Int: String], scale: NiceScale, breakMark: LineBreakMark?,
        format: (Double) -> String, on canvas: inout ChartCanvas
    ) {
        guard !labels.isEmpty else { return }
        if lines.count > 1 { Self.legend(lines, on: &canvas) }
        let plotLeft = canvas.left + Self.axisWidth
        let plotWidth = canvas.right - plotLeft - 8
        let top = canvas.y + (breakMark == nil ? 12 : 40)
        let baseline = top + Self.plotHeight
        func x(_ index: Int) -> Double {
            labels.count == 1 ? plotLeft + plotWidth / 2 : plotLeft + Double(index) / Double(labels.count - 1) * plotWidth
        }
        func y(_ value: Double) -> Double { baseline - scale.fraction(min(max(value, scale.lower), scale.upper)) * Self.plotHeight }

        LinePlotFrame.drawValueAxis(scale, plotLeft: plotLeft, y: y, format: format, on: &canvas)
        LinePlotFrame.drawBreak(breakMark, count: labels.count, x: x, top: top, baseline: baseline, on: &canvas)
        let spacing = labels.count == 1 ? plotWidth : plotWidth / Double(labels.count - 1)
        Self.drawMarks(marks, count: labels.count, x: x, top: top, baseline: baseline, spacing: spacing, on: &canvas)
        for (number, line) in lines.enumerated() {
            LinePlotFrame.drawLine(
                values: line.values, intervals: line.intervals, color: Self.color(number, canvas.palette),
                dash: Self.dash(number, canvas.palette), x: x, y: y, on: &canvas)
        }
        LinePlotFrame.drawLabels(labels, x: x, baseline: baseline, spacing: spacing, on: &canvas)
        canvas.y = baseline + ChartCanvas.labelSize + 16
    }

    /// The color of line `number`.
    static func color(_ number: Int, _ palette: Palette) -> String {
        palette.series[number % palette.series.count]
    }

    /// The dash pattern of line `number`: solid for the first round of colors, then dashed ("none"
    /// draws solid).
    static func dash(_ number: Int, _ palette: Palette) -> String {
        let dash = Self.dashes[number / palette.series.count % Self.dashes.count]
        return dash.isEmpty ? "none" : dash
    }

    /// Each line's swatch (its color and dash) and name, wrapped into rows.
    private static func legend(_ lines: [SeriesLine], on canvas: inout ChartCanvas) {
        let size = ChartCanvas.subtitleSize
        var x = canvas.left
        canvas.y += size
        for (number, line) in lines.enumerated() {
            let name = TextMetrics.truncate(line.name ?? "", fontSize: size, maxWidth: canvas.contentWidth - 60)
            let width = 52 + TextMetrics.width(of: name, fontSize: size) + 24
            if x > canvas.left, x + width > canvas.right {
                x = canvas.left
                canvas.y += size + 12
            }
            // An empty dash array draws solid.
            canvas.body.element("line", [
                "class": "legend-line", "x1": x, "y1": canvas.y - 7, "x2": x + 40, "y2": canvas.y - 7,
                "stroke": Self.color(number, canvas.palette), "stroke-width": 4, "stroke-dasharray": Self.dash(number, canvas.palette),
            ])
            canvas.body.text(name, fullText: name == line.name ? nil : line.name, [
                "class": "legend", "x": x + 50, "y": canvas.y, "font-size": size, "fill": canvas.palette.ink,
            ])
            x += width
        }
        canvas.y += 20
    }

    /// A dashed column at each marked session, labelled along it (rotated when the sessions stand
    /// too close for the words to fit across).
    private static func drawMarks(
        _ marks: [Int: String], count: Int, x: (Int) -> Double, top: Double, baseline: Double, spacing: Double,
        on canvas: inout ChartCanvas
    ) {
        let size = ChartCanvas.subtitleSize - 2
        for (index, text) in marks.sorted(by: { $0.key < $1.key }) {
            let position = x(index)
            canvas.body.element("line", [
                "class": "withheld-mark", "x1": position, "y1": top, "x2": position, "y2": baseline,
                "stroke": canvas.palette.muted, "stroke-width": 2, "stroke-dasharray": "2 6",
            ])
            let width = TextMetrics.width(of: text, fontSize: size)
            if width + 12 <= spacing {
                // The first and last sessions' words run inward, so the chart's edge does not cut them.
                let first = index == 0 && count > 1
                let last = index == count - 1 && count > 1
                canvas.body.element("text", [
                    "class": "withheld", "x": first ? position + 8 : last ? position - 8 : position, "y": top + size,
                    "font-size": size, "text-anchor": first ? "start" : last ? "end" : "middle", "fill": canvas.palette.muted,
                ], text: text)
            } else {
                let shown = TextMetrics.truncate(text, fontSize: size, maxWidth: Self.plotHeight - 12)
                canvas.body.element("text", [
                    "class": "withheld", "x": position - 6, "y": top + 6, "font-size": size, "text-anchor": "end",
                    "transform": "rotate(-90 \((position - 6).svgText) \((top + 6).svgText))", "fill": canvas.palette.muted,
                ], text: shown)
            }
        }
    }
}
