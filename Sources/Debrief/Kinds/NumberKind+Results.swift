import Foundation

extension NumberKind {
    /// The bins come from the answers when the question has no bounds, so a withheld chart keeps none.
    public static let withheldChartKeepsCategories = false

    /// A histogram of the answers (``NumberHistogram``) and their count, mean, median and 95 %
    /// interval of the mean in `statistics`. ``ResultsBuilder`` drops both when ``Disclosure``
    /// withholds the question: no figure here decides that on its own.
    public static func shape(_ spec: NumberSpec, counts tally: QuestionCounts, into result: inout QuestionResult) {
        let answers = NumberAnswers(tally.valueCounts)
        let bins = NumberHistogram(spec, answers: answers)
        result.chart = ChartSeries(
            unit: "answers", total: answers.total, totalDescription: "answers to this question",
            categories: bins.bins.map { (category: $0.category, label: $0.label, count: $0.count) })
        result.statistics = QuestionResult.RatingSummary(
            mean: answers.mean, median: answers.median, standardDeviation: answers.standardDeviation,
            confidenceInterval95: answers.confidenceInterval95(within: spec), nps: nil)
        result.unit = spec.unit
    }

    /// A trend follows the mean of the numbers per session: not a rating (issue 68).
    public static func meanName(_ language: Language) -> String? { language == .ko ? "평균값" : "Mean value" }

    /// One part: each respondent gives one number.
    public static func privacyParts(of spec: NumberSpec) -> [String] { [] }

    public static func discloseParts(
        _ spec: NumberSpec, question key: String, counts: QuestionCounts, disclosure: Disclosure, in form: UUID?, hidesCounts: Bool,
        into result: inout QuestionResult
    ) {}

    /// The trend follows the mean per session.
    public static func trendCategories(of spec: NumberSpec) -> (items: [(id: String, label: String)], hasOther: Bool)? { nil }

    /// The histogram's bins with counts and shares, and the mean.
    public static func roomQuestion(_ result: QuestionResult, into question: inout RoomView.Question) {
        RatingKind.roomQuestion(result, into: &question)
    }

    /// The mean and median with the interval of the mean, in the question's unit.
    public static func digestTop(_ result: QuestionResult, respondents: Int?, disclosure: Disclosure) -> ResultsDigest.Line.Top {
        guard let statistics = result.statistics, let mean = statistics.mean, let median = statistics.median else { return .noAnswers }
        return .meanAndMedian(mean: mean, median: median, interval: statistics.confidenceInterval95, unit: result.unit, respondents: respondents)
    }

    /// Typing a number takes longer than tapping a scale value.
    public static func speederSeconds(_ spec: NumberSpec) -> Double { 3 }
    public static let canStraightLine = false
    public static func isStraightLined(_ value: Decimal, _ spec: NumberSpec) -> Bool { false }
}

/// A number question's answers from its counts (canonical text → answers, SQL/0063), sorted.
struct NumberAnswers {
    /// Each distinct value with its count, smallest first.
    var values: [(value: Double, count: Int)]
    var total: Int

    init(_ counts: [String: Int]) {
        self.values = counts.compactMap { text, count in Double(text).map { (value: $0, count: count) } }
            .filter { $0.count > 0 }.sorted { $0.value < $1.value }
        self.total = self.values.reduce(0) { $0 + $1.count }
    }

    var mean: Double? {
        guard total > 0 else { return nil }
        return values.reduce(0.0) { $0 + $1.value * Double($1.count) } / Double(total)
    }

    /// The middle answer, or the mean of the two middle ones when the count is even.
    var median: Double? {
        guard total > 0 else { return nil }
        if total % 2 == 1 { return value(atRank: total / 2) }
        return (value(atRank: total / 2 - 1) + value(atRank: total / 2)) / 2
    }

    private func value(atRank rank: Int) -> Double {
        var seen = 0
        for entry in values {
            seen += entry.count
            if rank < seen { return entry.value }
        }
        return values.last?.value ?? 0
    }

    /// Sample standard deviation; nil below two answers.
    var standardDeviation: Double? {
        guard total >= 2, let mean else { return nil }
        let squares = values.reduce(0.0) { $0 + Double($1.count) * ($1.value - mean) * ($1.value - mean) }
        return (squares / Double(total - 1)).squareRoot()
    }

    /// mean ± t(0.975, n − 1) · sd / √n, cut to the question's bounds where it has them.
    func confidenceInterval95(within spec: NumberSpec) -> ConfidenceInterval? {
        guard let mean, let sd = standardDeviation, let t = StudentT.criticalValue95(degreesOfFreedom: total - 1) else { return nil }
        let margin = t * sd / Double(total).squareRoot()
        let low = spec.minimum.map { NSDecimalNumber(decimal: $0).doubleValue } ?? -Double.infinity
        let high = spec.maximum.map { NSDecimalNumber(decimal: $0).doubleValue } ?? Double.infinity
        return ConfidenceInterval(lower: mean - margin, upper: mean + margin).clamped(to: low...high)
    }
}

/// A number question's histogram. Over [minimum, maximum] where the question has them, else over
/// the answers' range: a bin per whole number (or per step) when there are at most
/// ``NumberHistogram/maxExactBins`` of them, else ``NumberHistogram/equalBins`` equal bins, the
/// last one closed. No answers and no bounds: no bins.
struct NumberHistogram {
    struct Bin: Equatable {
        /// The bin's lower edge as plain text: a stable id for the chart.
        var category: String
        var label: String
        var count: Int
    }

    static let maxExactBins = 12
    static let equalBins = 10

    var bins: [Bin]

    init(_ spec: NumberSpec, answers: NumberAnswers) {
        let double = { (value: Decimal) in NSDecimalNumber(decimal: value).doubleValue }
        guard let low = spec.minimum.map(double) ?? answers.values.first?.value,
            let high = spec.maximum.map(double) ?? answers.values.last?.value, low <= high
        else {
            self.bins = []
            return
        }
        if low == high {
            self.bins = [Bin(category: Self.text(low), label: Self.text(low), count: answers.total)]
            return
        }
        let step = spec.step.map(double) ?? 1
        let exact = ((high - low) / step).rounded(.down) + 1
        let onSteps = (low / step).rounded() == low / step || spec.step != nil
        if onSteps, exact <= Double(Self.maxExactBins), answers.values.allSatisfy({ (($0.value - low) / step).rounded() == ($0.value - low) / step }) {
            // One bin per value the question allows (or per whole number).
            self.bins = (0..<Int(exact)).map { index in
                let value = low + Double(index) * step
                let count = answers.values.filter { abs($0.value - value) < step / 2 }.reduce(0) { $0 + $1.count }
                return Bin(category: Self.text(value), label: Self.text(value), count: count)
            }
            return
        }
        let width = (high - low) / Double(Self.equalBins)
        self.bins = (0..<Self.equalBins).map { index in
            let lower = low + Double(index) * width
            let upper = index == Self.equalBins - 1 ? high : low + Double(index + 1) * width
            let count = answers.values.filter { $0.value >= lower && ($0.value < upper || (index == Self.equalBins - 1 && $0.value <= upper)) }
                .reduce(0) { $0 + $1.count }
            return Bin(category: Self.text(lower), label: "\(Self.text(lower))–\(Self.text(upper))", count: count)
        }
    }

    /// At most two decimals, no trailing zeros.
    static func text(_ value: Double) -> String {
        NumberSpec.text(Decimal(string: String(format: "%.2f", value)) ?? 0)
    }
}
