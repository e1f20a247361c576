import Debrief
import Foundation
import PQ

/// Replaces a participant's earlier answers (forms that allow editing), inside the transaction
/// that read the ``SubmissionContext``, keeping the response's id and first `submitted_at`.
struct ResponseWriter {
    let submission: Submission
    let notifier: ResultsNotifier
    let connection: Connection

    /// Updating the response row first takes its row lock, so a concurrent edit of the same
    /// response waits, and the delete that follows (a new statement, a new snapshot) also sees
    /// the answers that edit wrote. `now` is the application's clock, like `submitted_at`.
    func replace(_ responseID: UUID, at now: Date) async throws -> AcceptedSubmission {
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
            )\(try IdempotencyRecord.cte(self.submission, accepted, form: "\(form.id)::uuid"))
            SELECT \(self.notifier.inStatement(meeting: "\(form.meetingID)::uuid")) AS notified
            """)
        return accepted
    }
}
