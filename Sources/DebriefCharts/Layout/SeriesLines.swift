/// One line of a ``SeriesLines`` chart: a value (and optional interval) per x position.
struct SeriesLine {
    /// Shown in the legend; nil for a chart of one line (its subtitle says what it is).
    var name: String?
    /// Nil leaves a gap: no data, or withheld (marked, see ``SeriesLines/draw(_:labels:marks:scale:breakMark:format:on:)``).
    var values: [Double?]
    /// Drawn as whiskers, e.g. 95 % confidence intervals.
    var intervals: [ClosedRange<Double>?]
}

/// Several lines over the same evenly spaced sessions, for trends: each line its own color, dash
/// pattern and point shape (told apart without color too), a legend with each line's latest
/// value, whiskers, and a labelled mark at each session whose values are withheld, so a missing
/// point is never a silent gap.
///
/// Lines often tie (three options each chosen by 1 of 4 people): points that would cover each
/// other are set side by side around their session (``dodges(_:y:)``), and a dashed line drawn
/// over a solid one lets the solid show through its gaps, so no tied line disappears.
enum SeriesLines {
    static let plotHeight = 280.0
    static let axisWidth = 72.0
    /// Dash patterns, one per line in turn (solid first).
    static let dashes = ["", "12 6", "3 6", "16 6 3 6"]
    /// How far apart tied points are set, in SVG units: a little more than a marker.
    static let dodgeStep = 15.0

    /// `marks` are the x positions to mark, with their words ("withheld: fewer than 3").
    /// `scale` covers the values (a choice's 0–100 %, a rating's scale).
    static func draw(
        _ lines: [SeriesLine], labels: [String], marks: [Int: String], scale: NiceScale, breakMark: LineBreakMark?,
        format: (Double) -> String, on canvas: inout ChartCanvas
    ) {
        guard !labels.isEmpty else { return }
        if lines.count > 1 { Self.legend(lines, format: format, on: &canvas) }
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
        let dodges = Self.dodges(lines, y: y)
        for (number, line) in lines.enumerated() {
            LinePlotFrame.drawLine(
                values: line.values, intervals: line.intervals, color: Self.color(number, canvas.palette),
                dash: Self.dash(number, canvas.palette), marker: lines.count > 1 ? PointMarker.of(line: number) : .circle,
                x: { x($0) + dodges[number][$0] }, y: y, on: &canvas)
        }
        LinePlotFrame.drawLabels(labels, x: x, baseline: baseline, spacing: spacing, on: &canvas)
        canvas.y = baseline + ChartCanvas.labelSize + 16
    }

    /// The color of line `number`.
    static func color(_ number: Int, _ palette: Palette) -> String {
        palette.series[number % palette.series.count]
    }

    /// The dash pattern of line `number`, in turn with the lines ("none" draws solid), so two
    /// lines of one value still show both: the later one's gaps show the earlier one.
    static func dash(_ number: Int, _ palette: Palette) -> String {
        let dash = Self.dashes[number % Self.dashes.count]
        return dash.isEmpty ? "none" : dash
    }

    /// Per line and session, how far its point moves sideways: points whose markers would cover
    /// each other (within a marker's size on the value axis) are spread around the session's
    /// position in line order; a point alone stays where it is.
    static func dodges(_ lines: [SeriesLine], y: (Double) -> Double) -> [[Double]] {
        let count = lines.map(\.values.count).max() ?? 0
        var dodges = lines.map { _ in [Double](repeating: 0, count: count) }
        for index in 0..<count {
            let placed = lines.enumerated().compactMap { number, line -> (number: Int, y: Double)? in
                guard index < line.values.count, let value = line.values[index] else { return nil }
                return (number, y(value))
            }.sorted { ($0.y, $0.number) < ($1.y, $1.number) }
            var group: [(number: Int, y: Double)] = []
            func spread() {
                let numbers = group.map(\.number).sorted()
                for (rank, number) in numbers.enumerated() {
                    dodges[number][index] = (Double(rank) - Double(numbers.count - 1) / 2) * Self.dodgeStep
                }
            }
            for point in placed {
                if let last = group.last, point.y - last.y >= PointMarker.radius * 2 {
                    spread()
                    group = []
                }
                group.append(point)
            }
            spread()
        }
        return dodges
    }

    /// Each line's swatch (its color, dash and point shape), name and latest value, wrapped into
    /// rows: tied lines read apart in the legend even where their points touch.
    private static func legend(_ lines: [SeriesLine], format: (Double) -> String, on canvas: inout ChartCanvas) {
        let size = ChartCanvas.subtitleSize
        var x = canvas.left
        canvas.y += size
        for (number, line) in lines.enumerated() {
            let latest = line.values.last { $0 != nil }.flatMap { $0 }.map(format)
            let valueText = latest.map { " \($0)" } ?? ""
            let valueWidth = TextMetrics.width(of: valueText, fontSize: size) * TextMetrics.boldWidening
            let name = TextMetrics.truncate(line.name ?? "", fontSize: size, maxWidth: canvas.contentWidth - 60 - valueWidth)
            let nameWidth = TextMetrics.width(of: name, fontSize: size)
            let width = 52 + nameWidth + valueWidth + 24
            if x > canvas.left, x + width > canvas.right {
                x = canvas.left
                canvas.y += size + 12
            }
            // An empty dash array draws solid.
            canvas.body.element("line", [
                "class": "legend-line", "x1": x, "y1": canvas.y - 7, "x2": x + 40, "y2": canvas.y - 7,
                "stroke": Self.color(number, canvas.palette), "stroke-width": 4, "stroke-dasharray": Self.dash(number, canvas.palette),
            ])
            PointMarker.of(line: number).draw(
                x: x + 20, y: canvas.y - 7, color: Self.color(number, canvas.palette), className: "legend-point", on: &canvas)
            canvas.body.text(name, fullText: name == line.name ? nil : line.name, [
                "class": "legend", "x": x + 50, "y": canvas.y, "font-size": size, "fill": canvas.palette.ink,
            ])
            if let latest {
                canvas.body.element("text", [
                    "class": "legend-value", "x": x + 50 + nameWidth + TextMetrics.width(of: " ", fontSize: size), "y": canvas.y,
                    "font-size": size, "font-weight": "bold", "fill": canvas.palette.ink,
                ], text: latest)
            }
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
