import Debrief
import PropertyBased
import Testing

/// Seen: `upper: 5.10` on a 1–5 scale and 11.46 on 0–10. Intervals stay within what they estimate.
@Suite("Confidence intervals within the scale")
struct IntervalBoundsTests {
    @Test func theSeenCasesStayWithinTheScale() throws {
        let crowded = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [4, 5, 5])
        let ci = try #require(crowded.confidenceInterval95)
        #expect(ci.upper == 5)
        #expect(ci.lower >= 1 && ci.lower < crowded.mean!)
        let nps = RatingDistribution(scale: RatingSpec(min: 0, max: 10), values: [9, 10, 10, 10])
        #expect(try #require(nps.confidenceInterval95).upper == 10)
        let score = try #require(nps.nps?.confidenceInterval95)
        #expect(score.upper == 100 && score.lower >= -100)
    }

    @Test func everyIntervalLiesWithinItsScaleAndHoldsItsEstimate() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...10).array(of: 2...40), Gen.bool) { values, npsScale in
            let scale = npsScale ? RatingSpec(min: 0, max: 10) : RatingSpec(min: 1, max: 5)
            let answers = values.map { min(max($0, scale.min), scale.max) }
            let distribution = RatingDistribution(scale: scale, values: answers)
            guard let ci = distribution.confidenceInterval95, let mean = distribution.mean else { return }
            #expect(Double(scale.min) <= ci.lower && ci.lower <= mean && mean <= ci.upper && ci.upper <= Double(scale.max))
            if let nps = distribution.nps, let interval = nps.confidenceInterval95, let score = nps.score {
                #expect(-100 <= interval.lower && interval.lower <= score && score <= interval.upper && interval.upper <= 100)
            }
        }
    }
}
