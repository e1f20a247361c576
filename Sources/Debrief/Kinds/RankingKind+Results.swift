import Foundation

extension RankingKind {
    public static let withheldChartKeepsCategories = true

    /// Borda points per option (n − rank: the first of n options gets n − 1, the last 0), the
    /// options sorted by them, most first (ties in the host's order); the percentages are each
    /// option's share of all points given. The scores per option come with ``discloseParts``,
    /// only when the question is shown.
    public static func shape(_ spec: RankingSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        let scores = RankingScores(spec, counts: tally)
        result.chart = ChartSeries(
            unit: "Borda points", total: scores.totalPoints,
            totalDescription: "Borda points given (n − rank for each ranked option)",
            categories: scores.byPoints.map { (category: $0.optionId, label: $0.label, count: $0.bordaPoints) })
    }

    /// One part: every respondent ranks every option, so the options' groups are the question's.
    public static func privacyParts(of spec: RankingSpec) -> [String] { [] }

    /// The scores when ``Disclosure`` shows the question; when it withholds it, the chart goes
    /// back to the host's order (an order by points would tell the points).
    public static func discloseParts(
        _ spec: RankingSpec, question key: String, counts tally: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {
        guard !result.withheld, !hidesCounts else {
            let hostOrder = spec.options.map { (category: $0.id, label: $0.label, count: 0) }
            var chart = ChartSeries(unit: result.chart.unit, total: 0, totalDescription: result.chart.totalDescription, categories: hostOrder)
                .withheld(keepingCategories: true)
            chart.total = result.chart.total
            result.chart = chart
            result.ranking = nil
            return
        }
        result.ranking = RankingScores(spec, counts: tally).byPoints
    }

    /// A trend follows each option's percent in the chart: its share of all Borda points.
    public static let trendFollowsShares = true

    public static func trendCategories(of spec: RankingSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? {
        (spec.options.map { (id: $0.id, label: $0.label) }, false)
    }

    /// The options by Borda points with their points and shares, as a choice's counts are shown.
    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        RatingKind.roomQuestion(result, into: &question)
    }

    /// The leading option(s) by Borda points and their share of the points.
    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        guard let best = result.chart.rows.compactMap(\.count).max(), best > 0,
            let percent = result.chart.rows.first(where: { $0.count == best })?.percent
        else { return .noAnswers }
        let leaders = result.chart.rows.filter { $0.count == best }.map(\.label)
        return .leadersByPoints(leaders: leaders, percent: percent, respondents: respondents)
    }

    /// 2 s plus 1 s per option: ordering is slower than picking.
    public static func speederSeconds(_ spec: RankingSpec) -> Double { 2 + Double(spec.options.count) }
    public static let canStraightLine = false
    public static func isStraightLined(_ value: [String], _ spec: RankingSpec) -> Bool { false }
}

extension QuestionResult {
    /// One option's scores in a ranking's result.
    public struct RankingScore: Sendable, Equatable, Encodable {
        public var optionId: String
        public var label: String
        /// The mean rank (1 = first) among the respondents; nil before anyone answered.
        public var averageRank: Double?
        /// The sum of n − rank over the respondents.
        public var bordaPoints: Int
        /// How many ranked it first, and their share of the respondents (percent).
        public var firstChoices: Int
        public var firstChoiceShare: Double
    }
}

/// A ranking's scores from its counts: ranks per option come as `statementCounts[option][rank]`
/// (each ranking row is tallied like a grid's statement, SQL/0064).
struct RankingScores {
    var byPoints: [QuestionResult.RankingScore]
    var totalPoints: Int

    init(_ spec: RankingSpec, counts tally: QuestionCounts) {
        let n = spec.options.count
        let scores = spec.options.map { option in
            let ranks = tally.statementCounts[option.id] ?? [:]
            let ranked = ranks.values.reduce(0, +)
            let rankSum = ranks.reduce(0) { $0 + $1.key * $1.value }
            let first = ranks[1] ?? 0
            return QuestionResult.RankingScore(
                optionId: option.id, label: option.label,
                averageRank: ranked > 0 ? ((Double(rankSum) / Double(ranked)) * 100).rounded() / 100 : nil,
                bordaPoints: ranks.reduce(0) { $0 + max(0, n - $1.key) * $1.value },
                firstChoices: first,
                firstChoiceShare: ChartSeries.rounded(Statistics.percentage(part: first, of: tally.respondents)))
        }
        // A stable sort: ties keep the host's order.
        self.byPoints = scores.enumerated().sorted { ($0.element.bordaPoints, -$0.offset) > ($1.element.bordaPoints, -$1.offset) }.map(\.element)
        self.totalPoints = scores.reduce(0) { $0 + $1.bordaPoints }
    }
}
