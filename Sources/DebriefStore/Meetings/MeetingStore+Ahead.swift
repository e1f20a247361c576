import Debrief
import Foundation
import PQ

extension MeetingStore {
    /// How many series the nearest meeting is looked for in: those whose first session not ended
    /// starts soonest (a bound on one request's work whatever a host has planned).
    public static let seriesAheadLimit = 200

    /// The series the viewer lists (their own and those shared with them, none in the trash)
    /// with a session that has not ended at `instant`, the one whose first such session starts
    /// soonest first, at most ``seriesAheadLimit``. Only these can hold the viewer's nearest
    /// meeting: which of their sessions it is, the series clock decides (``NearestMeeting``).
    public func seriesAhead(for viewer: Viewer, at instant: Date) async throws -> [UUID] {
        try await self.database.query(
            """
            SELECT m.series_id, min(m.starts_at) AS soonest FROM meetings m
            WHERE \(SQLQuery.listed(by: viewer)) AND m.ends_at > \(instant)::timestamptz
            GROUP BY m.series_id ORDER BY soonest, m.series_id LIMIT \(Self.seriesAheadLimit)
            """
        ).map { try $0.decode("series_id") }
    }
}
