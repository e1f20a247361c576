import Debrief
import Foundation
import PQ

/// Replaces a participant's earlier answers (forms that allow editing), inside the transaction
/// that read the ``SubmissionContext``, keeping the response's id and first `submitted_at`. An
/// earlier response to another version of the meeting's form becomes this version's: one
/// participant has one response per meeting.
struct ResponseWriter {
    let submission: Submission
    let notifier: ResultsNotifier
    let connection: Connection

    /// Updating the response row first takes its row lock, so a concurrent edit of the same
    /// response waits, and the delete that follows (a new statement, a new snapshot) also sees
    /// the answers that edit wrote. A response deleted meanwhile updates no row and the edit fails
    /// whole: no foreign key checks an answer's response (docs/decisions/0080), this lock is what
    /// keeps its answers from outliving it. `now` is the application's clock, like `submitted_at`.
    func replace(_ responseID: UUID, at now: Date) async throws -> AcceptedSubmission {
        try await self.moveToSubmittedVersion(responseID)
        let row = try await self.connection.query(
            """
            UPDATE responses AS r SET changed_at = greatest(\(now)::timestamptz, r.submitted_at),
                straight_lined = \(self.submission.signals.straightLined),
                option_orders = coalesce(\(self.submission.signals.optionOrdersJSON)::jsonb, r.option_orders)
            WHERE r.id = \(responseID) RETURNING r.submitted_at, r.changed_at
            """
        ).single()
        let accepted = AcceptedSubmission(
            responseID: responseID, submittedAt: try row.decode("submitted_at"), changedAt: try row.decode("changed_at"),
            answers: self.submission.answers, replacedEarlier: true)
        let form = self.submission.form
        try await self.connection.execute("DELETE FROM answers WHERE response_id = \(responseID)")
        try await self.connection.execute(
            """
            WITH a AS (
                \(AnswerRows(self.submission.answers).insert(response: "\(responseID)::uuid", form: "\(form.id)::uuid"))
            )\(IdempotencyRecord.cte(self.submission, accepted, form: "\(form.id)::uuid"))
            SELECT \(self.notifier.inStatement(meeting: "\(form.meetingID)::uuid")) AS notified
            """)
        return accepted
    }

    /// Moves the response to the version this submission answers, when it answered another one:
    /// deleted there and inserted here with its id, participant, first `submitted_at`, language
    /// and opened ticket, so the tally triggers (per form) take exactly that response from the
    /// old version and give it to this one; the edit then replaces its answers as usual. Times
    /// travel as text, so they come back to the microsecond. Two statements: a row deleted and
    /// inserted again under its key in one statement would depend on the order of its parts.
    private func moveToSubmittedVersion(_ responseID: UUID) async throws {
        let form = self.submission.form
        let moved = try await self.connection.query(
            """
            DELETE FROM responses WHERE id = \(responseID) AND form_id <> \(form.id)
            RETURNING check_in_id, submitted_at::text AS submitted_at, language, opened_at::text AS opened_at, opened_ticket,
                straight_lined, option_orders::text AS option_orders
            """)
        guard let old = moved.first else { return }
        let checkIn: UUID? = try old.decode("check_in_id")
        let submittedAt: String = try old.decode("submitted_at")
        let language: String? = try old.decode("language")
        let openedAt: String? = try old.decode("opened_at")
        let ticket: String? = try old.decode("opened_ticket")
        let straightLined: Bool = try old.decode("straight_lined")
        let orders: String? = try old.decode("option_orders")
        try await self.connection.execute(
            """
            INSERT INTO responses (id, form_id, check_in_id, submitted_at, language, opened_at, opened_ticket, straight_lined, option_orders)
            VALUES (\(responseID), \(form.id), \(checkIn)::uuid, \(submittedAt)::timestamptz, \(language)::text, \(openedAt)::timestamptz,
                \(ticket)::text, \(straightLined), \(orders)::jsonb)
            """)
    }
}
