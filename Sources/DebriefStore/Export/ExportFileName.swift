import Foundation

/// The name an export's file gets: the meeting's title (slugged) and date, so a downloads folder
/// reads `debrief-weekly-retro-2026-12-01-responses-utf8.csv` rather than a UUID. Korean and other
/// letters are kept; what a file system or a header would trip on (`/ \ : * ? " < > |`, spaces,
/// controls) becomes `-`.
///
/// A series' file is named after the series and the day it was exported
/// (`debrief-weekly-retro-series-2026-11-28-…`, ``of(title:series:sessionStart:exportedAt:zone:suffix:)``):
/// it holds every session so far, so no one session's date names it — least of all the last
/// planned one, half a year ahead (issue 68, decision 86).
public struct ExportFileName: Sendable, Equatable {
    /// The name with every letter kept (for `filename*`, RFC 6266 / RFC 8187).
    public let unicode: String
    /// The same name in ASCII only (for `filename=`, which older clients read).
    public let ascii: String

    /// The longest slug kept of a title (in characters), so names stay readable.
    static let maxSlugLength = 60

    /// A name as it is (already ASCII).
    init(unicode: String, ascii: String) {
        self.unicode = unicode
        self.ascii = ascii
    }

    /// The name of an export of one session (`series` false: the day `sessionStart` is in
    /// `zone`) or of a series (the day it is exported, `exportedAt`, in `zone`). `title` is the
    /// session's, or the series' (its last session's, as the series is named elsewhere).
    public static func of(
        title: String, series: Bool, sessionStart: Date, exportedAt: Date, zone: TimeZone, suffix: String
    ) -> ExportFileName {
        ExportFileName(title: title, series: series, date: series ? exportedAt : sessionStart, zone: zone, suffix: suffix)
    }

    /// `debrief-<title>[-series]-<yyyy-mm-dd><suffix>`, the date in `zone`; `ascii` drops the
    /// letters outside ASCII (and says `meeting` when none is left).
    init(title: String, series: Bool, date: Date, zone: TimeZone, suffix: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let dateText = String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        let name = { (slug: String) in "debrief-" + (slug.isEmpty ? "meeting" : slug) + (series ? "-series" : "") + "-" + dateText + suffix }
        self.unicode = name(Self.slug(title, asciiOnly: false))
        self.ascii = name(Self.slug(title, asciiOnly: true))
    }

    /// Lowercased letters and digits, each run of anything else one `-`, none at either end.
    static func slug(_ title: String, asciiOnly: Bool) -> String {
        var out = ""
        var pendingDash = false
        for character in title.lowercased() {
            let keep = (character.isLetter || character.isNumber) && (!asciiOnly || character.isASCII)
            if keep {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                guard out.count < Self.maxSlugLength else { break }
                out.append(character)
            } else {
                pendingDash = true
            }
        }
        return out
    }
}
