/// What every chart of lines over sessions draws the same way: the value axis's grid lines and
/// ticks, and the dashed mark where a question's wording changed. ``LineChart`` and
/// ``SeriesLines`` differ only in what they draw inside it.
enum LinePlotFrame {
    /// The grid line and tick label of each of `scale`'s ticks, from `plotLeft` to the canvas's right.
    static func drawValueAxis(
        _ scale: NiceScale, plotLeft: Double, y: (Double) -> Double, format: (Double) -> String, on canvas: inout ChartCanvas
    ) {
        for tick in scale.ticks {
            canvas.body.element("line", [
                "class": "grid", "x1": plotLeft, "y1": y(tick), "x2": canvas.right, "y2": y(tick),
                "stroke": canvas.palette.grid, "stroke-width": tick == scale.lower ? 2 : 1,
            ])
            canvas.body.element("text", [
                "class": "tick", "x": plotLeft - 10, "y": y(tick) + 7, "font-size": ChartCanvas.subtitleSize,
                "text-anchor": "end", "fill": canvas.palette.muted,
            ], text: format(tick))
        }
    }

    /// The dashed line and its label between the point before `mark` and the one it names, when
    /// that point exists and is not the first of `count`.
    static func drawBreak(
        _ mark: LineBreakMark?, count: Int, x: (Int) -> Double, top: Double, baseline: Double, on canvas: inout ChartCanvas
    ) {
        guard let mark, mark.index > 0, mark.index < count else { return }
        let position = (x(mark.index - 1) + x(mark.index)) / 2
        canvas.body.element("line", [
            "class": "break", "x1": position, "y1": top - 12, "x2": position, "y2": baseline,
            "stroke": canvas.palette.accent, "stroke-width": 2, "stroke-dasharray": "8 6",
        ])
        canvas.body.element("text", [
            "class": "break-label", "x": position, "y": top - 20, "font-size": ChartCanvas.subtitleSize,
            "text-anchor": position > canvas.left + canvas.contentWidth / 2 ? "end" : "start", "fill": canvas.palette.accent,
        ], text: mark.label)
    }

    /// One line (broken where a value is missing), its whiskers, and its points (`marker`) where
    /// there are few enough to see them.
    static func drawLine(
        values: [Double?], intervals: [ClosedRange<Double>?], color: String, dash: String, marker: PointMarker = .circle,
        x: (Int) -> Double, y: (Double) -> Double, on canvas: inout ChartCanvas
    ) {
        var path = ""
        var drawing = false
        for (index, value) in values.enumerated() {
            guard let value else {
                drawing = false
                continue
            }
            path += "\(drawing ? "L" : "M")\(x(index).svgText) \(y(value).svgText) "
            drawing = true
        }
        if !path.isEmpty {
            canvas.body.element("path", [
                "class": "line", "d": path.trimmingTrailingSpaces(), "fill": "none", "stroke": color,
                "stroke-width": 4, "stroke-linejoin": "round", "stroke-linecap": "round", "stroke-dasharray": dash,
            ])
        }
        let showDots = values.count <= 60
        for (index, value) in values.enumerated() {
            // A zero-width interval (every answer the same) has no whisker to draw.
            if let interval = intervals.indices.contains(index) ? intervals[index] : nil,
                interval.upperBound > interval.lowerBound
            {
                canvas.body.element("line", [
                    "class": "interval", "x1": x(index), "y1": y(interval.lowerBound), "x2": x(index), "y2": y(interval.upperBound),
                    "stroke": color, "stroke-width": 2,
                ])
            }
            if let value, showDots {
                marker.draw(x: x(index), y: y(value), color: color, on: &canvas)
            }
        }
    }

    /// As many x labels as fit without overlapping, always including the last: it replaces the
    /// regular one it would collide with (the first stays: the two are anchored away from each other).
    static func drawLabels(_ labels: [String], x: (Int) -> Double, baseline: Double, spacing: Double, on canvas: inout ChartCanvas) {
        let widest = labels.map { TextMetrics.width(of: $0, fontSize: ChartCanvas.subtitleSize) }.max() ?? 0
        let stride = max(1, Int(((widest + 24) / max(1, spacing)).rounded(.up)))
        var shown = Set(Swift.stride(from: 0, to: labels.count, by: stride))
        if let lastRegular = shown.max(), lastRegular != labels.count - 1 {
            if lastRegular != 0, labels.count - 1 - lastRegular < stride { shown.remove(lastRegular) }
            shown.insert(labels.count - 1)
        }
        for index in shown.sorted() {
            let anchor = labels.count == 1 ? "middle" : index == 0 ? "start" : index == labels.count - 1 ? "end" : "middle"
            canvas.body.element("text", [
                "class": "label", "x": x(index), "y": baseline + ChartCanvas.subtitleSize + 10, "font-size": ChartCanvas.subtitleSize,
                "text-anchor": anchor, "fill": canvas.palette.ink,
            ], text: labels[index])
        }
    }
}
