@testable import Debrief
import Foundation
import Testing

/// ``Timestamps/format(_:)`` writes the years 1600–9999 digit by digit
/// (``Timestamps/digits(_:_:)``): the same text as Foundation's formatter, which every other
/// year still goes through.
@Suite("Timestamps digit by digit")
struct TimestampDigitsTests {
    /// 1600-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds from 1970.
    static let first: Int64 = -11_676_096_000
    static let last: Int64 = 253_402_300_799

    @Test func everyYearItWritesIsWrittenAsTheFormatterWritesIt() throws {
        var generator = SystemRandomNumberGenerator()
        var seconds: [Int64] = [
            Self.first, Self.first + 1, Self.last, Self.last - 1, 0, -1, 1, 86_399, 86_400, -86_400, -86_401,
            951_782_400, 951_868_799, -2_203_891_200, 4_107_542_400, 4_107_455_999, 1_778_835_600,
        ]
        for _ in 0..<20_000 { seconds.append(Int64.random(in: Self.first...Self.last, using: &generator)) }
        for second in seconds {
            for millisecond in [0, 1, 9, 10, 99, 100, 500, 999, Int64.random(in: 0...999, using: &generator)] {
                let text = try #require(Timestamps.digits(second, millisecond), "\(second)")
                #expect(text == Timestamps.formatted(second, millisecond), "\(second).\(millisecond)")
            }
        }
    }

    @Test func otherYearsGoThroughTheFormatter() {
        #expect(Timestamps.digits(Self.first - 1, 0) == nil)
        #expect(Timestamps.digits(Self.last + 1, 0) == nil)
        let before = Date(timeIntervalSince1970: TimeInterval(Self.first - 1) + 0.25)
        #expect(Timestamps.format(before) == Timestamps.formatted(Self.first - 1, 250))
        #expect(Timestamps.format(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(Timestamps.format(Date(timeIntervalSince1970: 1_778_835_600.5)) == "2026-05-15T09:00:00.500Z")
    }
}
