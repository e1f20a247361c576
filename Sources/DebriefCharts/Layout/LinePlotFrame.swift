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
}
