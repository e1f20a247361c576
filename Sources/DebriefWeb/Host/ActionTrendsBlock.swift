import Debrief
import Foundation

/// The trends page's "what actions were meant to move" table (decision 78): for each action that
/// named a question, that question's value in the session that recorded it and in the next, and
/// whether the two compare. Every cell is read from ``TrendsReport/actionQuestions``, whose points
/// are the question's own trend points (withheld under k as the trend is); no title or owner,
/// as trends are `read`.
struct ActionTrendsBlock {
    struct Row {
        var recorded: String
        var question: String
        var status: String
        var before: String
        var after: String
        var comparable: String
    }

    var rows: [Row]

    /// Nil when no action named a question: the page shows no empty table.
    init?(_ trends: TrendsReport, _ t: Localizer) {
        guard !trends.actionQuestions.isEmpty else { return nil }
        let prompts = Dictionary(trends.questions.map { ($0.key, $0.prompt) }, uniquingKeysWith: { first, _ in first })
        self.rows = trends.actionQuestions.map { entry in
            Row(
                recorded: t(.sessionNumber, ["n": String(entry.sessionNumber)]),
                question: prompts[entry.questionKey.rawValue] ?? entry.questionKey.rawValue,
                status: ActionLine.status(entry.status, t),
                before: Self.value(entry.before, t), after: Self.value(entry.after, t),
                comparable: entry.comparable
                    ? t(HelpPhrase.actionTrendsSame)
                    : entry.changes.isEmpty ? "–" : t(HelpPhrase.actionTrendsChanged, ["changes": entry.changes.joined(separator: ", ")]))
        }
    }

    /// The point's mean (a rating), its respondents otherwise; the trend's words when withheld.
    static func value(_ point: QuestionTrend.Point?, _ t: Localizer) -> String {
        guard let point else { return t(HelpPhrase.actionTrendsNotAsked) }
        if point.withheld { return TrendsPage.withheldText(point, t) }
        if let mean = point.mean { return ResultsView.number(mean) }
        return point.respondents.map { "n = \($0)" } ?? "–"
    }
}
