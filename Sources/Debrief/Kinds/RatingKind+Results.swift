import Foundation

extension RatingKind {
    public static let withheldChartKeepsCategories = true

    /// Answers per scale value, and the scale's statistics (mean, median, interval, NPS).
    public static func shape(_ spec: RatingSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        (result.chart, result.statistics) = ResultsBuilder.rating(spec, counts: tally.ratingCounts)
    }

    public static func privacyParts(of spec: RatingSpec) -> [String] { [] }

    public static func discloseParts(
        _ spec: RatingSpec, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {}

    /// A trend follows the mean rating per session.
    public static func meanName(_ language: Language) -> String? { language == .ko ? "평균 평점" : "Mean rating" }

    public static func trendCategories(of spec: RatingSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? { nil }

    /// The chart's labels, counts and shares, and the mean (a choice shows the same but its mean is none).
    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        question.labels = result.chart.rows.map(\.label)
        (question.counts, question.percents) = RoomView.numbers(result.chart, withheld: result.withheld)
        question.sharesMayExceed100 = result.sharesMayExceed100
        question.mean = result.withheld ? nil : result.statistics?.mean.map(RoomView.twoDecimals)
    }

    /// The NPS when the scale is 0–10, else the mean with its interval on the scale.
    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        guard let statistics = result.statistics, let mean = statistics.mean else { return .noAnswers }
        if let nps = statistics.nps, let score = nps.score {
            return .nps(score: score, interval: nps.confidenceInterval95, respondents: respondents)
        }
        let values = result.chart.rows.compactMap { Int($0.category) }
        let scale = values.min().flatMap { low in values.max().map { low...$0 } }
        return .rating(mean: mean, interval: statistics.confidenceInterval95, scale: scale, respondents: respondents)
    }

    public static func speederSeconds(_ spec: RatingSpec) -> Double { 2 }
    public static let canStraightLine = false
    public static func isStraightLined(_ value: Int, _ spec: RatingSpec) -> Bool { false }
}
