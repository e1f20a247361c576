/// One bar of a horizontal bar chart.
struct BarRow {
    var label: String
    /// Length as a share of the full bar, 0…1; nil draws no bar (a withheld value).
    var fraction: Double?
    /// Shown right of the bar, e.g. `12 · 40%`.
    var value: String
}

/// Bars under their labels: a label may be long (options are user text), so it gets the whole
/// width above its bar instead of a narrow column beside it.
enum HorizontalBars {
    static let barHeight = 34.0
    static let labelLineHeight = 28.0

    /// A bar's label over the whole width, up to two lines, and the gap to the bar below it. A
    /// label cut short carries its whole text as the last line's tooltip.
    static func drawLabel(_ label: String, on canvas: inout ChartCanvas) {
        let lines = TextMetrics.wrap(label, fontSize: ChartCanvas.labelSize, maxWidth: canvas.contentWidth, maxLines: 2)
        let shortened = TextMetrics.isCut(lines, from: label)
        for (index, line) in lines.enumerated() {
            canvas.y += Self.labelLineHeight
            canvas.body.text(line, fullText: shortened && index == lines.count - 1 ? label : nil, [
                "class": "label", "x": canvas.left, "y": canvas.y, "font-size": ChartCanvas.labelSize, "fill": canvas.palette.ink,
            ])
        }
        canvas.y += 8
    }

    static func draw(_ rows: [BarRow], on canvas: inout ChartCanvas) {
        let valueSize = ChartCanvas.labelSize
        let valueColumn = max(120, (rows.map { TextMetrics.width(of: $0.value, fontSize: valueSize) }.max() ?? 0) + 24)
        let barWidth = max(40, canvas.contentWidth - valueColumn)
        for row in rows {
            canvas.body.open("g", ["class": "row"])
            Self.drawLabel(row.label, on: &canvas)
            canvas.body.element("rect", [
                "class": "track", "x": canvas.left, "y": canvas.y, "width": barWidth, "height": Self.barHeight,
                "fill": canvas.palette.track,
            ])
            if let fraction = row.fraction, fraction > 0 {
                // A sliver stays visible however small the share.
                let length = max(3, min(1, fraction) * barWidth)
                canvas.body.element("rect", [
                    "class": "bar", "x": canvas.left, "y": canvas.y, "width": length, "height": Self.barHeight,
                    "fill": canvas.palette.bar,
                ])
            }
            canvas.body.element("text", [
                "class": "value", "x": canvas.left + barWidth + 12, "y": canvas.y + Self.barHeight / 2 + valueSize * 0.35,
                "font-size": valueSize, "font-weight": "bold", "fill": canvas.palette.ink,
            ], text: row.value)
            canvas.y += Self.barHeight + 14
            canvas.body.close()
        }
    }
}
