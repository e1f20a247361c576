import Debrief
import Foundation
import PQ

/// The writes of one submit transaction, after ``SubmissionContext`` allowed them.
struct ResponseWriter {
    let submission: Submission
    let connection: Connection

    /// A new response: the response row, all its answers, the idempotency record and the
    /// `NOTIFY`, in ONE statement. The id is made here so the reply (which names it) can be
    /// rendered, and stored with the response, before anything is written.
    func insert(checkIn: UUID?, at now: Date, render: ResponseStore.Render) async throws -> SubmissionReply {
        let id = UUID()
        let accepted = AcceptedSubmission(
            responseId: id, submittedAt: now, changedAt: nil, answers: self.submission.answers, replacedEarlier: false)
        let reply = try render(accepted)
        let form = self.submission.form
        // `submitted_at` takes its default, now(): the transaction time `now` came from.
        try await self.connection.execute(
            """
            WITH r AS (
                INSERT INTO responses (id, form_id, check_in_id) VALUES (\(id), \(form.id), \(checkIn))
            ), a AS (
                \(AnswerRows(self.submission.answers).insert(response: "\(id)::uuid", form: "\(form.id)::uuid"))
            ), k AS (
                \(self.idempotencyInsert(response: id, reply: reply))
            )
            SELECT pg_notify(\(ParticipantEvents.channel), \(form.meetingId.uuidString.lowercased()))
            """)
        return reply
    }

    /// Replaces an earlier response's answers (forms that allow editing), keeping its id and
    /// first `submitted_at`. Updating the response row first takes its row lock, so a concurrent
    /// edit of the same response waits, and the delete that follows (a new statement, a new
    /// snapshot) also sees the answers that edit wrote.
    func replace(_ responseID: UUID, render: ResponseStore.Render) async throws -> SubmissionReply {
        let row = try AccountStore.single(
            try await self.connection.query(
                "UPDATE responses AS r SET changed_at = now() WHERE r.id = \(responseID) RETURNING r.submitted_at, r.changed_at"))
        let accepted = AcceptedSubmission(
            responseId: responseID, submittedAt: try row.decode("submitted_at"), changedAt: try row.decode("changed_at"),
            answers: self.submission.answers, replacedEarlier: true)
        let reply = try render(accepted)
        let form = self.submission.form
        try await self.connection.execute("DELETE FROM answers WHERE response_id = \(responseID)")
        try await self.connection.execute(
            """
            WITH a AS (
                \(AnswerRows(self.submission.answers).insert(response: "\(responseID)::uuid", form: "\(form.id)::uuid"))
            ), k AS (
                \(self.idempotencyInsert(response: responseID, reply: reply))
            )
            SELECT pg_notify(\(ParticipantEvents.channel), \(form.meetingId.uuidString.lowercased()))
            """)
        return reply
    }

    /// Inserts the idempotency record, or nothing when the request carried no key.
    private func idempotencyInsert(response id: UUID, reply: SubmissionReply) -> SQLQuery {
        guard let claim = self.submission.idempotency else {
            return "SELECT 1"
        }
        return """
            INSERT INTO idempotency_keys (form_id, key, request_hash, response_id, status_code, response_body)
            VALUES (\(self.submission.form.id), \(claim.key), \(claim.requestHash), \(id), \(reply.statusCode), \(reply.body))
            """
    }
}
