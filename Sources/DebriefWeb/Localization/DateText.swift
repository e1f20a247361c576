import Debrief
import Foundation

/// Times as people read them, in the page's language.
///
/// A signed-in host's pages show times in the host's zone (the account's setting, UTC until
/// chosen): ``HostSessionMiddleware`` binds ``hostZoneName`` for the request, and the page names the
/// zone once (``PageFrame/zoneNote``) rather than after every time. A participant's page shows
/// its meeting's times in the series' zone with the zone named (``participant(_:zone:_:)``).
/// A time of a meeting on a host's page is in its series' zone too (``meeting(_:zone:_:)``,
/// decision 86): the host reads what the room reads. All are ``LocalTime``'s format: the one
/// formatter of a time a person reads (decision 59).
enum DateText {
    /// The zone name (IANA) of the signed-in host this request renders for; nil on other pages.
    /// The name is kept as chosen: Foundation calls `UTC` "GMT".
    @TaskLocal static var hostZoneName: String?

    static var hostZone: TimeZone? { Self.hostZoneName.flatMap(HostTimeZone.zone) }

    /// The zone times are shown and typed in on this request's page.
    static var zone: TimeZone { Self.hostZone ?? Self.utc }

    static let utc = TimeZone(identifier: "UTC")!

    /// A time on a host's page (the zone named once at the top), or on another page without a
    /// meeting's zone (then in UTC, named after the time).
    static func dateTime(_ date: Date, _ language: Language) -> String {
        Self.hostZone == nil
            ? LocalTime.text(date, zone: "UTC", language: language.tag)
            : LocalTime.bare(date, zone: Self.hostZoneName, language: language.tag)
    }

    /// A time of a meeting on a host's page: in its series' zone (`zone`, decision 86), named
    /// after the time unless it is the zone the page names once at the top (the host's own).
    static func meeting(_ date: Date, zone: String?, _ language: Language) -> String {
        let named = LocalTime.zoneName(zone)
        return Self.hostZoneName != nil && named == Self.zoneName
            ? LocalTime.bare(date, zone: named, language: language.tag)
            : LocalTime.text(date, zone: named, language: language.tag)
    }

    /// A deadline's date alone (no time, no zone) in the page's language: `3 Dec 2026`.
    static func day(_ date: DueDate, _ language: Language) -> String {
        LocalTime.day(date, language: language.tag)
    }

    /// A time a participant reads about a meeting: in the series' zone (`zone`), the zone named.
    static func participant(_ date: Date, zone: String?, _ language: Language) -> String {
        LocalTime.text(date, zone: zone, language: language.tag)
    }

    /// The zone's name as the page states it (`Europe/Berlin`).
    static var zoneName: String { Self.hostZoneName ?? "UTC" }
}
