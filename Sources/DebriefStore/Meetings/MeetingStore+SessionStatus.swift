import Debrief
import Foundation
import PQ

extension MeetingStore {
    /// What the meetings list says of one session: where its form is, and how many responded.
    public struct SessionStatus: Sendable, Equatable {
        /// The state of the form participants see (the newest published version), else of the
        /// draft; nil when the session has no form.
        public var formState: FormState?
        /// Responses to every published version, from the result tallies: the number the
        /// dashboard's "Responses" tile and trends show. A count of responses tells nothing of
        /// any answer, so the privacy rule does not withhold it (``Disclosure`` withholds answers,
        /// and the respondents of a follow-up whose deciding question is withheld).
        public var responses: Int

        public init(formState: FormState?, responses: Int) {
            self.formState = formState
            self.responses = responses
        }
    }

    /// The status of each of `meetings` (ids the caller already found visible to its viewer).
    public func sessionStatuses(_ meetings: [UUID]) async throws -> [UUID: SessionStatus] {
        guard !meetings.isEmpty else { return [:] }
        let ids = meetings.map { $0.lowercasedText }
        let rows = try await self.database.query(
            """
            SELECT m.id AS meeting_id, f.id AS form_id, f.published_at, f.closed_at, f.closes_at,
                   (SELECT coalesce(sum(t.n), 0)::bigint FROM (
                        SELECT r.count AS n FROM result_tallies r JOIN forms v ON v.id = r.form_id
                        WHERE v.meeting_id = m.id AND v.published_at IS NOT NULL AND r.kind = 'responses'
                        UNION ALL
                        SELECT d.delta FROM result_tally_deltas d JOIN forms v ON v.id = d.form_id
                        WHERE v.meeting_id = m.id AND v.published_at IS NOT NULL AND d.kind = 'responses'
                   ) t) AS responses
            FROM meetings m
            LEFT JOIN LATERAL (
                SELECT id, published_at, closed_at, closes_at FROM forms WHERE meeting_id = m.id
                ORDER BY published_at IS NOT NULL DESC, version DESC LIMIT 1
            ) f ON true
            WHERE m.id = ANY(\(ids)::uuid[])
            """)
        var statuses: [UUID: SessionStatus] = [:]
        let now = Date()
        for row in rows {
            let state: FormState? =
                row.isNull("form_id")
                ? nil
                : StoredForm.state(
                    publishedAt: try row.decode("published_at"), closedAt: try row.decode("closed_at"),
                    closesAt: try row.decode("closes_at"), at: now)
            statuses[try row.decode("meeting_id")] = SessionStatus(formState: state, responses: try row.decode("responses", as: Int.self))
        }
        return statuses
    }
}
