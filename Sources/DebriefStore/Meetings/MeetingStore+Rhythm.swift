import Debrief
import Foundation
import PQ

extension MeetingStore {
    /// What "Next session" needs to know of a series (``NextSessionSlot``): its earliest and
    /// latest sessions (not in the trash), its schedule and zone, and whose meetings it must
    /// not overlap.
    public struct SeriesRhythm: Sendable, Equatable {
        public var hostID: UUID
        public var first: Date
        public var latest: DateInterval
        public var schedule: String?
        public var timeZone: String
        /// The series' default length of a session (decision 73); nil: the latest session's.
        public var defaultDuration: TimeInterval?
        /// The series' default place of a new session; nil: the latest session's.
        public var defaultPlace: String?
    }

    /// The rhythm of the series of `meetingID`, or nil when the viewer may not see that meeting.
    public func rhythm(ofSeriesOf meetingID: UUID, visibleTo viewer: Viewer) async throws -> SeriesRhythm? {
        guard let row = try await self.database.query(
            """
            SELECT s.host_id, s.schedule, s.time_zone, s.default_duration_seconds, s.default_place, l.first, l.latest_start, l.latest_end
            FROM meetings m JOIN meeting_series s ON s.id = m.series_id,
            LATERAL (
                SELECT min(o.starts_at) AS first,
                    (array_agg(o.starts_at ORDER BY o.starts_at DESC))[1] AS latest_start,
                    (array_agg(o.ends_at ORDER BY o.starts_at DESC))[1] AS latest_end
                FROM meetings o WHERE o.series_id = s.id AND o.trashed_at IS NULL
            ) l
            WHERE m.id = \(meetingID) AND \(SQLQuery.visible(to: viewer))
            """
        ).first else { return nil }
        let start: Date = try row.decode("latest_start")
        let end: Date = try row.decode("latest_end")
        return SeriesRhythm(
            hostID: try row.decode("host_id"), first: try row.decode("first"), latest: DateInterval(start: start, end: max(start, end)),
            schedule: try row.decode("schedule"), timeZone: try row.decode("time_zone"),
            defaultDuration: try row.decode("default_duration_seconds", as: Int?.self).map(TimeInterval.init),
            defaultPlace: try row.decode("default_place"))
    }
}
