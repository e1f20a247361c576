import Foundation

/// What a calendar shows of one session: its plan, its form's public code and whether it is in
/// the trash. No answers, counts or results: a calendar feed needs no privacy gate.
public struct CalendarSession: Sendable, Equatable {
    public var meetingID: UUID
    public var title: String
    public var startsAt: Date
    public var endsAt: Date
    public var place: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var sequence: Int
    public var cancelled: Bool
    /// The published form's participant code, if the form is published.
    public var formCode: String?
    /// The series' zone (decision 59): a file of this one session names it in `X-WR-TIMEZONE`.
    public var timeZone: String?

    public init(
        meetingID: UUID, title: String, startsAt: Date, endsAt: Date, place: String?, createdAt: Date, updatedAt: Date,
        sequence: Int, cancelled: Bool, formCode: String?, timeZone: String? = nil
    ) {
        self.timeZone = timeZone
        self.meetingID = meetingID
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.sequence = sequence
        self.cancelled = cancelled
        self.formCode = formCode
    }

    /// The session's event for a service at `baseURL` (no trailing slash). `forHost` adds the
    /// link of the host's page that shows the QR code to put on screen; a participant's copy
    /// carries only the participant link.
    public func event(baseURL: String, forHost: Bool) -> CalendarEvent {
        let domain = URL(string: baseURL)?.host ?? "debrief"
        let participantURL = self.formCode.map { "\(baseURL)/f/\($0)" }
        var lines: [String] = []
        if let participantURL {
            lines.append("Feedback form: \(participantURL)")
        } else {
            lines.append("Feedback form: not published yet")
        }
        let hostPage = "\(baseURL)/m/\(self.meetingID.lowercasedText)"
        if forHost { lines.append("QR code to show in the room: \(hostPage)") }
        return CalendarEvent(
            uid: CalendarEvent.uid(meeting: self.meetingID, domain: domain), stamp: self.updatedAt, created: self.createdAt,
            start: self.startsAt, end: self.endsAt, summary: self.title, location: self.place,
            description: lines.joined(separator: "\n"), url: participantURL ?? (forHost ? hostPage : nil),
            sequence: self.sequence, status: self.cancelled ? .cancelled : .confirmed)
    }
}
