import Debrief
import Foundation
import PQ

extension MeetingStore {
    /// One series on the host's meetings list: its live sessions, latest first.
    public struct SeriesEntry: Sendable {
        public var seriesID: UUID
        public var sessions: [Meeting]
        /// The series' picture (decision 92), read with the page's own query; nil when it has none.
        public var picture: PictureReference? = nil
    }

    /// One page of the host's series (their own and those shared with them), the one with the latest session first; with `search`, only
    /// series with a session whose title contains it (any letter case). `hasMore` says whether
    /// another page follows.
    public func seriesPage(for viewer: Viewer, search: String?, page: Int, perPage: Int) async throws -> (entries: [SeriesEntry], hasMore: Bool) {
        let pattern = search.map { "%" + Self.escapeLike($0) + "%" }
        let offset = max(0, page - 1) * perPage
        let rows = try await self.database.query(
            """
            WITH s AS (
                SELECT m.series_id, max(m.starts_at) AS latest FROM meetings m
                WHERE \(SQLQuery.listed(by: viewer))
                GROUP BY m.series_id
                HAVING \(pattern)::text IS NULL OR bool_or(m.title ILIKE \(pattern)::text ESCAPE '\\')
                ORDER BY latest DESC, m.series_id LIMIT \(perPage + 1) OFFSET \(offset)
            )
            SELECT \(Meeting.columns(for: viewer)), s.latest, \(SeriesPictureStore.referenceColumn(series: "s.series_id"))
            FROM s JOIN meetings m ON m.series_id = s.series_id AND m.trashed_at IS NULL
            ORDER BY s.latest DESC, s.series_id, m.session_number DESC
            """)
        var entries: [SeriesEntry] = []
        for row in rows {
            let meeting = try Meeting(row: row)
            if entries.last?.seriesID == meeting.seriesID {
                entries[entries.count - 1].sessions.append(meeting)
            } else {
                entries.append(SeriesEntry(seriesID: meeting.seriesID, sessions: [meeting], picture: try SeriesPictureStore.reference(row)))
            }
        }
        return (Array(entries.prefix(perPage)), entries.count > perPage)
    }

    /// `text` with LIKE's wildcards and its escape character taken literally.
    static func escapeLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
