import Foundation

/// One session as a calendar event (a `VEVENT`). Holds only a meeting's plan and its links:
/// a calendar never shows answers, so nothing here passes through `Disclosure`.
public struct CalendarEvent: Sendable, Equatable {
    public enum Status: String, Sendable {
        case confirmed = "CONFIRMED"
        case cancelled = "CANCELLED"
    }

    /// Stable for the session's whole life: `<meeting id>@<host of the public URL>`.
    public var uid: String
    /// When this version of the event was made (the session's last change), so the same
    /// session reads the same on every fetch.
    public var stamp: Date
    public var created: Date
    public var start: Date
    public var end: Date
    public var summary: String
    public var location: String?
    public var description: String?
    public var url: String?
    /// Bumped by every change a calendar must follow (time, title, place, trash, restore).
    public var sequence: Int
    public var status: Status

    public init(
        uid: String, stamp: Date, created: Date, start: Date, end: Date, summary: String, location: String? = nil,
        description: String? = nil, url: String? = nil, sequence: Int = 0, status: Status = .confirmed
    ) {
        self.uid = uid
        self.stamp = stamp
        self.created = created
        self.start = start
        self.end = end
        self.summary = summary
        self.location = location
        self.description = description
        self.url = url
        self.sequence = sequence
        self.status = status
    }

    /// The UID of a meeting's event, for a service reached at `domain`.
    public static func uid(meeting id: UUID, domain: String) -> String {
        "\(id.lowercasedText)@\(domain)"
    }
}

/// A whole `VCALENDAR` (a feed, or one event for "add to my calendar"), written as RFC 5545 text.
///
/// Times are written in UTC (`…Z`) and the host's zone is named in `X-WR-TIMEZONE`
/// (docs/decisions/0040-calendar.md): a UTC instant is exact in every client, where a
/// `VTIMEZONE` would have to restate the zone's daylight-saving rules for every year the
/// series spans.
public struct ICalendarDocument: Sendable {
    public var name: String?
    public var timeZone: String?
    public var events: [CalendarEvent]

    public init(name: String? = nil, timeZone: String? = nil, events: [CalendarEvent]) {
        self.name = name
        self.timeZone = timeZone
        self.events = events
    }

    /// The `text/calendar; charset=utf-8` body.
    public func rendered() -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Debrief//Debrief calendar//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
        ]
        if let name { lines.append("X-WR-CALNAME:" + ICalendarText.escape(name)) }
        if let timeZone { lines.append("X-WR-TIMEZONE:" + ICalendarText.escape(timeZone)) }
        for event in self.events { lines += Self.lines(of: event) }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined()
    }

    static func lines(of event: CalendarEvent) -> [String] {
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + ICalendarText.escape(event.uid),
            "DTSTAMP:" + Self.utc(event.stamp),
            "CREATED:" + Self.utc(event.created),
            "LAST-MODIFIED:" + Self.utc(event.stamp),
            "DTSTART:" + Self.utc(event.start),
            "DTEND:" + Self.utc(event.end),
            "SEQUENCE:\(event.sequence)",
            "STATUS:" + event.status.rawValue,
            "SUMMARY:" + ICalendarText.escape(event.summary),
        ]
        if let location = event.location { lines.append("LOCATION:" + ICalendarText.escape(location)) }
        if let description = event.description { lines.append("DESCRIPTION:" + ICalendarText.escape(description)) }
        // A URI value is not TEXT: it is written as is (RFC 5545 §3.3.13).
        if let url = event.url { lines.append("URL:" + url) }
        lines.append("END:VEVENT")
        return lines
    }

    /// `20261201T090000Z`.
    public static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        let year = String(c.year ?? 0)
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)\(two(c.month))\(two(c.day))T\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
    }
}
