import Debrief
import Foundation
import PQ

/// The one way a session comes to exist (docs/decisions/0063): a new series' first session, the
/// sessions planned from a schedule or a calendar file, "Next session". Each starts with the
/// series' current form (``SeriesFormStore/startForm(of:on:)``), so no path can make a session
/// without it or copy "the latest session's" form instead. `scripts/check-layers` rule 16
/// refuses `INSERT INTO meetings` anywhere else.
enum SessionInsert {
    /// Inserts session `number` of `series` for `host` and starts its form, in the caller's transaction.
    static func insert(
        _ details: MeetingDetails, series: UUID, host: UUID, number: Int, by viewer: Viewer, on connection: Connection
    ) async throws -> Meeting {
        let rows = try await connection.query(
            """
            INSERT INTO meetings AS m (series_id, host_id, session_number, title, starts_at, ends_at, place, expected_head_count)
            VALUES (\(series), \(host), \(number), \(details.title), \(details.startsAt)::timestamptz,
                    \(details.endsAt)::timestamptz, \(details.place), \(details.expectedHeadCount))
            RETURNING \(Meeting.columns(for: viewer))
            """)
        let meeting = try Meeting(row: try rows.single())
        try await SeriesFormStore.startForm(of: meeting, on: connection)
        return meeting
    }
}
