import Debrief
import Testing

/// Speeders, straight-liners and the median completion time from the tallied buckets of SQL/0035,
/// as the unfiltered results count them.
@Suite("Completion tallies")
struct CompletionTallyTests {
    static func tally(_ values: [String: Int]) -> CompletionTally {
        var tally = CompletionTally()
        for (value, count) in values {
            let added = tally.add(value: value, count: count)
            #expect(added, "\(value)")
        }
        return tally
    }

    @Test func speedersAreTheTimedResponsesUnderTheThresholdAndFlagsCountEachResponseOnce() {
        // 2 responses at 3 s (one straight-lined), 1 at 29 s, 1 at 30 s, 1 at an hour or more, 1 untimed straight-liner.
        let tally = Self.tally(["3|0": 1, "3|1": 1, "29|0": 1, "30|0": 1, "3600|0": 1, "-|1": 1])
        let at30 = tally.quality(threshold: 30)
        #expect(at30 == QualityCounts(timed: 5, speeders: 3, straightLined: 2, flagged: 4, medianSeconds: 29))
        let at3600 = tally.quality(threshold: 3600)
        #expect(at3600.speeders == 4 && at3600.flagged == 5, "an hour or more is never under the highest threshold")
        #expect(tally.quality(threshold: 1).speeders == 0)
    }

    @Test func theMedianAveragesTheMiddleTwoLikePercentileCont() {
        #expect(Self.tally(["10|0": 1, "20|0": 1]).quality(threshold: 5).medianSeconds == 15)
        #expect(Self.tally(["10|0": 2, "20|0": 1]).quality(threshold: 5).medianSeconds == 10)
        #expect(Self.tally(["-|1": 3]).quality(threshold: 5).medianSeconds == nil)
    }

    @Test func versionsAddUpAndMalformedValuesAreRefused() {
        var tally = Self.tally(["5|0": 1])
        tally.add(Self.tally(["5|0": 2, "7|1": 1]))
        #expect(tally.quality(threshold: 6) == QualityCounts(timed: 4, speeders: 3, straightLined: 1, flagged: 4, medianSeconds: 5))
        var other = CompletionTally()
        for bad in ["", "5", "5|2", "x|0", "-1|0", "3601|0", "5|0|1"] {
            let added = other.add(value: bad, count: 1)
            #expect(!added, "\(bad)")
        }
    }
}
