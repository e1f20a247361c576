import Foundation

/// A DATE or DATE-TIME value of RFC 5545 §3.3.4–5: `20261201`, `20261201T090000Z` (UTC), or
/// `20261201T090000` (local: in the zone of its `TZID`, else floating).
public enum ICalendarDateTime: Sendable, Equatable {
    case day(year: Int, month: Int, day: Int)
    case instant(Date)
    /// A wall-clock time, with the zone it was read in (nil when floating).
    case local(DateComponents)

    /// The value, or nil when malformed (out-of-range fields included). `timeZone` is only
    /// checked to exist; the caller combines a local time with it.
    public static func parse(_ text: String, timeZone: TimeZone?) -> ICalendarDateTime? {
        let chars = Array(text)
        guard chars.count == 8 || chars.count == 15 || chars.count == 16 else { return nil }
        func number(_ from: Int, _ to: Int) -> Int? {
            let slice = chars[from..<to]
            guard slice.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(String(slice))
        }
        guard let year = number(0, 4), let month = number(4, 6), let day = number(6, 8),
              (1...12).contains(month), (1...31).contains(day), year >= 1900 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        // 31 February is not a date.
        guard let probe = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: probe) == day else { return nil }
        if chars.count == 8 { return .day(year: year, month: month, day: day) }
        guard chars[8] == "T", let hour = number(9, 11), let minute = number(11, 13), let second = number(13, 15),
              hour < 24, minute < 60, second < 61 else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        if chars.count == 16 {
            guard chars[15] == "Z", let date = calendar.date(from: components) else { return nil }
            return .instant(date)
        }
        return .local(components)
    }
}
