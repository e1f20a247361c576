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
    func replace(_ responseID: UUID, at now: Date, render: ResponseStore.Render) async throws -> SubmissionReply {
        let row = try AccountStore.single(
            try await self.connection.query(
                """
                UPDATE responses AS r SET changed_at = greatest(\(now)::timestamptz, r.submitted_at)
                WHERE r.id = \(responseID) RETURNING r.submitted_at, r.changed_at
                """))
        let accepted = AcceptedSubmission(
            responseId: responseID, submittedAt: try row.decode("submitted_at"), changedAt: try row.decode("changed_at"),
            answers: self.submission.answers, replacedEarlier: true)
        let reply = try render(accepted)
        let form = self.submission.form
        let claim = self.submission.idempotency
        try await self.connection.execute("DELETE FROM answers WHERE response_id = \(responseID)")
        try await self.connection.execute(
            """
            WITH a AS (
                \(AnswerRows(self.submission.answers).insert(response: "\(responseID)::uuid", form: "\(form.id)::uuid"))
            ), k AS (
                INSERT INTO idempotency_keys (form_id, key, request_hash, response_id, status_code, response_body)
                SELECT \(form.id)::uuid, \(claim?.key)::text, \(claim?.requestHash)::text, \(responseID)::uuid,
                    \(reply.statusCode)::smallint, \(reply.body)::text
                WHERE \(claim?.key)::text IS NOT NULL
            )
            SELECT \(self.notifier.inStatement(meeting: "\(form.meetingId)::uuid")) AS notified
            """)
        return reply
    }
}
