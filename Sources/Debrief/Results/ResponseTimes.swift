import Foundation

/// When responses arrived, as a histogram of whole epoch seconds.
///
/// Kept per second (not per response) so it is a tally that can be added up incrementally: the
/// timeline is its per-minute sum and the median delay is read off it exactly, to the second.
public struct ResponseTimes: Sendable, Equatable {
    /// Epoch second (rounded down) → responses submitted in it. No zero entries.
    public private(set) var perSecond: [Int64: Int]

    public init(perSecond: [Int64: Int] = [:]) {
        self.perSecond = perSecond.filter { $0.value != 0 }
    }

    public var total: Int { self.perSecond.values.reduce(0, +) }

    /// Responses per minute (minute start → count), minutes without responses left out.
    public var perMinute: [(minute: Date, count: Int)] {
        var minutes: [Int64: Int] = [:]
        for (second, count) in self.perSecond {
            minutes[Self.floorDivide(second, 60), default: 0] += count
        }
        return minutes.sorted { $0.key < $1.key }.map { (minute: Date(timeIntervalSince1970: Double($0.key * 60)), count: $0.value) }
    }

    /// The median of (submission second − `end`) in minutes, with `percentile_cont(0.5)`'s rule:
    /// the mean of the two middle values when the count is even. Nil without responses.
    public func medianMinutes(after end: Date) -> Double? {
        let total = self.total
        guard total > 0 else { return nil }
        let sorted = self.perSecond.sorted { $0.key < $1.key }
        // 0-based ranks of the two middle values (equal when the count is odd).
        let lowerRank = (total - 1) / 2
        let upperRank = total / 2
        var seen = 0
        var lower: Int64?
        var upper: Int64?
        for (second, count) in sorted {
            if lower == nil, lowerRank < seen + count { lower = second }
            if upperRank < seen + count {
                upper = second
                break
            }
            seen += count
        }
        guard let lower, let upper else { return nil }
        let middle = (Double(lower) + Double(upper)) / 2
        return (middle - end.timeIntervalSince1970) / 60
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
