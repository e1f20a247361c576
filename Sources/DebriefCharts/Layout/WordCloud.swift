/// A word and how often it was mentioned.
struct WordWeight {
    var word: String
    /// Nil when withheld.
    var count: Int?
}

/// Words in reading order, most frequent first, each sized by its count and followed by the
/// count itself: a word list that is still exact when the sizes are hard to compare.
enum WordCloud {
    static let smallest = 22.0
    static let largest = 60.0

    static func draw(_ words: [WordWeight], on canvas: inout ChartCanvas) {
        let highest = max(1, words.compactMap(\.count).max() ?? 0)
        let lowest = words.compactMap(\.count).min() ?? 0
        var lineWords: [(word: WordWeight, size: Double)] = []
        var lineWidth = 0.0
        for word in words {
            // Sizes spread by the square root of the count, so one dominant word does not
            // shrink every other word to the minimum.
            let share = highest > lowest
                ? (Double((word.count ?? lowest) - lowest) / Double(highest - lowest)).squareRoot() : 1
            let size = Self.smallest + share * (Self.largest - Self.smallest)
            let width = Self.width(of: word, size: size, canvas: canvas)
            if !lineWords.isEmpty, lineWidth + width > canvas.contentWidth {
                Self.drawLine(lineWords, on: &canvas)
                lineWords = []
                lineWidth = 0
            }
            lineWords.append((word, size))
            lineWidth += width
        }
        if !lineWords.isEmpty { Self.drawLine(lineWords, on: &canvas) }
    }

    private static func shown(_ word: WordWeight, size: Double, canvas: ChartCanvas) -> String {
        TextMetrics.truncate(word.word, fontSize: size, maxWidth: canvas.contentWidth * 0.8)
    }

    private static func width(of word: WordWeight, size: Double, canvas: ChartCanvas) -> Double {
        // Bold letters run about a tenth wider.
        TextMetrics.width(of: Self.shown(word, size: size, canvas: canvas), fontSize: size) * (Self.isBold(size) ? 1.1 : 1)
            + TextMetrics.width(of: Self.countText(word), fontSize: ChartCanvas.subtitleSize) + 36
    }

    private static func isBold(_ size: Double) -> Bool { size > 40 }

    private static func countText(_ word: WordWeight) -> String {
        word.count.map { "×\($0)" } ?? ""
    }

    /// One line of words. Each word and its count are one `<text>`, so the count follows the
    /// word exactly whatever the font; only the gaps between words rest on estimated widths.
    private static func drawLine(_ words: [(word: WordWeight, size: Double)], on canvas: inout ChartCanvas) {
        let lineHeight = (words.map(\.size).max() ?? Self.smallest) * 1.25
        canvas.y += lineHeight
        var x = canvas.left
        for (word, size) in words {
            canvas.body.open("g", ["class": "word"])
            canvas.body.element("title", text: word.count.map { "\(word.word): \(canvas.style.strings.mentions($0))" } ?? word.word)
            canvas.body.open("text", ["x": x, "y": canvas.y, "fill": canvas.palette.ink])
            canvas.body.element("tspan", [
                "class": "label", "font-size": size, "font-weight": Self.isBold(size) ? "bold" : "normal",
            ], text: Self.shown(word, size: size, canvas: canvas))
            let count = Self.countText(word)
            if !count.isEmpty {
                canvas.body.element("tspan", [
                    "class": "value", "dx": 6, "font-size": ChartCanvas.subtitleSize, "fill": canvas.palette.muted,
                ], text: count)
            }
            canvas.body.close()
            canvas.body.close()
            x += Self.width(of: word, size: size, canvas: canvas)
        }
        canvas.y += 8
    }
}
