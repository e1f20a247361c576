import Debrief
import Foundation
import PQ

/// A new response in ONE statement: one round trip, and its own transaction.
///
/// The statement reads the ``SubmissionContext`` (taking its locks), and only when that allows an
/// insert writes the response, all its answers, the idempotency record, its webhook deliveries
/// (``WebhookOutbox``, only for hosts with endpoints), and
/// (in ``ResultsNotifier/Mode/inTransaction`` mode) notifies. A single statement is atomic, and
/// the row lock and advisory lock it takes are held until it commits, exactly as in a
/// BEGIN … COMMIT block — without the two extra round trips, which on this path cost more than
/// the inserts themselves.
///
/// What is accepted is decided before the statement runs (so it can be stored with the response
/// under its idempotency key), which is why the response id and `submitted_at` are chosen by the
/// application: `submitted_at` is the application's clock. Whether the form is open is still judged by the database clock.
struct ResponseInsert {
    let submission: Submission
    let tokenHash: String?
    let notifier: ResultsNotifier

    /// The context the statement read, and whether it inserted; nil when the form is gone.
    func run(
        _ accepted: AcceptedSubmission, on database: Database
    ) async throws -> (context: SubmissionContext, inserted: Bool)? {
        try Self.decode(try await database.preparedQuery(self.statement(accepted)))
    }

    /// As the other `run`, inside a transaction of the caller's (a submission through a
    /// personal link, which sets its flag in the same transaction).
    func run(
        _ accepted: AcceptedSubmission, on connection: Connection
    ) async throws -> (context: SubmissionContext, inserted: Bool)? {
        try Self.decode(try await connection.preparedQuery(self.statement(accepted)))
    }

    private static func decode(_ rows: QueryResult) throws -> (context: SubmissionContext, inserted: Bool)? {
        guard let row = rows.first else { return nil }
        return (try SubmissionContext(row: row), try row.decode("inserted"))
    }

    private func statement(_ accepted: AcceptedSubmission) -> SQLQuery {
        let id = accepted.responseID
        let answers = AnswerRows(accepted.answers)
        let signals = self.submission.signals
        let webhooks = WebhookOutbox.responsesCreated(
            from: "SELECT \(id)::uuid AS response_id, w.form_id, \(self.submission.form.meetingID)::uuid AS meeting_id, "
                + "\(accepted.submittedAt)::timestamptz AS submitted_at FROM w")
        let submitted: SQLQuery = "\(accepted.submittedAt)::timestamptz"
        // Prepared: the text depends only on whether a key and a token came, and on the notifier.
        return """
            WITH g AS MATERIALIZED (
                \(SubmissionContext.select(.values(self.submission, tokenHash: self.tokenHash)))
            ), w AS MATERIALIZED (
                SELECT g.form_id, g.check_in_id, \(ResponseSignals.ticketUsable("\(signals.openedTicket)::text")) AS ticket_usable
                FROM g WHERE \(SubmissionContext.insertCondition)
            ), r AS (
                INSERT INTO responses (id, form_id, check_in_id, submitted_at, language, opened_at, opened_ticket, straight_lined, option_orders)
                SELECT \(id)::uuid, w.form_id, w.check_in_id, \(submitted), \(self.submission.language?.rawValue)::text,
                    \(ResponseSignals.opened(
                        "\(signals.openedAt)::timestamptz", ticket: "\(signals.openedTicket)::text", usable: "w.ticket_usable", submitted: submitted)),
                    \(signals.straightLined), \(signals.optionOrdersJSON)::jsonb
                FROM w
            ), a AS (
                \(answers.insert(response: "\(id)::uuid", form: "w.form_id", from: "w"))
            )\(IdempotencyRecord.cte(self.submission, accepted, form: "w.form_id", from: "w"))\(webhooks)
            SELECT g.*, w.form_id IS NOT NULL AS inserted,
                CASE WHEN w.form_id IS NOT NULL THEN \(self.notifier.inStatement(meeting: "\(self.submission.form.meetingID)::uuid")) END AS notified
            FROM g LEFT JOIN w ON true
            """
    }
}
