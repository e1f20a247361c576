import Debrief
import Foundation

/// Times as people read them, in the page's language.
///
/// A signed-in host's pages show times in the host's zone (the account's setting, UTC until
/// chosen): ``HostSessionMiddleware`` binds ``hostZoneName`` for the request, and the page names the
/// zone once (``PageFrame/zoneNote``) rather than after every time. Pages without a host
/// (participants') do not know the reader's zone and say "UTC" after each time.
enum DateText {
    /// The zone name (IANA) of the signed-in host this request renders for; nil on other pages.
    /// The name is kept as chosen: Foundation calls `UTC` "GMT".
    @TaskLocal static var hostZoneName: String?

    static var hostZone: TimeZone? { Self.hostZoneName.flatMap(HostTimeZone.zone) }

    /// The zone times are shown and typed in on this request's page.
    static var zone: TimeZone { Self.hostZone ?? Self.utc }

    static let utc = TimeZone(identifier: "UTC")!

    static func dateTime(_ date: Date, _ language: Language) -> String {
        let text = Self.formatter(language).string(from: date)
        return Self.hostZone == nil ? text + " UTC" : text
    }

    /// The zone's name as the page states it (`Europe/Berlin`).
    static var zoneName: String { Self.hostZoneName ?? "UTC" }

    private static func formatter(_ language: Language) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language == .ko ? "ko_KR" : "en_GB")
        formatter.timeZone = Self.zone
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }
}
