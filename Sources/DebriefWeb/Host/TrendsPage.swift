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
    }

    struct QuestionBlock {
        var key: String
        var prompt: String
        var valueHeading: String
        var points: [PointRow]
        /// A choice question's option shares, one row per session, one column per option.
        var shareColumns: [String] = []
        var shareRows: [ShareRow] = []
        var hasShares: Bool { !self.shareRows.isEmpty }
        /// ``ChartSVG/trend(_:style:)`` markup.
        var chartSVG: String
    }

    var heading: String
    var dashboardURL: String
    var sessions: [SessionRow]
    var sessionsSVG: String
    var questions: [QuestionBlock]

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
        self.dashboardURL = "/m/\(meeting.id.uuidString.lowercased())"
        self.sessions = trends.sessions.map { session in
            SessionRow(
                label: t(.sessionNumber, ["n": String(session.sessionNumber)]),
                startsAt: DateText.dateTime(session.startsAt, language), responses: String(session.responses),
                checkedIn: String(session.checkedIn), rate: session.responseRate.map { ResultsView.number($0) + "% (" + Self.rateBase(session.responseRateOf, t) + ")" } ?? "–",
                current: session.meetingID == meeting.id)
        }
        let style = ChartStyle(theme: .light, width: DashboardPanel.chartWidth, language: language.chartLanguage)
        self.sessionsSVG = ChartSVG.sessions(trends.sessions, style: style)
        let labels = trends.optionLabels
        self.questions = trends.questions.map { trend in
            var block = QuestionBlock(
                key: trend.key, prompt: trend.prompt,
                valueHeading: trend.kind == .rating || trend.kind == .grid ? t(.meanLabel) : (trend.kind == .choice ? t(.percentColumn) : ""),
                points: trend.points.map { point in
                    PointRow(
                        session: t(.sessionNumber, ["n": String(point.sessionNumber)]), respondents: point.respondents.map(String.init) ?? t(.withheldCell),
                        value: Self.value(point, labels: (labels[trend.key] ?? [:]).merging(["other": t(.otherOption)]) { _, other in other }, t: t))
                },
                chartSVG: ChartSVG.trend(trend, style: style))
            let names = (labels[trend.key] ?? [:]).merging(["other": t(.otherOption)]) { _, other in other }
            (block.shareColumns, block.shareRows) = Self.shares(trend, names: names, t: t)
            return block
        }
    }

    /// The option shares of a choice question as a table (or a grid's statement means): options
    /// by their total share (largest first), sessions in order; a withheld session shows dashes.
    private static func shares(
        _ trend: QuestionTrend, names: [String: String], t: Localizer
    ) -> ([String], [ShareRow]) {
        guard trend.kind == .choice || trend.kind == .grid else { return ([], []) }
        let isGrid = trend.kind == .grid
        let values = { (point: QuestionTrend.Point) in isGrid ? point.statementMeans : point.optionShares }
        var totals: [String: Double] = [:]
        for point in trend.points { for (option, share) in values(point) ?? [:] { totals[option, default: 0] += share } }
        let options = totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        guard !options.isEmpty else { return ([], []) }
        let rows = trend.points.map { point in
            ShareRow(
                session: t(.sessionNumber, ["n": String(point.sessionNumber)]),
                cells: options.map { option in
                    guard !point.withheld, let shares = values(point) else { return "–" }
                    if isGrid { return shares[option].map(ResultsView.number) ?? "–" }
                    return ResultsView.number(shares[option] ?? 0) + "%"
                })
        }
        return (options.map { names[$0] ?? $0 }, rows)
    }

    /// A rating's mean (and NPS); a choice's shares, largest first; nothing for short answers.
    private static func value(_ point: QuestionTrend.Point, labels: [String: String], t: Localizer) -> String {
        if point.withheld { return "–" }
        if let mean = point.mean {
            return ResultsView.number(mean) + (point.nps.map { " · \(t(.npsLabel)) \(ResultsView.number($0))" } ?? "")
        }
        if let means = point.statementMeans {
            return means.sorted { $0.key < $1.key }.map { "\(labels[$0.key] ?? $0.key) \(ResultsView.number($0.value))" }.joined(separator: ", ")
        }
        if let shares = point.optionShares {
            return shares.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { "\(labels[$0.key] ?? $0.key) \(ResultsView.number($0.value))%" }.joined(separator: ", ")
        }
        return ""
    }
}
