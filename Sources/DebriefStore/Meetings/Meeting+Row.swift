import Debrief
import Foundation
import PQ

extension Meeting {
    /// A meeting from a row selected with ``columns(for:)``.
    init(row: Row) throws {
        guard let role = SeriesRole(rawValue: try row.decode("viewer_role")) else {
            throw PQError(.decoding, "column viewer_role holds an unknown series role")
        }
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
            updatedAt: try row.decode("updated_at"),
            role: role,
            seriesCode: try row.decode("series_code"),
            seriesTimeZone: try row.decode("series_time_zone"))
    }

    /// The columns of the `m` row, its series' code and zone, and what `viewer` is to its series (`viewer_role`).
    static func columns(for viewer: Viewer) -> SQLQuery {
        "m.id, m.series_id, m.host_id, m.session_number, m.title, m.starts_at, m.ends_at, m.place, m.expected_head_count, m.created_at, m.updated_at, "
            // Through `to_jsonb`, so a database migrated only part way (the tests of an older
            // migration run today's stores on one) reads NULL instead of failing.
            + "(SELECT to_jsonb(sc) ->> 'code' FROM meeting_series sc WHERE sc.id = m.series_id) AS series_code, "
            + "(SELECT to_jsonb(sc) ->> 'time_zone' FROM meeting_series sc WHERE sc.id = m.series_id) AS series_time_zone, "
            + SQLQuery.role(of: viewer, host: "m.host_id", series: "m.series_id") + " AS viewer_role"
    }
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
