/// One statement's bar of a diverging chart: the share of answers at each scale value.
struct DivergingRow {
    var label: String
    /// One share (0…1) per scale value, lowest first; nil when the statement is withheld.
    var shares: [Double]?
    /// Shown right of the bar, e.g. `mean 3.8 · 4 answers`.
    var value: String
}

/// Stacked bars centred on a scale's midpoint, the conventional display of a Likert grid: the
/// answers below the midpoint extend left of the centre line, those above extend right, and on
/// an odd scale the middle value is split across the line. Half the bar's width is 100 %.
enum DivergingBars {
    static let barHeight = 30.0
    static let legendHeight = 36.0

    /// Where each segment of a bar starts and how wide it is, as shares of the whole width
    /// (`center` at 0.5): what ``draw`` paints and the tests measure.
    static func segments(_ shares: [Double]) -> [(start: Double, width: Double)] {
        let count = shares.count
        let middle = Double(count) / 2
        // Below the midpoint: the values left of `middle`, plus half of an odd scale's middle value.
        var leftShare = 0.0
        for (index, share) in shares.enumerated() {
            let below = min(1, max(0, middle - Double(index)))
            leftShare += share * below
        }
        var start = 0.5 - leftShare / 2
        return shares.map { share in
            defer { start += share / 2 }
            return (start: start, width: share / 2)
        }
    }

    static func draw(_ rows: [DivergingRow], values: [String], on canvas: inout ChartCanvas) {
        let valueSize = ChartCanvas.labelSize
        let valueColumn = max(120, (rows.map { TextMetrics.width(of: $0.value, fontSize: valueSize) }.max() ?? 0) + 24)
        let barWidth = max(80, canvas.contentWidth - valueColumn)
        let fills = Self.fills(count: values.count, palette: canvas.palette)
        Self.legend(values, fills: fills, on: &canvas)
        let center = canvas.left + barWidth / 2
        for row in rows {
            canvas.body.open("g", ["class": "row"])
            HorizontalBars.drawLabel(row.label, on: &canvas)
            canvas.body.element("rect", [
                "class": "track", "x": canvas.left, "y": canvas.y, "width": barWidth, "height": Self.barHeight, "fill": canvas.palette.track,
            ])
            for (index, segment) in Self.segments(row.shares ?? []).enumerated() where segment.width > 0 {
                canvas.body.element("rect", [
                    "class": "segment", "data-value": values[index], "x": canvas.left + segment.start * barWidth, "y": canvas.y,
                    "width": segment.width * barWidth, "height": Self.barHeight, "fill": fills[index].color,
                    "fill-opacity": fills[index].opacity,
                ])
            }
            // The midpoint, across the bar only: a line through the labels would strike them out.
            canvas.body.element("line", [
                "class": "centre", "x1": center, "x2": center, "y1": canvas.y - 5, "y2": canvas.y + Self.barHeight + 5,
                "stroke": canvas.palette.ink, "stroke-width": 2,
            ])
            canvas.body.element("text", [
                "class": "value", "x": canvas.left + barWidth + 12, "y": canvas.y + Self.barHeight / 2 + valueSize * 0.35,
                "font-size": valueSize, "font-weight": "bold", "fill": canvas.palette.ink,
            ], text: row.value)
            canvas.y += Self.barHeight + 14
            canvas.body.close()
        }
    }

    /// A box and the value for each scale value, lowest first.
    private static func legend(_ values: [String], fills: [(color: String, opacity: Double)], on canvas: inout ChartCanvas) {
        canvas.y += 12
        canvas.body.open("g", ["class": "legend"])
        var x = canvas.left
        for (index, value) in values.enumerated() {
            canvas.body.element("rect", [
                "x": x, "y": canvas.y, "width": 20, "height": 20, "fill": fills[index].color, "fill-opacity": fills[index].opacity,
            ])
            canvas.body.element("text", [
                "x": x + 26, "y": canvas.y + 16, "font-size": ChartCanvas.labelSize, "fill": canvas.palette.ink,
            ], text: value)
            x += 26 + TextMetrics.width(of: value, fontSize: ChartCanvas.labelSize) + 18
        }
        canvas.body.close()
        canvas.y += Self.legendHeight - 12
    }

    /// Low values in the accent colour, high ones in the bar colour, stronger towards the ends;
    /// an odd scale's middle value in the muted grey.
    static func fills(count: Int, palette: Palette) -> [(color: String, opacity: Double)] {
        let middle = Double(count - 1) / 2
        return (0..<count).map { index in
            let distance = Double(index) - middle
            guard distance != 0 else { return (palette.muted, 0.35) }
            let strength = 0.35 + 0.65 * abs(distance) / max(middle, 0.5)
            return (distance < 0 ? palette.accent : palette.bar, (strength * 100).rounded() / 100)
        }
    }
}
