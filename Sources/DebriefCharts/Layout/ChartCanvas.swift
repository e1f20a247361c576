/// The frame every chart shares: background, heading, a cursor that moves down as parts are
/// drawn, the empty-state box, and the `<svg>` root with its accessible title and description.
///
/// Charts draw top to bottom and the height is whatever they used, so a long prompt or many
/// options never overflow.
struct ChartCanvas {
    static let padding = 32.0
    static let titleSize = 30.0
    static let subtitleSize = 20.0
    static let labelSize = 22.0
    static let fontFamily = "system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK KR', 'Noto Sans Arabic', sans-serif"

    let style: ChartStyle
    let palette: Palette
    var body = SVGDocument()
    /// Where the next part starts.
    var y = ChartCanvas.padding

    var width: Double { Double(self.style.width) }
    var left: Double { Self.padding }
    var right: Double { self.width - Self.padding }
    var contentWidth: Double { self.right - self.left }

    /// A canvas with `title` (wrapped to three lines at most; left out when the page shows it,
    /// ``ChartStyle/drawsTitle``) and muted `subtitle` lines, each
    /// wrapped between its ` · ` parts, so a narrow chart or a longer language grows taller
    /// rather than cutting them. (The limit of five lines is a guard: the longest subtitle, the
    /// timeline's, takes four at the narrowest width.)
    init(style: ChartStyle, title: String, subtitle: [String]) {
        self.style = style
        self.palette = style.palette
        // The title is bold, which the per-character estimate does not count: bold lines are
        // wrapped to the width they will really take (``TextMetrics/boldWidening``).
        let lines = style.drawsTitle
            ? TextMetrics.wrap(title, fontSize: Self.titleSize, maxWidth: self.contentWidth / TextMetrics.boldWidening, maxLines: 3) : []
        for line in lines {
            self.y += Self.titleSize
            // A prompt cut short is whole in the document's <title>.
            self.body.element("text", [
                "class": "title", "x": self.left, "y": self.y, "font-size": Self.titleSize, "font-weight": "bold",
                "fill": self.palette.ink,
            ], text: line)
            self.y += 8
        }
        for line in subtitle where !line.isEmpty {
            let wrapped = TextMetrics.wrap(
                line, fontSize: Self.subtitleSize, maxWidth: self.contentWidth, maxLines: 5, keepingPartsBetween: ChartStrings.separator)
            let cut = TextMetrics.isCut(wrapped, from: line)
            for (index, shown) in wrapped.enumerated() {
                self.y += Self.subtitleSize + 4
                self.body.text(shown, fullText: cut && index == wrapped.count - 1 ? line : nil, [
                    "class": "subtitle", "x": self.left, "y": self.y, "font-size": Self.subtitleSize, "fill": self.palette.muted,
                ])
            }
        }
        self.y += 28
    }

    /// A dashed box with a centered message, in place of a chart with nothing to show. The
    /// message wraps, and the box grows when it takes more than four lines (a withheld
    /// question's reason on a phone).
    mutating func message(_ text: String) {
        let size = Self.labelSize + 4
        let lineHeight = size + 8
        let lines = TextMetrics.wrap(text, fontSize: size, maxWidth: self.contentWidth - 32, maxLines: 8)
        let cut = TextMetrics.isCut(lines, from: text)
        let height = max(160, Double(lines.count) * lineHeight + 24)
        self.body.element("rect", [
            "class": "empty", "x": self.left, "y": self.y, "width": self.contentWidth, "height": height, "rx": 8,
            "fill": "none", "stroke": self.palette.grid, "stroke-width": 2, "stroke-dasharray": "8 6",
        ])
        // The block of lines is centered in the box; 9 units lower puts a line's letters, not its
        // baseline, in the middle.
        let firstBaseline = self.y + height / 2 + 9 - Double(lines.count - 1) * lineHeight / 2
        for (index, line) in lines.enumerated() {
            self.body.text(line, fullText: cut && index == lines.count - 1 ? text : nil, [
                "class": "message", "x": self.left + self.contentWidth / 2, "y": firstBaseline + Double(index) * lineHeight,
                "font-size": size, "text-anchor": "middle", "fill": self.palette.muted,
            ])
        }
        self.y += height
    }

    /// The standalone SVG document. `title` is its accessible name; `description` tells the
    /// data in words, for screen readers and anyone who cannot see the chart.
    func finish(title: String, description: String) -> String {
        let height = (self.y + Self.padding).rounded(.up)
        var root = SVGDocument()
        root.open("svg", [
            "xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 \(self.style.width) \(Int(height))",
            "width": self.style.width, "height": Int(height), "role": "img", "font-family": Self.fontFamily,
            "text-rendering": "optimizeLegibility",
        ])
        root.element("title", text: title)
        root.element("desc", text: description)
        root.element("rect", ["class": "background", "width": "100%", "height": "100%", "fill": self.palette.background])
        root.append(self.body)
        return root.finish()
    }
}
