import Foundation

/// How numbers and times read on a chart: no locale, so a chart is the same on every server.
enum DisplayText {
    /// `40%`, `33.3%`.
    static func percent(_ value: Double) -> String {
        "\(Self.oneDecimal(value))%"
    }

    /// One decimal, dropped when it is zero: `7.4`, `8`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let tenths = (value * 10).rounded()
        let text = tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
        return text == "-0" ? "0" : text
    }

    /// `1 answer`, `3 answers`.
    static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// Wall-clock times in one zone, read from the Gregorian calendar.
    struct Clock {
        private let calendar: Calendar

        init(timeZone: TimeZone) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            self.calendar = calendar
        }

        /// `09:05`.
        func time(_ date: Date) -> String {
            let parts = self.calendar.dateComponents([.hour, .minute], from: date)
            return "\(Self.twoDigits(parts.hour)):\(Self.twoDigits(parts.minute))"
        }

        /// `2026-12-01`.
        func day(_ date: Date) -> String {
            let parts = self.calendar.dateComponents([.year, .month, .day], from: date)
            return "\(parts.year ?? 0)-\(Self.twoDigits(parts.month))-\(Self.twoDigits(parts.day))"
        }

        /// `12-01 09:05`.
        func dayAndTime(_ date: Date) -> String {
            let parts = self.calendar.dateComponents([.month, .day], from: date)
            return "\(Self.twoDigits(parts.month))-\(Self.twoDigits(parts.day)) \(self.time(date))"
        }

        func isSameDay(_ first: Date, _ second: Date) -> Bool {
            self.calendar.isDate(first, inSameDayAs: second)
        }

        private static func twoDigits(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : String(value)
        }
    }
}
