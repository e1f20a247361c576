/// The shape of a line's points, so lines are told apart without color, and a point drawn next to
/// another of the same value still shows which line it belongs to.
enum PointMarker: CaseIterable {
    case circle, square, triangle, diamond

    /// The marker of line `number` (the first a circle, as a chart of one line draws it).
    static func of(line number: Int) -> PointMarker {
        Self.allCases[number % Self.allCases.count]
    }

    static let radius = 6.0

    /// Draws the marker centred at `x`, `y`, with class `className` (`point` on the plot): a circle
    /// with `cx`/`cy`, the other shapes as paths around the same centre.
    func draw(x: Double, y: Double, color: String, className: String = "point", on canvas: inout ChartCanvas) {
        let r = Self.radius
        let background = canvas.palette.background
        let corners: [(Double, Double)]
        switch self {
        case .circle:
            canvas.body.element("circle", [
                "class": className, "cx": x, "cy": y, "r": r, "fill": color, "stroke": background, "stroke-width": 2,
            ])
            return
        case .square: corners = [(-r, -r), (r, -r), (r, r), (-r, r)]
        case .triangle: corners = [(0, -r - 2), (r + 1, r), (-r - 1, r)]
        case .diamond: corners = [(0, -r - 2), (r + 2, 0), (0, r + 2), (-r - 2, 0)]
        }
        let d = corners.enumerated().map { index, corner in
            "\(index == 0 ? "M" : "L")\((x + corner.0).svgText) \((y + corner.1).svgText)"
        }.joined(separator: " ") + " Z"
        canvas.body.element("path", ["class": className, "d": d, "fill": color, "stroke": background, "stroke-width": 2])
    }
}
