/// One column of a column chart.
struct Column {
    var label: String
    /// Nil draws no column (a withheld value).
    var count: Int?
}

/// A mark across the columns, such as the mean of a rating.
struct ColumnMarker {
    /// In column units: 0 is the middle of the first column, 1 of the second.
    var position: Double
    var label: String
}

/// Vertical columns with their counts on top, for rating scales and sessions.
enum ColumnChart {
    static let plotHeight = 260.0

    static func draw(_ columns: [Column], marker: ColumnMarker?, on canvas: inout ChartCanvas) {
        guard !columns.isEmpty else { return }
        let slot = canvas.contentWidth / Double(columns.count)
        let columnWidth = min(120, slot * 0.72)
        let highest = max(1, columns.compactMap(\.count).max() ?? 0)
        // From the top: the marker's label, then room for the counts above the tallest column.
        let markerLabelY = canvas.y + ChartCanvas.labelSize
        let top = (marker == nil ? canvas.y : markerLabelY + 14) + ChartCanvas.labelSize + 8
        let baseline = top + Self.plotHeight
        let labelEvery = Self.labelStride(columns.map(\.label), slot: slot)
        func center(_ index: Int) -> Double { canvas.left + (Double(index) + 0.5) * slot }
        func height(_ count: Int) -> Double { Double(count) / Double(highest) * Self.plotHeight }

        for (index, column) in columns.enumerated() {
            guard let count = column.count, count > 0 else { continue }
            canvas.body.element("rect", [
                "class": "bar", "x": center(index) - columnWidth / 2, "y": baseline - height(count), "width": columnWidth,
                "height": height(count), "fill": canvas.palette.bar,
            ])
        }
        canvas.body.element("line", [
            "class": "axis", "x1": canvas.left, "y1": baseline, "x2": canvas.right, "y2": baseline,
            "stroke": canvas.palette.muted, "stroke-width": 2,
        ])
        // The marker's line goes under the numbers, which keep a halo of background so the
        // dashes never cross a digit.
        if let marker {
            canvas.body.element("line", [
                "class": "marker", "x1": canvas.left + (marker.position + 0.5) * slot, "y1": markerLabelY + 8,
                "x2": canvas.left + (marker.position + 0.5) * slot, "y2": baseline, "stroke": canvas.palette.accent,
                "stroke-width": 3, "stroke-dasharray": "10 6",
            ])
        }
        for (index, column) in columns.enumerated() {
            canvas.body.open("g", ["class": "column"])
            if let count = column.count {
                canvas.body.element("text", [
                    "class": "value", "x": center(index), "y": baseline - height(count) - 8, "font-size": ChartCanvas.labelSize,
                    "font-weight": "bold", "text-anchor": "middle", "fill": canvas.palette.ink,
                    "stroke": canvas.palette.background, "stroke-width": 6, "paint-order": "stroke",
                ], text: String(count))
            }
            if index % labelEvery == 0 {
                let shown = TextMetrics.truncate(column.label, fontSize: ChartCanvas.labelSize, maxWidth: slot * Double(labelEvery) - 6)
                canvas.body.text(shown, fullText: column.label, [
                    "class": "label", "x": center(index), "y": baseline + ChartCanvas.labelSize + 8, "font-size": ChartCanvas.labelSize,
                    "text-anchor": "middle", "fill": canvas.palette.ink,
                ])
            }
            canvas.body.close()
        }
        if let marker {
            let x = canvas.left + (marker.position + 0.5) * slot
            let halfLabel = TextMetrics.width(of: marker.label, fontSize: ChartCanvas.labelSize) / 2
            canvas.body.element("text", [
                "class": "marker-label", "x": min(max(x, canvas.left + halfLabel), canvas.right - halfLabel), "y": markerLabelY,
                "font-size": ChartCanvas.labelSize, "font-weight": "bold", "text-anchor": "middle", "fill": canvas.palette.accent,
            ], text: marker.label)
        }
        canvas.y = baseline + ChartCanvas.labelSize + 16
    }

    /// Every how many columns a label fits without overlapping its neighbours.
    static func labelStride(_ labels: [String], slot: Double) -> Int {
        let widest = labels.map { TextMetrics.width(of: $0, fontSize: ChartCanvas.labelSize) }.max() ?? 0
        return max(1, Int((widest + 12) / max(1, slot)) + 1)
    }
}
