import Debrief
import Foundation
import PQ

/// One session of a (possibly recurring) meeting.
public struct Meeting: Sendable, Equatable, Codable {
    public var id: UUID
    public var seriesId: UUID
    public var hostId: UUID
    public var sessionNumber: Int
    public var title: String
    public var startsAt: Date
    public var endsAt: Date
    public var place: String?
    public var expectedHeadCount: Int?
    public var createdAt: Date
    public var updatedAt: Date

    init(row: Row) throws {
        self.id = try row.decode("id")
        self.seriesId = try row.decode("series_id")
        self.hostId = try row.decode("host_id")
        self.sessionNumber = try row.decode("session_number")
        self.title = try row.decode("title")
        self.startsAt = try row.decode("starts_at")
        self.endsAt = try row.decode("ends_at")
        self.place = try row.decode("place")
        self.expectedHeadCount = try row.decode("expected_head_count")
        self.createdAt = try row.decode("created_at")
        self.updatedAt = try row.decode("updated_at")
    }

    public var details: MeetingDetails {
        MeetingDetails(
            title: self.title, startsAt: self.startsAt, endsAt: self.endsAt, place: self.place,
            expectedHeadCount: self.expectedHeadCount)
    }

    static let columns: SQLQuery =
        "m.id, m.series_id, m.host_id, m.session_number, m.title, m.starts_at, m.ends_at, m.place, m.expected_head_count, m.created_at, m.updated_at"
}

/// Which meetings a list shows.
public enum MeetingScope: String, Sendable, CaseIterable {
    /// Not yet ended.
    case upcoming
    /// Already ended.
    case past
    case all
}

/// One page of meetings, newest first, and where the next page starts.
public struct MeetingPage: Sendable {
    public var items: [Meeting]
    public var nextCursor: String?
}

extension SQLQuery {
    /// `alias.host_id` is the viewer's, unless the viewer is an admin.
    static func visible(to viewer: Viewer, alias: String = "m") -> SQLQuery {
        SQLQuery(unsafeSQL: "(\(alias).host_id = ") + "\(viewer.accountID) OR \(viewer.isAdmin))"
    }
}
