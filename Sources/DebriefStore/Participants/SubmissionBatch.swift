import Debrief
import Foundation
import PQ

/// Several new responses in ONE statement: one round trip, one transaction, one WAL flush.
///
/// It is ``ResponseInsert`` for many submissions at once (see docs/decisions/0018): every
/// submission is a row of `unnest(…)`, its context is read and locked as ``SubmissionContext``
/// reads it, and only the rows whose context allows an insert are written. The statement returns
/// one row per submission with its context and whether it was inserted, so each submission keeps
/// its own outcome — a replay, a refusal, a closed or vanished form — and none of them fails the
/// others:
///
/// - the refusals and replays are rows the statement simply does not insert;
/// - a participant token answered meanwhile by another transaction (`responses_one_per_check_in`)
///   is skipped by `ON CONFLICT DO NOTHING`, and its answers and key record with it (they join
///   the rows `INSERT … RETURNING` produced);
/// - the batch never holds two submissions that could collide with each other (the same
///   `Idempotency-Key` on a form, the same participant token): ``SubmissionBatcher`` keeps the
///   second for the next batch, where it finds the first one's committed rows.
///
/// What remains is an idempotency key committed by another transaction between this statement's
/// snapshot and its advisory lock (a unique violation), a deadlock, or any row the database
/// refuses: the statement fails, nothing of it is stored, and its submissions are retried one by
/// one (``Outcome/retryAlone``), so the refusal reaches only the submission it concerns.
struct SubmissionBatch {
    /// One submission of the batch, with what will be stored if it is accepted.
    struct Item: Sendable {
        let submission: Submission
        let tokenHash: String?
        let accepted: AcceptedSubmission
    }

    /// What the statement did with one submission.
    enum Outcome: Sendable {
        /// Stored (committed when the statement returned).
        case inserted
        /// Not stored: the context it read, for ``SubmissionContext/decide(_:)``.
        case notInserted(SubmissionContext)
        /// The form is gone, unpublished or no longer the one the submission was validated against.
        case formGone
        /// Another submission of the batch made the statement fail (nothing of the batch was
        /// stored): this one must be written on its own.
        case retryAlone
    }

    let items: [Item]
    let notifier: ResultsNotifier

    /// Runs the statement (its own transaction) and returns one outcome per item, in order. A
    /// batch of one runs ``ResponseInsert``, the one-row statement, which is cheaper to execute.
    /// Both are prepared statements: their text never changes, only their values.
    func run(on database: Database) async throws -> [Outcome] {
        if self.items.count == 1, let item = self.items.first {
            let insert = ResponseInsert(submission: item.submission, tokenHash: item.tokenHash, notifier: self.notifier)
            guard let outcome = try await insert.run(item.accepted, on: database) else { return [.formGone] }
            return [outcome.inserted ? .inserted : .notInserted(outcome.context)]
        }
        let rows = try await database.preparedQuery(self.statement())
        var outcomes = [Outcome](repeating: .formGone, count: self.items.count)
        for row in rows {
            // `g.*`: every column SubmissionContext and FormGate read, whatever they become.
            let index: Int = try row.decode("ordinal")
            guard outcomes.indices.contains(index), !row.isNull("form_id") else { continue }
            outcomes[index] = try row.decode("inserted") ? .inserted : .notInserted(try SubmissionContext(row: row))
        }
        return outcomes
    }

    /// The submissions' inputs, as columns of `i`; and the columns of `i` the statement carries
    /// through the context to what it writes.
    static let inputs = SubmissionContext.Inputs(form: "i.form_id", code: "i.code", key: "i.key", tokenHash: "i.token_hash")
    static let carried: SQLQuery = """
        i.n, i.response_id, i.submitted_at, i.key, i.claim_hash, i.claim_accepted, i.token_hash, i.language,
        i.opened_at, i.opened_ticket, i.straight_lined, i.option_orders,
        """

    func statement() -> SQLQuery {
        let submissions = self.items.map(\.submission)
        let accepted: [String?] = self.items.map { item in
            item.submission.idempotency.map { _ in IdempotencyRecord.json(item.accepted) }
        }
        let answers = BatchAnswerRows(self.items.map(\.accepted.answers))
        return """
            WITH i AS (
                SELECT * FROM unnest(\(Array(self.items.indices))::int[], \(submissions.map(\.form.id))::uuid[],
                    \(submissions.map(\.form.code))::text[], \(self.items.map(\.accepted.responseID))::uuid[],
                    \(self.items.map(\.accepted.submittedAt))::timestamptz[], \(submissions.map { $0.idempotency?.key })::text[],
                    \(submissions.map { $0.idempotency?.requestHash })::text[], \(self.items.map(\.tokenHash))::text[],
                    \(accepted)::text[], \(submissions.map { $0.language?.rawValue })::text[],
                    \(submissions.map(\.signals.openedAt))::timestamptz[], \(submissions.map(\.signals.openedTicket))::text[],
                    \(submissions.map(\.signals.straightLined))::boolean[], \(submissions.map(\.signals.optionOrdersJSON))::text[])
                    AS i(n, form_id, code, response_id, submitted_at, key, claim_hash, token_hash, claim_accepted, language, opened_at,
                        opened_ticket, straight_lined, option_orders)
            ), g AS MATERIALIZED (
                \(SubmissionContext.select(Self.inputs, leading: Self.carried, from: "i"))
            ), w AS MATERIALIZED (
                SELECT g.*, \(ResponseSignals.ticketUsable("g.opened_ticket")) AS ticket_usable
                FROM g WHERE \(SubmissionContext.insertCondition)
            ), r AS (
                INSERT INTO responses (id, form_id, check_in_id, submitted_at, language, opened_at, opened_ticket, straight_lined, option_orders)
                SELECT w.response_id, w.form_id, w.check_in_id, w.submitted_at, w.language,
                    \(ResponseSignals.opened("w.opened_at", ticket: "w.opened_ticket", usable: "w.ticket_usable", submitted: "w.submitted_at")),
                    w.straight_lined, w.option_orders::jsonb
                FROM w ORDER BY w.form_id, w.check_in_id
                ON CONFLICT DO NOTHING
                RETURNING id
            ), a AS (
                INSERT INTO answers (response_id, form_id, \(AnswerRows.columns))
                SELECT w.response_id, w.form_id, u.question_key, u.position, u.option_id, u.other_text, u.rating, u.text_value,
                    u.statement_key, u.numeric_value
                FROM \(answers.unnest) JOIN w ON w.n = u.n JOIN r ON r.id = w.response_id
            ), k AS (
                \(IdempotencyRecord.insert(
                    form: "w.form_id", key: "w.key", requestHash: "w.claim_hash", response: "w.response_id", accepted: "w.claim_accepted",
                    replacedEarlier: "false", from: " FROM w JOIN r ON r.id = w.response_id WHERE w.key IS NOT NULL ORDER BY w.form_id, w.key"))
            )\(WebhookOutbox.responsesCreated(
                from: "SELECT w.response_id, w.form_id, w.meeting_id, w.submitted_at FROM w JOIN r ON r.id = w.response_id"))
            SELECT i.n AS ordinal, g.*, r.id IS NOT NULL AS inserted,
                CASE WHEN r.id IS NOT NULL THEN \(self.notifier.inStatement(meeting: "g.meeting_id")) END AS notified
            FROM i LEFT JOIN g ON g.n = i.n LEFT JOIN r ON r.id = g.response_id
            """
    }
}

/// The answers of every submission of a batch as column arrays, each row tagged with its
/// submission's position `n` in the batch (see ``AnswerRows``).
struct BatchAnswerRows {
    var ordinals: [Int] = []
    var rows = AnswerRows([])

    init(_ answersPerSubmission: [[Answer]]) {
        for (ordinal, answers) in answersPerSubmission.enumerated() {
            let one = AnswerRows(answers)
            self.ordinals.append(contentsOf: repeatElement(ordinal, count: one.questionKeys.count))
            self.rows.append(contentsOf: one)
        }
    }

    /// `unnest(…) AS u(n, question_key, position, option_id, other_text, rating, text_value, statement_key, numeric_value)`.
    var unnest: SQLQuery {
        "unnest(\(self.ordinals)::int[], \(self.rows.unnestArguments)) AS u(n, \(AnswerRows.columns))"
    }
}
