import Foundation

extension GridKind {
    public static let withheldChartKeepsCategories = true

    /// Respondents per statement; each statement's own chart comes with ``discloseParts``.
    public static func shape(_ spec: GridSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        result.chart = ChartSeries(
            unit: "respondents", total: tally.respondents, totalDescription: "respondents who rated at least one statement",
            categories: spec.statements.map { (category: $0.key, label: $0.label, count: tally.respondents(ofStatement: $0.key)) })
    }

    /// Each statement is shown on its own (docs/decisions/0035).
    public static func privacyParts(of spec: GridSpec) -> [String] { spec.statements.map(\.key) }

    /// Each statement under the privacy rule on its own: a statement rated by fewer than k, or
    /// whose filtered group differs from the unfiltered one by fewer than k, is withheld even
    /// when the grid as a whole is shown.
    public static func discloseParts(
        _ spec: GridSpec, question key: String, counts tally: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {
        result.statements = spec.statements.map { statement in
            let respondents = tally.respondents(ofStatement: statement.key)
            let shaped = ResultsBuilder.rating(spec.scale, counts: tally.statementCounts[statement.key] ?? [:])
            var chart = shaped.0
            var statistics: QuestionResult.RatingSummary? = shaped.1
            let reason = disclosure.reason(question: key, statement: statement.key, in: form)
            if reason != nil {
                chart = chart.withheld(keepingCategories: true)
                statistics = nil
            }
            if hidesCounts { chart = chart.hidingTotal() }
            return QuestionResult.StatementResult(
                key: statement.key, label: statement.label, respondents: hidesCounts ? nil : respondents, withheld: reason != nil,
                withheldReason: reason, chart: chart, statistics: statistics)
        }
    }

    public static func trendCategories(of spec: GridSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? {
        (spec.statements.map { (id: $0.key, label: $0.label) }, false)
    }

    /// The scale's labels (which the statements share) and each statement's numbers.
    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        let statements = result.statements ?? []
        question.labels = statements.first?.chart.rows.map(\.label) ?? []
        question.statements = statements.map { statement in
            let withheld = result.withheld || statement.withheld
            let (counts, percents) = RoomView.numbers(statement.chart, withheld: withheld)
            return RoomView.Statement(
                key: statement.key, label: statement.label, respondents: statement.respondents, withheld: withheld,
                counts: counts, percents: percents, mean: withheld ? nil : statement.statistics?.mean.map(RoomView.twoDecimals))
        }
    }

    /// Each statement's mean, none where its part is withheld.
    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        let statements = (result.statements ?? []).map { statement in
            ResultsDigest.Line.Statement(
                label: statement.label,
                mean: statement.withheld || disclosure.reason(question: result.key, statement: statement.key) != nil
                    ? nil : statement.statistics?.mean)
        }
        return .statementMeans(statements: statements, respondents: respondents)
    }

    /// 1½ s per statement.
    public static func speederSeconds(_ spec: GridSpec) -> Double { 1.5 * Double(spec.statements.count) }
    public static let canStraightLine = true

    public static func isStraightLined(_ value: [GridRating], _ spec: GridSpec) -> Bool {
        // Every statement rated alike, and at least `StraightLining.minimumStatements` of them.
        guard value.count >= StraightLining.minimumStatements, value.count == spec.statements.count, let first = value.first else { return false }
        return value.allSatisfy { $0.value == first.value }
    }
}
