import Testing
import Debrief

@Suite("Statistics: ratings")
struct RatingStatisticsTests {
    @Test("Every scale value is present, zeros included")
    func buckets() {
        let distribution = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [2, 4, 4, 5, 9])
        #expect(distribution.counts == [0, 1, 0, 2, 1]) // 9 is off the scale and ignored
        #expect(distribution.count(of: 4) == 2)
        #expect(distribution.count(of: 0) == 0)
        #expect(RatingDistribution(min: 0, max: 3, counts: [1: 2, 7: 1]).counts == [0, 2, 0, 0])
        #expect(RatingDistribution(min: 1, max: 3, countsPerValue: [1]).counts == [1, 0, 0])
    }

    @Test("Mean, median and SD of 2, 4, 4, 5 (even count, ties)")
    func evenWithTies() {
        let d = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [2, 4, 4, 5])
        #expect(d.total == 4)
        #expect(d.mean == 3.75)        // 15 / 4
        #expect(d.median == 4)         // (4 + 4) / 2
        // Squared deviations: 3.0625 + 0.0625 + 0.0625 + 1.5625 = 4.75; 4.75 / 3 = 1.58333…
        #expect(approx(d.standardDeviation, 1.2583057392117916))
    }

    @Test("Median of an even count averages the two middle values: 1, 2, 3, 4 → 2.5")
    func evenMedian() {
        let d = RatingDistribution(min: 1, max: 5, countsPerValue: [1, 1, 1, 1, 0])
        #expect(d.median == 2.5)
        #expect(d.mean == 2.5)
        #expect(approx(d.standardDeviation, (5.0 / 3.0).squareRoot())) // Σd² = 5, n − 1 = 3
    }

    @Test("Odd count and identical answers")
    func oddAndConstant() {
        let odd = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [5, 1, 5])
        #expect(odd.median == 5)
        #expect(approx(odd.mean, 11.0 / 3.0))
        let constant = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [3, 3, 3])
        #expect(constant.standardDeviation == 0)
        #expect(constant.confidenceInterval95 == ConfidenceInterval(lower: 3, upper: 3))
    }

    @Test("No answers: every summary is nil")
    func empty() {
        let d = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [])
        #expect(d.total == 0)
        #expect(d.counts == [0, 0, 0, 0, 0])
        #expect(d.mean == nil)
        #expect(d.median == nil)
        #expect(d.standardDeviation == nil)
        #expect(d.confidenceInterval95 == nil)
    }

    @Test("One answer: mean and median, but no SD or interval")
    func single() {
        let d = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [4])
        #expect(d.mean == 4)
        #expect(d.median == 4)
        #expect(d.standardDeviation == nil)
        #expect(d.confidenceInterval95 == nil)
    }

    @Test("95% interval of 1, 2, 3, 4, 5 uses t(0.975, 4) = 2.776")
    func confidenceInterval() throws {
        let d = RatingDistribution(scale: RatingSpec(min: 1, max: 5), values: [1, 2, 3, 4, 5])
        // mean 3, sd √2.5 = 1.5811; margin = 2.776 × 1.5811 / √5 = 1.9632
        let ci = try #require(d.confidenceInterval95)
        #expect(approx(ci.lower, 1.0368, tolerance: 1e-3))
        #expect(approx(ci.upper, 4.9632, tolerance: 1e-3))
    }

    @Test("Student's t critical values: table, interpolation, large samples")
    func studentT() {
        #expect(StudentT.criticalValue95(degreesOfFreedom: 0) == nil)
        #expect(StudentT.criticalValue95(degreesOfFreedom: 1) == 12.7062)
        #expect(approx(StudentT.criticalValue95(degreesOfFreedom: 4), 2.776, tolerance: 5e-4))
        #expect(StudentT.criticalValue95(degreesOfFreedom: 30) == 2.0423)
        #expect(approx(StudentT.criticalValue95(degreesOfFreedom: 40), 2.0211))
        #expect(approx(StudentT.criticalValue95(degreesOfFreedom: 35), 2.0301, tolerance: 1e-4))  // true 2.03011
        #expect(approx(StudentT.criticalValue95(degreesOfFreedom: 150), 1.9759, tolerance: 1e-4)) // true 1.97591
        #expect(approx(StudentT.criticalValue95(degreesOfFreedom: 1_000_000), 1.96, tolerance: 1e-4))
    }

    @Test("NPS: 5 promoters, 3 passives, 2 detractors of 10 → 50% − 20% = 30")
    func nps() throws {
        //                                          0  1  2  3  4  5  6  7  8  9  10
        let d = RatingDistribution(min: 0, max: 10, countsPerValue: [1, 0, 0, 0, 0, 0, 1, 2, 1, 3, 2])
        let nps = try #require(d.nps)
        #expect(nps == NPSBreakdown(promoters: 5, passives: 3, detractors: 2))
        #expect(nps.promoterPercentage == 50)
        #expect(nps.detractorPercentage == 20)
        #expect(nps.passivePercentage == 30)
        #expect(nps.score == 30)
        #expect(RatingDistribution(min: 1, max: 10, countsPerValue: [1]).nps == nil)
        #expect(RatingDistribution(min: 0, max: 10, countsPerValue: []).nps?.score == nil)
        // Exact, unrounded: 1 promoter, 2 detractors of 3 → −33.33…
        #expect(approx(NPSBreakdown(promoters: 1, passives: 0, detractors: 2).score, -100.0 / 3.0))
    }

    @Test("Percentages and duration medians")
    func helpers() {
        #expect(approx(Statistics.percentage(part: 1, of: 3), 33.333333333333336))
        #expect(Statistics.percentage(part: 2, of: 0) == 0)
        #expect(Statistics.median(ofSorted: [1, 2, 10]) == 2)
        #expect(Statistics.median(ofSorted: [1, 2, 10, 30]) == 6)
        #expect(Statistics.median(of: [30, 1, 10, 2]) == 6)
        #expect(Statistics.median(of: []) == nil)
    }
}
