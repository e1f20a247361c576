import TextFormats
import Foundation

/// Timestamps as people and programs outside see them (JSON, CSV, query parameters, logs):
/// ISO 8601 with a time zone, written in UTC with milliseconds.
///
/// (The database's own text format, with microseconds, is PQ's business: `TimestampCodec`.)
public enum Timestamps {
    /// A timestamp without a zone is refused: it would mean different instants to different people.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// As ``parse(_:)``, and also a plain date `2026-05-04`, meaning its midnight in UTC (the
    /// command line's `--since` and `--until`).
    public static func parseDateOrTimestamp(_ text: String) -> Date? {
        Self.parse(text) ?? (try? Date.ISO8601FormatStyle().year().month().day().parse(text))
    }

    /// `2026-05-04T09:00:00.000Z`, rounded to the millisecond.
    ///
    /// The milliseconds are computed in integers and only whole seconds go through the
    /// formatter: a `Date` read back from this text then writes exactly the same text again
    /// (Foundation's fractional seconds can lose a millisecond to binary rounding), which stored
    /// values that are replayed later rely on.
    public static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (wholeSeconds, millisecond) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
        return Self.digits(wholeSeconds, millisecond) ?? Self.formatted(wholeSeconds, millisecond)
    }

    /// The text through Foundation's formatter: the reference ``digits(_:_:)`` must equal.
    static func formatted(_ wholeSeconds: Int64, _ millisecond: Int64) -> String {
        let text = Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: TimeInterval(wholeSeconds)))
        let digits = String(millisecond)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// The same text written digit by digit, for the years 1600–9999 (every field of a fixed
    /// width, and no calendar change before them): the formatter was about 11,000 instructions a
    /// timestamp, and every accepted submission's reply writes one (issue 72, callgrind). `nil`
    /// for other years, which go through the formatter.
    static func digits(_ wholeSeconds: Int64, _ millisecond: Int64) -> String? {
        var (days, secondOfDay) = wholeSeconds.quotientAndRemainder(dividingBy: 86_400)
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilDays.civil(Int(days))
        guard (1600...9999).contains(year) else { return nil }
        let second = Int(secondOfDay)
        let fields = [(year, 4, "-"), (month, 2, "-"), (day, 2, "T"), (second / 3600, 2, ":"), (second / 60 % 60, 2, ":"),
            (second % 60, 2, "."), (Int(millisecond), 3, "Z")] as [(Int, Int, Unicode.Scalar)]
        return String(unsafeUninitializedCapacity: 24) { text in
            var position = 0
            for (value, width, then) in fields {
                var rest = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    text[position + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                text[position + width] = UInt8(ascii: then)
                position += width + 1
            }
            return position
        }
    }

    public static let hint = "must be an ISO 8601 timestamp with a time zone, such as 2026-05-04T09:00:00Z"
}
