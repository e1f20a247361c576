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

    /// Years 0–9999 are written digit by digit, the rest by the general path: both must say what
    /// the general path says, padding and all, to the microsecond.
    @Test func theFixedWidthTextIsTheGeneralText() {
        var generator = SystemRandomNumberGenerator()
        let edges: [Double] = [-62_167_219_200, -62_167_219_199.999_999, 253_402_300_799.5, 951_782_400, 4_107_542_400.000_001]
        let randoms = (0..<2_000).map { _ in Double.random(in: -62_167_219_200...253_402_300_799, using: &generator) }
        for seconds in edges + randoms {
            let date = Date(timeIntervalSince1970: seconds)
            let text = TimestampCodec.format(date)
            #expect(text.utf8.count == 27 && text.hasSuffix("Z"), "\(seconds): \(text)")
            let parsed = TimestampCodec.parse(text)
            #expect(parsed.map { abs($0.timeIntervalSince1970 - seconds) <= 0.000_001 * max(1, abs(seconds) / 1e9) } == true, "\(text)")
        }
        #expect(TimestampCodec.format(Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000000Z")
        #expect(TimestampCodec.format(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31T23:59:59.000000Z")
        #expect(TimestampCodec.format(Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000000Z")
        #expect(TimestampCodec.format(Date(timeIntervalSince1970: 951_782_400.000_042)) == "2000-02-29T00:00:00.000042Z")
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
