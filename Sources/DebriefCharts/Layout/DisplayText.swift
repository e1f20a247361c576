import Debrief
import Foundation

/// How numbers and times read on a chart: no locale, so a chart is the same on every server.
/// Words and date order come from ``ChartStrings``.
enum DisplayText {
    /// `40%`, `33.3%`.
    static func percent(_ value: Double) -> String {
        "\(Self.oneDecimal(value))%"
    }

    /// One decimal, dropped when it is zero: `7.4`, `8`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let rounded = DisplayRounding.oneDecimal(value)
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text == "-0" ? "0" : text
    }

    /// `1 answer`, `3 answers` (English plurals, for ``ChartStrings``).
    static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// Wall-clock times in one zone, read from the Gregorian calendar; dates are phrased in the
    /// chart's language.
    struct Clock {
        private let calendar: Calendar
        private let strings: ChartStrings

        init(timeZone: TimeZone, strings: ChartStrings) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            self.calendar = calendar
            self.strings = strings
        }

        /// `09:05` (24-hour in both languages).
        func time(_ date: Date) -> String {
            let parts = self.calendar.dateComponents([.hour, .minute], from: date)
            return "\(ChartStrings.twoDigits(parts.hour ?? 0)):\(ChartStrings.twoDigits(parts.minute ?? 0))"
        }

        /// `2026-12-01`, `2026년 12월 1일`.
        func day(_ date: Date) -> String {
            let parts = self.calendar.dateComponents([.year, .month, .day], from: date)
            return self.strings.date(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        }

        /// `12-01 09:05`, `12월 1일 09:05`.
        func dayAndTime(_ date: Date) -> String {
            let parts = self.calendar.dateComponents([.month, .day], from: date)
            return self.strings.monthDay(month: parts.month ?? 0, day: parts.day ?? 0) + " " + self.time(date)
        }

        func isSameDay(_ first: Date, _ second: Date) -> Bool {
            self.calendar.isDate(first, inSameDayAs: second)
        }
    }
}
