import Foundation
@testable import PQ
import Testing

@Suite("Timestamp text conversion")
struct TimestampCodecTests {
    @Test func formatsWithMicrosecondsInUTC() {
        let date = Date(timeIntervalSince1970: 1_763_830_186.123456)
        #expect(TimestampCodec.format(date) == "2025-11-22T16:49:46.123456Z")
        #expect(TimestampCodec.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000000Z")
        #expect(TimestampCodec.format(Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500000Z")
    }

    @Test func parsesServerOutputWithOffsets() throws {
        let utc = try #require(TimestampCodec.parse("2025-11-22 16:49:46.123456+00"))
        #expect(abs(utc.timeIntervalSince1970 - 1_763_830_186.123456) < 0.000_001)
        let seoul = try #require(TimestampCodec.parse("2025-11-23 01:49:46+09"))
        #expect(seoul.timeIntervalSince1970 == 1_763_830_186)
        let india = try #require(TimestampCodec.parse("2025-11-22T22:19:46.5+05:30"))
        #expect(india.timeIntervalSince1970 == 1_763_830_186.5)
        #expect(TimestampCodec.parse("2025-02-01T00:00:00Z")?.timeIntervalSince1970 == 1_738_368_000)
    }

    @Test func refusesWhatIsNotATimestamp() {
        #expect(TimestampCodec.parse("infinity") == nil)
        #expect(TimestampCodec.parse("2025-13-01 00:00:00+00") == nil)
        #expect(TimestampCodec.parse("2025-11-22 16:49:46") == nil)
        #expect(TimestampCodec.parse("2025-11-22 16:49:46+00 trailing") == nil)
    }
}
