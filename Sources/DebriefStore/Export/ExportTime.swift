import Foundation
import PQ

/// How an export writes a time: `2026-12-01 19:31:12.417`, the wall-clock time in the export's
/// zone (the host's, ``ExportStore/Prepared/timeZone``), to the millisecond like the JSON (a client
/// joining both finds the same instant), with the zone's name in every row's `time_zone` column.
/// Why not ISO 8601 with `Z`: Excel, LibreOffice and Google Sheets read `YYYY-MM-DD HH:MM:SS.sss`
/// as a date and time, but keep `2026-12-01T10:31:12.417Z` as text, and a host reads the meeting's
/// own clock, not UTC. The one owner of the format: the SQL of the row
/// layouts and the Swift of the computed ones both come from here.
public enum ExportTime {
    /// The column naming the zone the row's times are in.
    public static let zoneColumn = "time_zone"

    /// `column` (a `timestamptz`; SQL text the program owns, such as `r.submitted_at`, never
    /// input) as the export's text in `zone`, rounded to the millisecond as the JSON's times are.
    static func sql(unsafeColumn column: String, zone: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "to_char(date_trunc('milliseconds', \(column) + interval '500 microseconds') AT TIME ZONE ")
            + "\(zone)::text" + SQLQuery(unsafeSQL: ", 'YYYY-MM-DD HH24:MI:SS.MS')")
    }

    /// `date` as the export's text in `zone`.
    public static func format(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let rounded = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: rounded)
        let milliseconds = Int((Double(c.nanosecond ?? 0) / 1_000_000).rounded()) % 1000
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d.%03d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0,
            milliseconds)
    }
}
