import TextFormats
import struct Foundation.Date

/// Converts `Date` to and from PostgreSQL's ISO timestamp text with microsecond precision.
///
/// Foundation's ISO 8601 formatters stop at milliseconds, while `timestamptz` keeps microseconds;
/// doing the calendar arithmetic here keeps a round trip exact to the microsecond. Every connection
/// sets `DateStyle=ISO` and `TimeZone=UTC`, so the server prints `2026-11-22 16:49:46.123456+00`.
enum TimestampCodec {
    /// `2026-11-22T16:49:46.123456Z`.
    static func format(_ date: Date) -> String {
        let totalMicros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        let micros = Int64(totalMicros)
        var seconds = micros / 1_000_000
        var fraction = micros % 1_000_000
        if fraction < 0 {
            fraction += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else {
            return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
                + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
                + "." + pad(fraction, 6) + "Z"
        }
        // Every field has a fixed width here, so the text is written digit by digit into one
        // buffer: the concatenation above, kept for years outside 0–9999, was about 11,000
        // instructions a value, and each submission sends several (issue 72, callgrind).
        var text: [UInt8] = []
        text.reserveCapacity(27)
        let fields: [(value: Int64, width: Int, then: UInt8)] = [
            (year, 4, UInt8(ascii: "-")), (month, 2, UInt8(ascii: "-")), (day, 2, UInt8(ascii: "T")),
            (secondOfDay / 3600, 2, UInt8(ascii: ":")), (secondOfDay / 60 % 60, 2, UInt8(ascii: ":")),
            (secondOfDay % 60, 2, UInt8(ascii: ".")), (fraction, 6, UInt8(ascii: "Z")),
        ]
        for field in fields {
            var divisor: Int64 = 1
            for _ in 1..<field.width { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(field.value / divisor % 10))
                divisor /= 10
            }
            text.append(field.then)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DD[ T]HH:MM:SS[.ffffff][Z|±HH[:MM[:SS]]]`; `nil` for anything else
    /// (including `infinity`, which no `Date` in this program means).
    static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var micros: Int64 = 0
        if scanner.skip(".") {
            var scale: Int64 = 100_000
            var digits = 0
            while let digit = scanner.digit() {
                micros += Int64(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if scanner.skip("Z") {
            offsetSeconds = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2) else { return nil }
            var minutes: Int64 = 0
            var secs: Int64 = 0
            if scanner.skip(":") || scanner.peekDigit() {
                guard let value = scanner.number(digits: 2) else { return nil }
                minutes = value
                if scanner.skip(":") {
                    guard let value = scanner.number(digits: 2) else { return nil }
                    secs = value
                }
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60 + secs)
        } else {
            return nil
        }
        guard scanner.atEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // The calendar arithmetic is CivilDays' (Int is 64 bits wide on every platform we build for).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        Int64(CivilDays.number(year: Int(year), month: Int(month), day: Int(day)))
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let (year, month, day) = CivilDays.civil(Int(days))
        return (Int64(year), Int64(month), Int64(day))
    }
}

/// A tiny cursor over ASCII bytes for the timestamp parser.
private struct DigitScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { self.position == self.bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, self.position < self.bytes.count,
            self.bytes[self.position] == ascii
        else { return false }
        self.position += 1
        return true
    }

    func peekDigit() -> Bool {
        self.position < self.bytes.count && (48...57).contains(self.bytes[self.position])
    }

    mutating func digit() -> Int? {
        guard self.peekDigit() else { return nil }
        defer { self.position += 1 }
        return Int(self.bytes[self.position] - 48)
    }

    mutating func number(digits: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<digits {
            guard let digit = self.digit() else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value
    }

    mutating func sign() -> Int64? {
        if self.skip("+") { return 1 }
        if self.skip("-") { return -1 }
        return nil
    }
}
