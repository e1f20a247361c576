import Debrief
import Foundation
import PQ

extension Meeting {
    /// A meeting from a row selected with ``columns``.
    init(row: Row) throws {
        self.init(
            id: try row.decode("id"),
            seriesID: try row.decode("series_id"),
            hostID: try row.decode("host_id"),
            sessionNumber: try row.decode("session_number"),
            title: try row.decode("title"),
            startsAt: try row.decode("starts_at"),
            endsAt: try row.decode("ends_at"),
            place: try row.decode("place"),
            expectedHeadCount: try row.decode("expected_head_count"),
            createdAt: try row.decode("created_at"),
            updatedAt: try row.decode("updated_at"))
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
    /// `alias.host_id` is the viewer's, unless the viewer is an admin; and the meeting (or series)
    /// is not in the trash (see ``MeetingStore/trash(_:by:)``).
    static func visible(to viewer: Viewer, alias: String = "m") -> SQLQuery {
        SQLQuery(unsafeSQL: "(\(alias).host_id = ") + "\(viewer.accountID) OR \(viewer.isAdmin))"
            + SQLQuery(unsafeSQL: " AND \(alias).trashed_at IS NULL")
    }
}
