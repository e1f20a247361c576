import Debrief
import Foundation
import Testing

@Suite("Timeline buckets")
struct TimelineTests {
    let start = Date(timeIntervalSince1970: 1_900_000_020)

    @Test("A short span is per minute, every minute present, zeros included")
    func perMinute() {
        let series = Timeline.series(
            from: self.start, to: self.start.addingTimeInterval(5 * 60),
            perMinute: [(minute: self.start.addingTimeInterval(120), count: 3)])
        #expect(series.unit == "responses per minute")
        #expect(series.rows.map(\.count) == [0, 0, 3, 0, 0, 0])
        #expect(series.total == 3)
    }

    @Test("Long spans widen the buckets and stay within the maximum; totals keep every response")
    func wideSpans() {
        let spans: [(days: Double, unit: String)] = [
            (3.0 / 24, "responses per minute"), (12.0 / 24, "responses per 5 minutes"), (2, "responses per 15 minutes"),
            (7, "responses per hour"), (30, "responses per 6 hours"), (200, "responses per day"), (4000, "responses per week"),
        ]
        for (days, unit) in spans {
            let end = self.start.addingTimeInterval(days * 86_400)
            let counts = [(minute: self.start, count: 2), (minute: end, count: 5)]
            let series = Timeline.series(from: self.start, to: end, perMinute: counts)
            #expect(series.unit == unit, "\(days) days")
            #expect(series.rows.count <= Timeline.maximumBuckets)
            #expect(series.total == 7)
            #expect(series.rows.last?.count == 5)
        }
    }
}

@Suite("Timestamps")
struct TimestampsTests {
    @Test(arguments: [0.0, 1_763_887_200.1235, 1_763_887_200.9995, -0.0005, 1_000_000_000.123999])
    func aTimestampReadBackWritesTheSameText(seconds: Double) throws {
        let text = Timestamps.format(Date(timeIntervalSince1970: seconds))
        let again = try #require(Timestamps.parse(text))
        #expect(Timestamps.format(again) == text)
        #expect(abs(again.timeIntervalSince1970 - seconds) <= 0.0005 + 1e-6)
    }

    @Test func theFormatIsUTCWithMilliseconds() {
        #expect(Timestamps.format(Date(timeIntervalSince1970: 1_778_835_600.5)) == "2026-05-15T09:00:00.500Z")
    }
}
