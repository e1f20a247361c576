import Debrief

/// One question's result: the frame, counts and messages every kind shares; the drawing is the
/// kind's (``ChartKindPart``: bars for a choice, a histogram with the mean for a rating, a word
/// cloud for a short answer, diverging bars for a grid).
enum QuestionChart {
    static func render(_ result: QuestionResult, style: ChartStyle) -> String {
        let text = style.strings
        var canvas = ChartCanvas(style: style, title: result.prompt, subtitle: Self.subtitle(result, text))
        // Counts a follow-up of a withheld question hides are left out; the message says why.
        let counts = Self.counts(result, text)
        var description = "\(text.kindName(result.kind))." + (counts.isEmpty ? "" : " " + counts.joined(separator: ", ") + ".")
        if let shownOf = result.shownOf { description += " \(text.shownTo(result.shownTo, of: shownOf))." }
        if result.withheld {
            let reason = text.hidden(reason: result.withheldReason)
            canvas.message(reason)
            description += " \(reason)."
        } else if result.respondents == 0 {
            canvas.message(text.noResponses)
            description += " \(text.noResponses)."
        } else {
            description += result.kind.chart?.draw(result, text, on: &canvas) ?? ""
        }
        return canvas.finish(title: result.prompt, description: description)
    }

    /// "N respondents", "M skipped": none when the result hides them.
    static func counts(_ result: QuestionResult, _ text: ChartStrings) -> [String] {
        [result.respondents.map(text.respondents), result.skipped.map(text.skipped)].compactMap { $0 }
    }

    static func subtitle(_ result: QuestionResult, _ text: ChartStrings) -> [String] {
        var first = Self.counts(result, text)
        var lines: [String] = []
        result.kind.chart?.subtitle(result, text, first: &first, lines: &lines)
        // A follow-up says whom it was asked, so its numbers read as shares of those.
        if let shownOf = result.shownOf { lines.insert(text.shownTo(result.shownTo, of: shownOf), at: 0) }
        return [first.joined(separator: ChartStrings.separator)] + lines
    }
}
