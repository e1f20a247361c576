import Debrief

/// How one question did across a series' sessions: a rating's mean with its 95 % confidence
/// interval (an NPS question's NPS, −100 to 100); a choice's share of each option; a grid's mean of each statement with its
/// interval; a short answer's respondents. Options and statements keep the trend's stable order
/// (``QuestionTrend/categories``), and a session whose values are withheld is marked ("withheld:
/// fewer than 3"), never left as a silent gap.
enum TrendChart {
    static func render(_ trend: QuestionTrend, style: ChartStyle) -> String {
        let text = style.strings
        // Every registered kind has a chart part (ChartKindPartTests); none would draw respondents.
        let series = trend.kind.chart?.trendSeries(trend, text) ?? ShortAnswerKind.trendSeries(trend, text)
        let (measure, lines, format) = (series.measure, series.lines, series.format)
        var canvas = ChartCanvas(style: style, title: trend.prompt, subtitle: [measure])
        let marks = Self.marks(trend, text)
        var description = "\(measure)."
        if lines.allSatisfy({ $0.values.allSatisfy { $0 == nil } }) && marks.isEmpty {
            canvas.message(text.noResponses)
            description += " \(text.noResponses)."
        } else {
            let changedAt = trend.points.firstIndex { $0.sessionNumber == trend.comparableFrom }
            SeriesLines.draw(
                lines, labels: trend.points.map { text.sessionLabel($0.sessionNumber) }, marks: marks,
                scale: series.scale,
                breakMark: changedAt.map { LineBreakMark(index: $0, label: text.questionChanged) }, format: format, on: &canvas)
            for (index, point) in trend.points.enumerated() {
                description += " \(text.session(point.sessionNumber)): " + Self.told(index, lines, marks[index], format, text) + "."
            }
            if let changedAt, changedAt > 0 {
                description += " " + text.questionChanged(atSession: trend.comparableFrom)
            }
        }
        return canvas.finish(title: trend.prompt, description: description)
    }

    /// The withheld sessions' marks: the whole point, or (a grid) the statements withheld in it.
    static func marks(_ trend: QuestionTrend, _ text: ChartStrings) -> [Int: String] {
        var marks: [Int: String] = [:]
        for (index, point) in trend.points.enumerated() {
            if point.withheld {
                // Counts hidden: withheld for its deciding question, not for its own few answers.
                marks[index] = text.withheldMark(below: point.respondents == nil ? nil : point.withheldBelow)
            } else if let statements = point.withheldStatements, !statements.isEmpty {
                let names = statements.map { key in trend.categories?.first { $0.id == key }?.label ?? key }
                marks[index] = names.joined(separator: ", ") + " " + text.withheldMark(below: point.withheldBelow)
            }
        }
        return marks
    }

    /// One session in words: each line's value, or why there is none.
    static func told(_ index: Int, _ lines: [SeriesLine], _ mark: String?, _ format: (Double) -> String, _ text: ChartStrings) -> String {
        var parts: [String] = []
        for line in lines {
            guard let value = line.values[index] else { continue }
            parts.append((line.name.map { "\($0) " } ?? "") + format(value))
        }
        if let mark { parts.append(mark) }
        return parts.isEmpty ? text.noData : parts.joined(separator: ", ")
    }
}
