import Foundation
import Testing

@testable import Debrief

/// What an action changed (decision 99): the intervals against published and scipy's values, and
/// a change only where both trend points are shown and compare.
@Suite("What an action changed: the difference and its 95 % interval")
struct ActionChangeTests {
    /// scipy 1.17 `stats.ttest_ind(after, before, equal_var=False).confidence_interval(0.95)`.
    @Test("Welch's interval of two means agrees with scipy, whole and fractional degrees of freedom")
    func welchAgreesWithScipy() throws {
        let cases: [(before: [Double], after: [Double], lower: Double, upper: Double)] = [
            ([3, 3, 4, 2, 3], [4, 5, 4, 4, 3], -0.0312764005424262, 2.031276400542426),  // df 8
            ([1, 2, 2, 3, 5, 4, 3, 3], [4, 4, 5, 3, 5, 4], 0.11680334994678532, 2.4665299833865486),  // df 11.62
            ([6, 7, 8], [8, 9, 10], -0.2669579355275191, 4.266957935527519),  // df 4
        ]
        for example in cases {
            let (difference, interval) = try #require(
                DifferenceInterval.ofMeans(before: Self.sample(example.before), after: Self.sample(example.after)))
            #expect(abs(difference - (Self.mean(example.after) - Self.mean(example.before))) < 1e-12)
            #expect(abs(interval.lower - example.lower) < 2e-3 && abs(interval.upper - example.upper) < 2e-3, "\(example): \(interval)")
        }
    }

    /// Newcombe (1998), Statistics in Medicine 17, table II, example (a): 56/70 − 48/80, method 10.
    @Test("Newcombe's hybrid score interval of two shares agrees with his published example")
    func newcombeAgreesWithThePaper() throws {
        let (difference, interval) = try #require(DifferenceInterval.ofShares(before: (48, 80), after: (56, 70)))
        #expect(abs(difference - 20) < 1e-9)
        #expect(abs(interval.lower - 5.24) < 0.01 && abs(interval.upper - 33.39) < 0.01, "\(interval)")
        // At 0 % and 100 % the interval still has width, and stays within ±100 points.
        let extreme = try #require(DifferenceInterval.ofShares(before: (0, 3), after: (3, 3)))
        #expect(extreme.interval.lower > 0 && extreme.interval.upper <= 100 && extreme.interval.lower < 100, "\(extreme)")
    }

    @Test("Fewer than two answers on a side, or an empty group, has no interval")
    func tooFewHasNone() {
        #expect(DifferenceInterval.ofMeans(before: Self.sample([3]), after: Self.sample([4, 5])) == nil)
        #expect(DifferenceInterval.ofShares(before: (0, 0), after: (1, 2)) == nil)
        // Neither side varies: the interval is the difference itself, beyond the noise.
        let flat = DifferenceInterval.ofMeans(before: Self.sample([3, 3, 3]), after: Self.sample([4, 4, 4]))
        #expect(flat?.interval == ConfidenceInterval(lower: 1, upper: 1))
    }

    @Test("A change exists only between two shown points that compare")
    func onlyBetweenShownComparablePoints() throws {
        let before = Self.point(mean: 3, sd: 0.7071067811865476, n: 5), after = Self.point(mean: 4, sd: 0.7071067811865476, n: 5)
        let change = try #require(ActionChange.between(before, after, comparable: true))
        #expect(change.measure == .mean && change.shifts.count == 1 && change.shifts[0].option == nil)
        #expect(!change.moved, "the interval (−0.03, 2.03) includes zero")
        #expect(ActionChange.between(before, after, comparable: false) == nil)
        #expect(ActionChange.between(before, nil, comparable: true) == nil)
        var withheld = after
        withheld.withheld = true
        #expect(ActionChange.between(before, withheld, comparable: true) == nil, "a point under k gives no change")
        let moved = try #require(ActionChange.between(before, Self.point(mean: 5, sd: 0, n: 5), comparable: true))
        #expect(moved.moved && moved.shifts[0].beyondNoise)
    }

    @Test("A choice's change is each option's share, an option missing on a side counting 0 %")
    func aChoiceShiftsEachOption() throws {
        var before = Self.point(mean: nil, sd: nil, n: 80), after = Self.point(mean: nil, sd: nil, n: 70)
        before.optionShares = ["a": 60, "b": 40]
        after.optionShares = ["a": 80, "c": 20]
        let change = try #require(ActionChange.between(before, after, comparable: true))
        #expect(change.measure == .share && change.shifts.map(\.option) == ["a", "b", "c"])
        #expect(abs(change.shifts[0].difference - 20) < 1e-9 && change.shifts[0].beyondNoise)
        #expect(abs(change.shifts[1].difference + 40) < 1e-9 && change.moved)
    }

    static func point(mean: Double?, sd: Double?, n: Int) -> QuestionTrend.Point {
        QuestionTrend.Point(
            sessionNumber: 1, startsAt: Date(timeIntervalSince1970: 0), respondents: n, mean: mean, comparableWithPrevious: true,
            changes: [], withheld: false, standardDeviation: sd)
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    static func sample(_ values: [Double]) -> DifferenceInterval.Sample {
        let mean = self.mean(values)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let sd = values.count > 1 ? (squares / Double(values.count - 1)).squareRoot() : 0
        return DifferenceInterval.Sample(count: values.count, mean: mean, standardDeviation: sd)
    }
}
