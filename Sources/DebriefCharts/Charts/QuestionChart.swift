import Debrief

/// One question's result: bars for a choice, a histogram with the mean for a rating, a word
/// list for a short answer.
enum QuestionChart {
    static func render(_ result: QuestionResult, style: ChartStyle) -> String {
        var canvas = ChartCanvas(style: style, title: result.prompt, subtitle: Self.subtitle(result))
        var description = "\(Self.kindName(result.kind)). \(DisplayText.count(result.respondents, "respondent", "respondents")), \(result.skipped) skipped."
        if result.withheld {
            let reason = "Hidden: \(result.withheldReason ?? "too few people answered this anonymous question")"
            canvas.message(reason)
            description += " \(reason)."
        } else if result.respondents == 0 {
            canvas.message(ChartSVG.noResponsesMessage)
            description += " \(ChartSVG.noResponsesMessage)."
        } else {
            switch result.kind {
            case .choice: description += Self.drawChoice(result, on: &canvas)
            case .rating: description += Self.drawRating(result, on: &canvas)
            case .shortAnswer: description += Self.drawWords(result, on: &canvas)
            }
        }
        return canvas.finish(title: result.prompt, description: description)
    }

    static func subtitle(_ result: QuestionResult) -> [String] {
        var first = [DisplayText.count(result.respondents, "respondent", "respondents"), "\(result.skipped) skipped"]
        var lines: [String] = []
        switch result.kind {
        case .choice:
            if result.sharesMayExceed100 == true, !result.withheld {
                lines.append("Several answers allowed: shares can add up to more than 100%")
            }
        case .rating:
            if let statistics = result.statistics {
                first += [
                    statistics.mean.map { "mean \(DisplayText.oneDecimal($0))" },
                    statistics.median.map { "median \(DisplayText.oneDecimal($0))" },
                    statistics.nps?.score.map { "NPS \(DisplayText.oneDecimal($0))" },
                ].compactMap { $0 }
            }
        case .shortAnswer:
            if !result.withheld, result.chart.total > 0 {
                lines.append("Most frequent words in the newest \(DisplayText.count(result.chart.total, "answer", "answers"))")
            }
        }
        return [first.joined(separator: " · ")] + lines
    }

    private static func drawChoice(_ result: QuestionResult, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows.map { row in
            BarRow(
                label: row.label, fraction: row.percent.map { $0 / 100 },
                value: "\(row.count.map(String.init) ?? "–") · \(row.percent.map(DisplayText.percent) ?? "–")")
        }
        HorizontalBars.draw(rows, on: &canvas)
        return rows.map { " \($0.label): \($0.value)." }.joined()
    }

    private static func drawRating(_ result: QuestionResult, on canvas: inout ChartCanvas) -> String {
        let rows = result.chart.rows
        let lowest = rows.first.flatMap { Int($0.category) } ?? 0
        let mean = result.statistics?.mean
        let marker = mean.map { ColumnMarker(position: $0 - Double(lowest), label: "mean \(DisplayText.oneDecimal($0))") }
        ColumnChart.draw(rows.map { Column(label: $0.label, count: $0.count) }, marker: marker, on: &canvas)
        let counts = rows.map { " \($0.label): \($0.count.map { DisplayText.count($0, "answer", "answers") } ?? "withheld")." }
        return (mean.map { " Mean \(DisplayText.oneDecimal($0))." } ?? "") + counts.joined()
    }

    private static func drawWords(_ result: QuestionResult, on canvas: inout ChartCanvas) -> String {
        guard !result.chart.rows.isEmpty else {
            canvas.message("No words to show yet")
            return " No words to show yet."
        }
        WordCloud.draw(result.chart.rows.map { WordWeight(word: $0.label, count: $0.count) }, on: &canvas)
        return " Most frequent words:" + result.chart.rows.map { " \($0.label) (\($0.count.map(String.init) ?? "withheld"))" }.joined(separator: ",") + "."
    }

    private static func kindName(_ kind: QuestionKind) -> String {
        switch kind {
        case .choice: return "Choice question"
        case .rating: return "Rating question"
        case .shortAnswer: return "Short-answer question"
        }
    }
}
