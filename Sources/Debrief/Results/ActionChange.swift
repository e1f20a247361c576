import Foundation

/// What an action's question did from the session that recorded the action to the next
/// (docs/decisions/0099-what-an-action-changed.md): the difference of its means with Welch's
/// 95 % interval, or of each option's share with Newcombe's (``DifferenceInterval``). Read from the
/// two trend points alone, so it exists only where both are shown — each met k as the trend
/// decided (``PrivacyRule``), nothing is counted again here — and compare (same wording, scale
/// and options). A grid's statements carry no spread in the trend, so a grid has no change.
public struct ActionChange: Sendable, Equatable, Encodable {
    public enum Measure: String, Sendable, Encodable {
        /// A rating's or a number's mean, in the question's own units.
        case mean
        /// A choice: each option's share of respondents, in percentage points.
        case share
    }

    /// One difference: the mean's, or one option's share.
    public struct Shift: Sendable, Equatable, Encodable {
        /// The option (a choice); absent for a mean.
        public var option: String?
        public var difference: Double
        public var confidenceInterval95: ConfidenceInterval
        /// The interval lies wholly above or below zero: more than the noise two small groups make.
        public var beyondNoise: Bool

        init(option: String? = nil, _ estimate: (difference: Double, interval: ConfidenceInterval)) {
            self.option = option
            self.difference = estimate.difference
            self.confidenceInterval95 = estimate.interval
            self.beyondNoise = estimate.interval.lower > 0 || estimate.interval.upper < 0
        }
    }

    public var measure: Measure
    public var shifts: [Shift]
    /// Some shift is beyond the noise: the series' "what worked" list puts the action among those
    /// whose question moved. (With several options, one of them moving by chance is likelier than
    /// 5 %: docs/results.md says so beside the list.)
    public var moved: Bool

    init(_ measure: Measure, _ shifts: [Shift]) {
        self.measure = measure
        self.shifts = shifts
        self.moved = shifts.contains(where: \.beyondNoise)
    }

    /// The change between two points of one question's trend; nil when either is missing or
    /// withheld, when they do not compare, or when the kind has neither a spread nor shares.
    static func between(_ before: QuestionTrend.Point?, _ after: QuestionTrend.Point?, comparable: Bool) -> ActionChange? {
        guard comparable, let before, let after, !before.withheld, !after.withheld,
            let n1 = before.respondents, let n2 = after.respondents
        else { return nil }
        if let m1 = before.mean, let s1 = before.standardDeviation, let m2 = after.mean, let s2 = after.standardDeviation {
            let estimate = DifferenceInterval.ofMeans(
                before: .init(count: n1, mean: m1, standardDeviation: s1), after: .init(count: n2, mean: m2, standardDeviation: s2))
            return estimate.map { ActionChange(.mean, [Shift($0)]) }
        }
        guard let shares1 = before.optionShares, let shares2 = after.optionShares else { return nil }
        // A share is a percent of the point's respondents: the count it was computed from.
        func count(_ percent: Double?, of respondents: Int) -> Int { Int(((percent ?? 0) * Double(respondents) / 100).rounded()) }
        let options = Array(Set(shares1.keys).union(shares2.keys)).sorted()
        let shifts = options.compactMap { option in
            DifferenceInterval.ofShares(
                before: (count(shares1[option], of: n1), n1), after: (count(shares2[option], of: n2), n2)
            ).map { Shift(option: option, $0) }
        }
        return shifts.isEmpty ? nil : ActionChange(.share, shifts)
    }
}
