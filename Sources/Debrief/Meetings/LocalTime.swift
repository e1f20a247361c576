import Foundation

/// A time as a person reads it: in a meeting's zone, in their language's format, with the zone
/// named — `26 Nov 2026 at 16:00 (Asia/Seoul)`, `2026. 11. 26. 오후 4:00 (Asia/Seoul)`.
///
/// The one formatter of a time shown to a participant (docs/decisions/0059): the form page, the
/// series link, the thanks page and every mail go through ``text(_:zone:language:)`` with the
/// series' zone (``Meeting/seriesTimeZone``), so no surface can show UTC or a raw ISO instant
/// while another shows the local time. The host's pages use the same format: a meeting's times in
/// its series' zone (decision 86), and a deadline's date alone through ``day(_:language:)``.
public enum LocalTime {
    /// `date` in `zone` (an IANA name; UTC when nil or unknown), in `language`'s format (Korean
    /// for `ko`, British English otherwise: day before month, a 24-hour clock), the zone's name in
    /// parentheses.
    public static func text(_ date: Date, zone: String?, language: LanguageTag) -> String {
        let named = Self.zoneName(zone)
        return Self.bare(date, zone: named, language: language) + " (\(named))"
    }

    /// The same text without the zone's name, for a page that names its zone once elsewhere
    /// (a signed-in host's pages say "Times in Europe/Berlin" at the top).
    public static func bare(_ date: Date, zone: String?, language: LanguageTag) -> String {
        let formatter = DateFormatter()
        formatter.locale = Self.locale(language)
        formatter.timeZone = HostTimeZone.zone(zone) ?? Self.utc
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }

    /// A calendar date alone (a deadline: no time, no zone) in `language`'s format, as the date
    /// part of ``bare(_:zone:language:)`` writes it: `3 Dec 2026`, `2026. 12. 3.`; never the ISO
    /// spelling (`2026-12-03`), which JSON and CSV keep.
    public static func day(_ date: DueDate, language: LanguageTag) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.utc
        // Noon: the day itself in the zone the formatter reads it in, whatever the year.
        guard let instant = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)) else {
            return date.text
        }
        let formatter = DateFormatter()
        formatter.locale = Self.locale(language)
        formatter.timeZone = Self.utc
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: instant)
    }

    /// Korean for `ko`, British English otherwise (day before month, a 24-hour clock).
    static func locale(_ language: LanguageTag) -> Locale {
        Locale(identifier: language.primary == "ko" ? "ko_KR" : "en_GB")
    }

    /// The zone's name as shown: the valid IANA name given, else `UTC` (Foundation would say GMT).
    public static func zoneName(_ zone: String?) -> String {
        HostTimeZone.zone(zone) == nil ? "UTC" : zone ?? "UTC"
    }

    static let utc = TimeZone(identifier: "UTC") ?? .gmt
}
