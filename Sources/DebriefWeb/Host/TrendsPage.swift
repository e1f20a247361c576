import Debrief
import DebriefCharts
import DebriefStore
import Foundation

/// What `trends.mustache` shows: every session of the meeting's series, and each question asked
/// in two or more sessions (the numbers of `GET /v1/series/{id}/trends`).
struct TrendsPage {
    struct SessionRow {
        var label: String
        var startsAt: String
        var responses: String
        var checkedIn: String
        var rate: String
        /// "2 of 3 (66.7%)": the session's actions done of those recorded, or that none were.
        var actions: String
        var current: Bool
    }

    struct PointRow {
        var session: String
        var respondents: String
        var value: String
    }

    struct ShareRow {
        var session: String
        var cells: [String]
        /// Set when the whole session is withheld: said once across the row, spanning `span` columns.
        var withheld: String? = nil
        var span = 0
    }

    struct QuestionBlock {
        var key: String
        var prompt: String
        var valueHeading: String
        var points: [PointRow]
        /// A choice question's option shares, one row per session, one column per option.
        var shareColumns: [String] = []
        var shareRows: [ShareRow] = []
        /// Stored, not computed: templates read stored properties.
        var hasShares = false
        /// The table's caption: percent of respondents, or a grid's mean and interval.
        var sharesCaption = ""
        /// Whether the numbers table has a value column (a kind whose trend follows a mean:
        /// ratings, numbers); choices and grids have their own table above.
        var hasValues = false
        /// ``ChartSVG/trend(_:style:)`` markup.
        var chartSVG: String
    }

    var heading: String
    var dashboardURL: String
    var sessions: [SessionRow]
    var sessionsSVG: String
    /// "2 planned sessions are not shown": the sessions table leaves out those not begun
    /// (``TrendsReport/planned``); nil when there are none.
    var plannedNote: String?
    var questions: [QuestionBlock]
    /// The questions actions were meant to move, before and after (nil: none named one).
    var actionQuestions: ActionTrendsBlock?
    /// The series' open actions (decision 85); nil for a viewer co-host, who sees no actions.
    var openActions: SeriesActionsBlock? = nil
    /// Each trend's numbers table starts open (`<details open>`): a printed report shows them.
    var numbersOpen = false

    /// What a session's response rate is a rate of.
    static func rateBase(_ base: ResponseRate.Base?, _ t: Localizer) -> String {
        switch base {
        case .checkedIn: return t(.rateOfCheckedIn)
        case .expectedHeadCount: return t(.rateOfExpected)
        case nil: return ""
        }
    }

    init(meeting: Meeting, trends: TrendsReport, language: Language) {
        let t = Localizer(language)
        self.heading = t(.trendsHeading, ["title": meeting.title])
        self.dashboardURL = "/m/\(meeting.id.lowercasedText)"
        self.sessions = trends.sessions.map { session in
            SessionRow(
                label: t(.sessionNumber, ["n": String(session.sessionNumber)]),
                startsAt: DateText.meeting(session.startsAt, zone: meeting.seriesTimeZone, language), responses: String(session.responses),
                checkedIn: String(session.checkedIn), rate: session.responseRate.map { ResultsView.number($0) + "% (" + Self.rateBase(session.responseRateOf, t) + ")" } ?? "–",
                actions: Self.actions(session.actions, t), current: session.meetingID == meeting.id)
        }
        // Each chart sits under its page heading, which is its title (shown once, wrapped by the page).
        let style = ChartStyle(theme: .light, width: DashboardPanel.chartWidth, language: language, drawsTitle: false)
        self.sessionsSVG = ChartSVG.sessions(trends.sessions, style: style)
        self.plannedNote = Self.plannedNote(trends.planned, t)
        self.actionQuestions = ActionTrendsBlock(trends, t)
        let labels = trends.optionLabels
        self.questions = trends.questions.map { trend in
            var block = QuestionBlock(
                key: trend.key, prompt: trend.prompt,
                // The kind names its mean ("Mean rating", "Mean value"); a kind with none has no column.
                valueHeading: trend.kind.descriptor.meanName(language) ?? "",
                points: trend.points.map { point in
                    PointRow(
                        session: t(.sessionNumber, ["n": String(point.sessionNumber)]), respondents: point.respondents.map(String.init) ?? t(.withheldCell),
                        value: Self.value(point, t: t))
                },
                chartSVG: ChartSVG.trend(trend, style: style))
            let names = (labels[trend.key] ?? [:]).merging(["other": t(.otherOption)]) { _, other in other }
            (block.shareColumns, block.shareRows) = Self.shares(trend, names: names, t: t)
            block.hasShares = !block.shareRows.isEmpty
            block.sharesCaption = trend.kind.descriptor.itemsAreStatements ? t(.meanWithInterval) : t(.percentColumn)
            block.hasValues = trend.kind.descriptor.meanName(language) != nil
            return block
        }
    }

    /// Says how many planned sessions the table leaves out, in the count's number; nil for none.
    static func plannedNote(_ planned: Int, _ t: Localizer) -> String? {
        guard planned > 0 else { return nil }
        return planned == 1 ? t(.trendsPlannedOne) : t(.trendsPlannedMany, ["n": String(planned)])
    }

    /// The session's actions done of those recorded, with the completion rate; "none recorded"
    /// without actions (no rate, rather than 0 %).
    static func actions(_ counts: ActionCounts, _ t: Localizer) -> String {
        guard let rate = counts.completionRate else { return t(ActionOutputPhrase.actionsNone) }
        return t(
            ActionOutputPhrase.actionsDoneOf,
            ["done": String(counts.done), "total": String(counts.total), "rate": ResultsView.number(rate)])
    }

    /// A choice's option shares (a grid's statement means with their intervals) as a table: one
    /// column per option in the trend's stable order (``QuestionTrend/categories``), one row per
    /// session; a withheld session says so across the row, a withheld statement in its cell.
    private static func shares(
        _ trend: QuestionTrend, names: [String: String], t: Localizer
    ) -> ([String], [ShareRow]) {
        guard let categories = trend.categories, !categories.isEmpty else { return ([], []) }
        let isGrid = trend.kind.descriptor.itemsAreStatements
        let rows = trend.points.map { point in
            let session = t(.sessionNumber, ["n": String(point.sessionNumber)])
            if point.withheld {
                return ShareRow(session: session, cells: [], withheld: Self.withheldText(point, t), span: categories.count)
            }
            return ShareRow(
                session: session,
                cells: categories.map { category in
                    if isGrid {
                        if point.withheldStatements?.contains(category.id) == true { return Self.withheldText(point, t) }
                        guard let mean = point.statementMeans?[category.id] else { return "–" }
                        let interval = point.statementIntervals?[category.id].map {
                            " (\(ResultsView.number($0.lower))–\(ResultsView.number($0.upper)))"
                        }
                        return ResultsView.number(mean) + (interval ?? "")
                    }
                    // An option a session did not offer has no share there.
                    guard let share = point.optionShares?[category.id] else { return "–" }
                    return ResultsView.number(share) + "%"
                })
        }
        return (categories.map { names[$0.id] ?? $0.label }, rows)
    }

    /// "withheld: fewer than 3", or "withheld" when the reason is another (a withheld deciding
    /// question hides even the counts).
    static func withheldText(_ point: QuestionTrend.Point, _ t: Localizer) -> String {
        guard point.respondents != nil || !point.withheld, let k = point.withheldBelow else { return t(.withheldCell) }
        return t(.withheldFewerThan, ["k": String(k)])
    }

    /// The mean (and a rating's NPS); nothing for kinds without one (choices and grids have their table).
    private static func value(_ point: QuestionTrend.Point, t: Localizer) -> String {
        if point.withheld { return Self.withheldText(point, t) }
        guard let mean = point.mean else { return "" }
        return ResultsView.number(mean) + (point.nps.map { " · \(t(.npsLabel)) \(ResultsView.number($0))" } ?? "")
    }
}
