import Foundation

extension ChoiceKind {
    public static let withheldChartKeepsCategories = true

    /// Respondents per option (and "Other"); shares may exceed 100 with several selections.
    public static func shape(_ spec: ChoiceSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        var categories = spec.options.map { (category: $0.id, label: $0.label, count: tally.optionCounts[$0.id] ?? 0) }
        if spec.allowsOther { categories.append((category: ChoiceSpec.otherCategory, label: "Other", count: tally.otherCount)) }
        result.chart = ChartSeries(
            unit: "respondents", total: tally.respondents,
            totalDescription: "respondents who answered this question", categories: categories)
        result.sharesMayExceed100 = spec.allowsMultiple
        result.otherTexts = spec.allowsOther ? tally.otherTexts : nil
    }

    public static func privacyParts(of spec: ChoiceSpec) -> [String] { [] }

    public static func discloseParts(
        _ spec: ChoiceSpec, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {}

    /// A trend follows each option's share of respondents.
    public static let trendFollowsShares = true

    public static func trendCategories(of spec: ChoiceSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? {
        (spec.options.map { (id: $0.id, label: $0.label) }, spec.allowsOther)
    }

    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        RatingKind.roomQuestion(result, into: &question)
    }

    /// The leading options (ties together) and their share.
    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        let rows = result.chart.rows.filter { ($0.count ?? 0) > 0 }
        guard let best = rows.compactMap(\.percent).max() else { return .noAnswers }
        let leaders = rows.filter { $0.percent == best }.map(\.label)
        return .choice(leaders: leaders, percent: best, respondents: respondents)
    }

    /// 2 s plus ½ s per option.
    public static func speederSeconds(_ spec: ChoiceSpec) -> Double { 2 + 0.5 * Double(spec.options.count) }
    public static let canStraightLine = false
    public static func isStraightLined(_ value: ChoiceAnswer, _ spec: ChoiceSpec) -> Bool { false }
}
