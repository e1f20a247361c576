import Debrief
import Foundation
import PQ

/// Which form carries an action's "did this help?" question (docs/decisions/0078-did-this-help.md):
/// the form of the session that reviews the action (the next of its series by start). The one
/// maker of "the series' form for this session" (``definition(_:for:endingAt:on:)``, called by
/// every writer of a session's form from the series) and the one re-sync when a flag changes
/// (``sync(action:title:asks:of:refuseWhenAnswered:on:)``), both inside their callers' transactions.
enum HelpQuestions {
    /// The series' form as session `meetingID` gets it: closing by the rule after its end, with a
    /// question for each flagged action of the session it reviews.
    static func definition(_ form: SeriesForm, for meetingID: UUID, endingAt end: Date, on connection: Connection) async throws -> FormDefinition {
        let base = form.definition(forSessionEnding: end)
        let asked = try await Self.flagged(reviewedBy: meetingID, on: connection)
        return asked.isEmpty ? base : HelpQuestion.adding(asked, to: base)
    }

    /// The actions of the session `meetingID` reviews (the latest of its series that starts before
    /// it, the session before it in ``SessionOrder``) that ask "did this help?".
    static func flagged(reviewedBy meetingID: UUID, on connection: Connection) async throws -> [(id: UUID, title: String)] {
        try await connection.query(
            """
            SELECT a.id, a.title FROM meetings r
            JOIN LATERAL (\(SessionOrder.previous(series: "r.series_id", before: "r.starts_at", number: "r.session_number"))) p ON true
            JOIN action_items a ON a.meeting_id = p.id AND a.asks_if_helped
            WHERE r.id = \(meetingID)
            ORDER BY a.created_at, a.id
            """
        ).map { (id: try $0.decode("id", as: UUID.self), title: try $0.decode("title", as: String.self)) }
    }

    /// The session that reviews `meeting`'s actions: the earliest of its series that starts after
    /// it, not in the trash; nil when there is none yet.
    static func reviewSession(of meeting: Meeting, on connection: Connection) async throws -> UUID? {
        try await connection.query(SessionOrder.next(series: "\(meeting.seriesID)", after: "\(meeting.startsAt)", number: "\(meeting.sessionNumber)"))
            .first?.decode("id", as: UUID.self)
    }

    /// Brings the review session's current form in line with the action: its question present
    /// (worded with `title`) when `asks`, absent otherwise. Answers are never deleted: an answered
    /// question stays, and clearing the flag then is a conflict naming `asksIfHelped` when
    /// `refuseWhenAnswered` (a deleted action leaves it quietly). A published form that has
    /// responses gets no new question (those who answered never saw it): a conflict. With no
    /// review session or no form yet, nothing: the question comes with the form
    /// (``definition(_:for:endingAt:on:)``).
    static func sync(
        action actionID: UUID, title: String, asks: Bool, of meeting: Meeting, refuseWhenAnswered: Bool, on connection: Connection
    ) async throws {
        guard let review = try await Self.reviewSession(of: meeting, on: connection),
              let form = try await FormStore.latest(review, on: connection)
        else { return }
        let key = HelpQuestion.key(for: actionID)
        let present = form.definition.question(for: key) != nil
        let answered = try await connection.query(
            """
            SELECT 1 AS one FROM answers a JOIN forms f ON f.id = a.form_id
            WHERE f.meeting_id = \(review) AND a.question_key = \(key.rawValue) LIMIT 1
            """
        ).first != nil
        if answered {
            guard asks || !refuseWhenAnswered else {
                throw DebriefError(
                    .conflict, "participants have answered its \"did this help?\" question; answers are never deleted",
                    field: "asksIfHelped")
            }
            return
        }
        let definition: FormDefinition
        if asks {
            if form.publishedAt != nil {
                let hasResponses = try await connection.query("SELECT 1 AS one FROM responses WHERE form_id = \(form.id) LIMIT 1").first != nil
                if hasResponses && present { return }
                guard !hasResponses else {
                    throw DebriefError(
                        .conflict,
                        "the next session's published form already has responses: those participants never saw the question",
                        field: "asksIfHelped")
                }
            }
            definition = HelpQuestion.adding([(id: actionID, title: title)], to: form.definition)
        } else {
            guard present else { return }
            definition = HelpQuestion.removing(key, from: form.definition)
        }
        guard definition != form.definition else { return }
        // `updated_at` moves, so a cached copy of a published form is told from the stored one.
        try await connection.execute(
            "UPDATE forms SET definition = \(SQLJSON(definition))::jsonb, updated_at = clock_timestamp() WHERE id = \(form.id)")
    }
}
