import Foundation

/// One session of a (possibly recurring) meeting.
public struct Meeting: Sendable, Equatable {
    public var id: UUID
    public var seriesID: UUID
    public var hostID: UUID
    public var sessionNumber: Int
    public var title: String
    public var startsAt: Date
    public var endsAt: Date
    public var place: String?
    public var expectedHeadCount: Int?
    public var createdAt: Date
    public var updatedAt: Date
    /// What the account that read the meeting is to its series: owner, co-host or admin.
    public var role: SeriesRole
    /// The series' stable participant code (SQL/0050): its short link `/f/{code}` always opens the
    /// series' current session. Nil only for a meeting built in memory.
    public var seriesCode: String?
    /// The series' time zone (SQL/0059, an IANA name): participants read this session's times in
    /// it (``LocalTime``), and its calendar files name it. Nil only for a meeting built in memory.
    public var seriesTimeZone: String?

    public init(
        id: UUID, seriesID: UUID, hostID: UUID, sessionNumber: Int, title: String, startsAt: Date, endsAt: Date,
        place: String?, expectedHeadCount: Int?, createdAt: Date, updatedAt: Date, role: SeriesRole,
        seriesCode: String? = nil, seriesTimeZone: String? = nil
    ) {
        self.seriesTimeZone = seriesTimeZone
        self.seriesCode = seriesCode
        self.id = id
        self.seriesID = seriesID
        self.hostID = hostID
        self.sessionNumber = sessionNumber
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.expectedHeadCount = expectedHeadCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.role = role
    }

    public var details: MeetingDetails {
        MeetingDetails(
            title: self.title, startsAt: self.startsAt, endsAt: self.endsAt, place: self.place,
            expectedHeadCount: self.expectedHeadCount)
    }
}
