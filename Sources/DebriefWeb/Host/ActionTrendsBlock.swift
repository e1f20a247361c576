import Debrief
import Foundation

/// The trends page's "what actions were meant to move" table and the series' "what worked" list
/// (decisions 78 and 99): for each action that named a question, that question's value in the
/// session that recorded it and in the next, whether the two compare, and the change with its
/// 95 % interval. Every cell is read from ``TrendsReport/actionQuestions``, whose points are the
/// question's own trend points (withheld under k as the trend is) and whose change exists only
/// where both are shown; no title or owner, as trends are `read`.
struct ActionTrendsBlock {
    struct Row {
        var recorded: String
        var question: String
        var status: String
        var before: String
        var after: String
        var comparable: String
        var change: String
    }

    /// One line of "what worked": the session that recorded the action and its question.
    struct Outcome {
        var recorded: String
        var question: String
        var change: String
    }

    var rows: [Row]
    var moved: [Outcome]
    var withinNoise: [Outcome]
    /// Stored, not computed: the template reads stored properties only.
    var hasOutcomes = false

    /// Nil when no action named a question: the page shows no empty table.
    init?(_ trends: TrendsReport, _ t: Localizer) {
        guard !trends.actionQuestions.isEmpty else { return nil }
        let byKey = Dictionary(trends.questions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.rows = []
        self.moved = []
        self.withinNoise = []
        for entry in trends.actionQuestions {
            let trend = byKey[entry.questionKey.rawValue]
            let recorded = t(.sessionNumber, ["n": String(entry.sessionNumber)])
            let question = trend?.prompt ?? entry.questionKey.rawValue
            let change = entry.change.map { Self.text($0, trend?.categories ?? [], t) } ?? t(HelpPhrase.actionTrendsNoChange)
            self.rows.append(
                Row(
                    recorded: recorded, question: question, status: ActionLine.status(entry.status, t),
                    before: Self.value(entry.before, t), after: Self.value(entry.after, t),
                    comparable: entry.comparable
                        ? t(HelpPhrase.actionTrendsSame)
                        : entry.changes.isEmpty ? "–" : t(HelpPhrase.actionTrendsChanged, ["changes": entry.changes.joined(separator: ", ")]),
                    change: change))
            guard let measured = entry.change else { continue }
            let outcome = Outcome(recorded: recorded, question: question, change: change)
            if measured.moved { self.moved.append(outcome) } else { self.withinNoise.append(outcome) }
            self.hasOutcomes = true
        }
    }

    /// The point's mean (a rating), its respondents otherwise; the trend's words when withheld.
    static func value(_ point: QuestionTrend.Point?, _ t: Localizer) -> String {
        guard let point else { return t(HelpPhrase.actionTrendsNotAsked) }
        if point.withheld { return TrendsPage.withheldText(point, t) }
        if let mean = point.mean { return ResultsView.number(mean) }
        return point.respondents.map { "n = \($0)" } ?? "–"
    }

    /// "+0.8 (−0.1 to +1.7)" for a mean; each option's "Label: +20 pts (+5 to +33)" for a choice.
    static func text(_ change: ActionChange, _ categories: [QuestionTrend.Category], _ t: Localizer) -> String {
        change.shifts.map { shift in
            let values = [shift.difference, shift.confidenceInterval95.lower, shift.confidenceInterval95.upper].map { value in
                let signed = (value > 0 ? "+" : "") + ResultsView.number(value)
                return change.measure == .share ? t(HelpPhrase.actionTrendsPoints, ["value": signed]) : signed
            }
            let text = t(HelpPhrase.actionTrendsShift, ["difference": values[0], "lower": values[1], "upper": values[2]])
            guard let option = shift.option else { return text }
            return (categories.first { $0.id == option }?.label ?? option) + ": " + text
        }.joined(separator: "; ")
    }
}
