import Debrief
import Foundation
import PQ

/// What the series' reviews and its list of open actions read (decision 85): actions of every
/// session of a series, not only one session's. Which of them a review lists is
/// ``ActionReview``'s rule; these reads only narrow the rows to those it could list, behind the
/// same gate as every other read of actions (`.edit`: actions name people).
extension ActionItemStore {
    /// Session `meetingID` (through its gate) and the actions of its series that its review may
    /// list: recorded at an earlier session (not in the trash) and open, or closed late enough to
    /// be this review's or a later one's — recorded at the session just before it, closed after
    /// that session began (``SeriesClock/lead`` before its start), or closed in the review of
    /// this session or a later one. The oldest ``ActionItemRules/maxListed`` of them.
    public func reviewCandidates(meeting meetingID: UUID, by viewer: Viewer) async throws -> (meeting: Meeting, items: [ActionItem]) {
        try await self.database.withTransaction { connection in
            let meeting = try await Self.gate(meetingID, viewer, on: connection)
            let items = try await connection.query(
                """
                SELECT \(ActionItem.columns) FROM meetings r
                JOIN meetings m ON m.series_id = r.series_id AND m.trashed_at IS NULL
                     AND (m.starts_at, m.session_number) < (r.starts_at, r.session_number)
                JOIN action_items a ON a.meeting_id = m.id
                LEFT JOIN LATERAL (\(SessionOrder.previous(series: "r.series_id", before: "r.starts_at", number: "r.session_number"))) p ON true
                LEFT JOIN meetings ci ON ci.id = a.closed_in_meeting_id AND ci.trashed_at IS NULL
                WHERE r.id = \(meetingID)
                  AND (a.status = 'open' OR a.meeting_id = p.id
                       OR a.closed_at >= (SELECT pm.starts_at FROM meetings pm WHERE pm.id = p.id) - \(Int(SeriesClock.lead))::int * interval '1 second'
                       OR (ci.starts_at, ci.session_number) >= (r.starts_at, r.session_number))
                ORDER BY m.starts_at, m.session_number, a.created_at, a.id
                LIMIT \(ActionItemRules.maxListed)
                """
            ).map(ActionItem.init(row:))
            return (meeting, items)
        }
    }

    /// The open actions of series `seriesID` (through the series' gate with `.edit`: another
    /// host's series is 404, a viewer co-host 403), sessions in the trash left out; the oldest
    /// ``ActionItemRules/maxListed``.
    public func open(series seriesID: UUID, by viewer: Viewer) async throws -> [ActionItem] {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            return try await connection.query(
                """
                SELECT \(ActionItem.columns) FROM meetings m JOIN action_items a ON a.meeting_id = m.id
                WHERE m.series_id = \(seriesID) AND m.trashed_at IS NULL AND a.status = 'open'
                ORDER BY m.starts_at, m.session_number, a.created_at, a.id
                LIMIT \(ActionItemRules.maxListed)
                """
            ).map(ActionItem.init(row:))
        }
    }
}
