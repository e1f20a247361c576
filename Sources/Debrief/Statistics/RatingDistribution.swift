import Foundation

/// A 95 % confidence interval, always within the bounds of what it estimates (see
/// ``clamped(to:)``): a mean's within its scale, an NPS within −100…100.
public struct ConfidenceInterval: Sendable, Equatable, Codable {
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double

    /// Creates an interval.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The interval cut to `bounds`. Student's t interval is symmetric and can reach past the
    /// scale when answers crowd at one end (4, 5, 5 on 1–5 gives an upper bound of 5.10); no
    /// mean can lie outside the scale, so the part outside carries no information and is cut.
    /// The README's "Statistics" section states this.
    public func clamped(to bounds: ClosedRange<Double>) -> ConfidenceInterval {
        ConfidenceInterval(
            lower: Swift.min(Swift.max(self.lower, bounds.lowerBound), bounds.upperBound),
            upper: Swift.max(Swift.min(self.upper, bounds.upperBound), bounds.lowerBound))
    }
}

/// How many answers each value of a rating scale received, with the usual summaries.
///
/// All summaries are computed from the counts exactly as defined below, unrounded;
/// rounding is the presenter's job.
public struct RatingDistribution: Sendable, Equatable, Codable {
    /// Lowest scale value.
    public let min: Int
    /// Highest scale value (≥ `min`).
    public let max: Int
    /// `counts[i]` answers had the value `min + i`; one entry per scale value, zeros
    /// included.
    public let counts: [Int]

    /// From counts per value in scale order; missing trailing values count 0, extra
    /// entries and negative counts are ignored. An inverted scale becomes `min...min`.
    public init(min: Int, max: Int, countsPerValue: [Int]) {
        self.min = min
        self.max = Swift.max(min, max)
        let size = self.max - min + 1
        let given = countsPerValue.prefix(size).map { Swift.max(0, $0) }
        self.counts = given + Array(repeating: 0, count: size - given.count)
    }

    /// From a dictionary value → count; values outside the scale are ignored.
    public init(min: Int, max: Int, counts: [Int: Int]) {
        let top = Swift.max(min, max)
        self.init(min: min, max: top, countsPerValue: (min...top).map { counts[$0] ?? 0 })
    }

    /// From individual answers; values outside the scale are ignored.
    public init(scale: RatingSpec, values: [Int]) {
        var counts: [Int: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        self.init(min: scale.min, max: scale.max, counts: counts)
    }

    /// Decodes and re-applies the invariants (one count per scale value).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(min: try c.decode(Int.self, forKey: .min), max: try c.decode(Int.self, forKey: .max),
                  countsPerValue: try c.decode([Int].self, forKey: .counts))
    }

    /// The scale.
    public var values: ClosedRange<Int> { min...max }

    /// How many answers had `value` (0 outside the scale).
    public func count(of value: Int) -> Int {
        values.contains(value) ? counts[value - min] : 0
    }

    /// Number of answers, n.
    public var total: Int { counts.reduce(0, +) }

    /// Arithmetic mean; nil when there are no answers.
    public var mean: Double? {
        let n = total
        guard n > 0 else { return nil }
        let sum = zip(values, counts).reduce(0) { $0 + $1.0 * $1.1 }
        return Double(sum) / Double(n)
    }

    /// Median: the middle answer, or the mean of the two middle answers when n is even
    /// (e.g. 3,3,4,5 → 3.5). Nil when there are no answers.
    public var median: Double? {
        let n = total
        guard n > 0 else { return nil }
        if n % 2 == 1 { return Double(value(atRank: n / 2)) }
        return Double(value(atRank: n / 2 - 1) + value(atRank: n / 2)) / 2
    }

    /// The value of the answer at zero-based `rank` if all answers were sorted.
    private func value(atRank rank: Int) -> Int {
        var seen = 0
        for (value, count) in zip(values, counts) {
            seen += count
            if rank < seen { return value }
        }
        return max
    }

    /// Sample standard deviation √(Σ(x − mean)² / (n − 1)); nil when n < 2.
    public var standardDeviation: Double? {
        let n = total
        guard n >= 2, let mean else { return nil }
        // Two-pass formula: numerically stable, and exact enough for counts of integers.
        let squares = zip(values, counts).reduce(0.0) { sum, pair in
            let deviation = Double(pair.0) - mean
            return sum + Double(pair.1) * deviation * deviation
        }
        return (squares / Double(n - 1)).squareRoot()
    }

    /// mean ± t(0.975, n − 1) · sd / √n (Student's t; see ``StudentT``), cut to the scale
    /// (``ConfidenceInterval/clamped(to:)``); nil when n < 2.
    public var confidenceInterval95: ConfidenceInterval? {
        let n = total
        guard let mean, let sd = standardDeviation, let t = StudentT.criticalValue95(degreesOfFreedom: n - 1) else {
            return nil
        }
        let margin = t * sd / Double(n).squareRoot()
        return ConfidenceInterval(lower: mean - margin, upper: mean + margin).clamped(to: Double(self.min)...Double(self.max))
    }

    /// The Net Promoter breakdown; only for 0–10 scales, nil otherwise.
    public var nps: NPSBreakdown? {
        guard min == 0, max == 10 else { return nil }
        return NPSBreakdown(
            promoters: count(of: 9) + count(of: 10),
            passives: count(of: 7) + count(of: 8),
            detractors: (0...6).reduce(0) { $0 + count(of: $1) }
        )
    }
}
