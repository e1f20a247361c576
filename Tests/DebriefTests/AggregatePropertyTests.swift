import Debrief
import Foundation
import PropertyBased
import Testing

/// The statistics read off tallies (counts per value, counts per second) against the same
/// statistics computed naively from the list of raw values.
@Suite("Aggregates: property-based")
struct AggregatePropertyTests {
    @Test func ratingStatisticsEqualANaiveComputation() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...10).array(of: 0...60), Gen.bool) { values, npsScale in
            let scale = npsScale ? RatingSpec(min: 0, max: 10) : RatingSpec(min: 1, max: 5)
            let answers = values.map { min(max($0, scale.min), scale.max) }
            let distribution = RatingDistribution(min: scale.min, max: scale.max, counts: Dictionary(answers.map { ($0, 1) }, uniquingKeysWith: +))

            #expect(distribution.total == answers.count)
            #expect((scale.min...scale.max).map(distribution.count(of:)) == (scale.min...scale.max).map { v in answers.filter { $0 == v }.count })
            guard !answers.isEmpty else {
                #expect(distribution.mean == nil && distribution.median == nil)
                return
            }
            let doubles = answers.map(Double.init)
            let mean = doubles.reduce(0, +) / Double(doubles.count)
            #expect(abs(distribution.mean! - mean) < 1e-9)
            let sorted = doubles.sorted()
            #expect(distribution.median == (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2)
            if answers.count >= 2 {
                let variance = doubles.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(doubles.count - 1)
                #expect(abs(distribution.standardDeviation! - variance.squareRoot()) < 1e-9)
            } else {
                #expect(distribution.standardDeviation == nil)
            }
            if npsScale {
                let promoters = answers.filter { $0 >= 9 }.count
                let detractors = answers.filter { $0 <= 6 }.count
                let nps = distribution.nps!
                #expect(nps.promoters == promoters && nps.detractors == detractors)
                #expect(nps.passives == answers.count - promoters - detractors)
                #expect(abs(nps.score! - Double(promoters - detractors) * 100 / Double(answers.count)) < 1e-9)
            } else {
                #expect(distribution.nps == nil)
            }
        }
    }

    @Test func responseTimesEqualANaiveComputation() async {
        // Offsets in milliseconds from the meeting's end, negative ones included.
        await propertyCheck(count: 300, input: Gen.int(in: -600_000...3_600_000).array(of: 0...80)) { offsets in
            let end = Date(timeIntervalSince1970: 1_900_000_000.25)
            let times = offsets.map { end.addingTimeInterval(Double($0) / 1000) }
            let histogram = ResponseTimes(times: times)

            #expect(histogram.total == times.count)
            let minutes = Dictionary(grouping: times) { Int64(($0.timeIntervalSince1970 / 60).rounded(.down)) }
            #expect(histogram.perMinute.map(\.minute) == minutes.keys.sorted().map { Date(timeIntervalSince1970: Double($0 * 60)) })
            #expect(histogram.perMinute.map(\.count) == minutes.keys.sorted().map { minutes[$0]!.count })

            // The grouped median lies in the minutes of the middle responses (one minute when
            // the count is odd), where the exact median lies too.
            let delays = times.map { $0.timeIntervalSince(end) / 60 }.sorted()
            if delays.isEmpty {
                #expect(histogram.medianMinutes(after: end) == nil)
            } else {
                func minuteStart(_ delay: Double) -> Double {
                    let minute = ((end.timeIntervalSince1970 + delay * 60) / 60).rounded(.down)
                    return (minute * 60 - end.timeIntervalSince1970) / 60
                }
                let lower = delays[(delays.count - 1) / 2]
                let upper = delays[delays.count / 2]
                let grouped = histogram.medianMinutes(after: end)!
                #expect(grouped >= minuteStart(lower) - 1e-9 && grouped <= minuteStart(upper) + 1 + 1e-9, "grouped \(grouped), middle \(lower)…\(upper)")
            }
        }
    }

    @Test("Grouped median, by hand: 1 response in minute 0, 3 in minute 2 → 2 + (2 − 1) / 3")
    func groupedMedianByHand() {
        let end = Date(timeIntervalSince1970: 6_000)  // a minute boundary
        let times = [end.addingTimeInterval(10), end.addingTimeInterval(125), end.addingTimeInterval(130), end.addingTimeInterval(170)]
        let median = ResponseTimes(times: times).medianMinutes(after: end)
        #expect(median.map { abs($0 - (2 + 1.0 / 3)) < 1e-12 } == true)
    }
}
