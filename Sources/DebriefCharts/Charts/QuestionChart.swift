import Debrief

/// One question's result: bars for a choice, a histogram with the mean for a rating, a word
/// list for a short answer.
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
            switch result.kind {
            case .choice: description += Self.drawChoice(result, text, on: &canvas)
            case .rating: description += Self.drawRating(result, text, on: &canvas)
            case .shortAnswer: description += Self.drawWords(result, text, on: &canvas)
            case .grid: description += Self.drawGrid(result, text, on: &canvas)
            }
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
        switch result.kind {
        case .choice:
            if result.sharesMayExceed100 == true, !result.withheld {
                lines.append(text.sharesMayExceed100)
            }
        case .rating:
            if let statistics = result.statistics {
                first += [
                    statistics.mean.map { text.mean(DisplayText.oneDecimal($0)) },
                    statistics.median.map { text.median(DisplayText.oneDecimal($0)) },
                    statistics.nps?.score.map { text.nps(DisplayText.oneDecimal($0)) },
                ].compactMap { $0 }
            }
        case .shortAnswer:
            if !result.withheld, let total = result.chart.total, total > 0 {
                lines.append(text.newestAnswersWords(total))
            }
        case .grid:
            lines.append(text.statements(result.statements?.count ?? 0))
        }
        // A follow-up says whom it was asked, so its numbers read as shares of those.
        if let shownOf = result.shownOf { lines.insert(text.shownTo(result.shownTo, of: shownOf), at: 0) }
        return [first.joined(separator: ChartStrings.separator)] + lines
    }

    private static func drawChoice(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows.enumerated().map { index, row in
            BarRow(
                label: index == result.otherRowIndex ? text.other : row.label, fraction: row.percent.map { $0 / 100 },
                value: "\(row.count.map(String.init) ?? "–")\(ChartStrings.separator)\(row.percent.map(DisplayText.percent) ?? "–")")
        }
        HorizontalBars.draw(rows, on: &canvas)
        return rows.map { " \($0.label): \($0.value)." }.joined()
    }

    private static func drawRating(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows
        let lowest = rows.first.flatMap { Int($0.category) } ?? 0
        let mean = result.statistics?.mean
        let marker = mean.map { ColumnMarker(position: $0 - Double(lowest), label: text.mean(DisplayText.oneDecimal($0))) }
        ColumnChart.draw(rows.map { Column(label: $0.label, count: $0.count) }, marker: marker, on: &canvas)
        let counts = rows.map { " \($0.label): \($0.count.map(text.answers) ?? text.withheld)." }
        return (mean.map { " " + text.meanSentence(DisplayText.oneDecimal($0)) } ?? "") + counts.joined()
    }

    /// One diverging bar per statement (``DivergingBars``); a withheld statement keeps its row
    /// with no bar and says so.
    private static func drawGrid(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        let statements = result.statements ?? []
        let values = statements.first?.chart.rows.map(\.label) ?? []
        let rows = statements.map { statement in
            DivergingRow(
                label: statement.label,
                shares: statement.withheld ? nil : statement.chart.rows.map { ($0.percent ?? 0) / 100 },
                value: statement.withheld
                    ? text.withheld
                    : [statement.statistics?.mean.map { text.mean(DisplayText.oneDecimal($0)) }, statement.chart.total.map(text.answers)]
                        .compactMap { $0 }.joined(separator: ChartStrings.separator))
        }
        DivergingBars.draw(rows, values: values, on: &canvas)
        return statements.map { statement in
            guard !statement.withheld else { return " \(statement.label): \(text.withheld)." }
            let mean = statement.statistics?.mean.map { " " + text.meanSentence(DisplayText.oneDecimal($0)) } ?? ""
            let counts = statement.chart.rows.map { "\($0.label): \($0.count.map(text.answers) ?? text.withheld)" }
            return " \(statement.label).\(mean) \(counts.joined(separator: ", "))."
        }.joined()
    }

    private static func drawWords(_ result: QuestionResult, _ text: ChartStrings, on canvas: inout ChartCanvas) -> String {
        guard !result.chart.rows.isEmpty else {
            canvas.message(text.noWords)
            return " \(text.noWords)."
        }
        WordCloud.draw(result.chart.rows.map { WordWeight(word: $0.label, count: $0.count) }, on: &canvas)
        let words = result.chart.rows.map { " \($0.label) (\($0.count.map(String.init) ?? text.withheld))" }
        return " " + text.mostFrequentWords + words.joined(separator: ",") + "."
    }
}
