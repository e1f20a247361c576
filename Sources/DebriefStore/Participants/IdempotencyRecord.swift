import Debrief
import PQ

/// The row that remembers an accepted submission under its `Idempotency-Key`: the claim (key and
/// request hash) and what was accepted, as the JSON of its reply (see SQL/0006).
struct IdempotencyRecord {
    let claim: IdempotencyClaim
    let accepted: AcceptedSubmission

    /// `, k AS (INSERT …)`, to follow the other CTEs of a writing statement, when `submission`
    /// carried a key; empty otherwise.
    static func cte(_ submission: Submission, _ accepted: AcceptedSubmission, form: SQLQuery, from source: SQLQuery? = nil) -> SQLQuery {
        guard let claim = submission.idempotency else { return "" }
        return ", k AS (" + IdempotencyRecord(claim: claim, accepted: accepted).insert(form: form, from: source) + ")"
    }

    /// The `accepted` column: the JSON `JSONCoding` writes for `accepted`, written in one pass by
    /// ``AcceptedSubmissionJSON`` (the same bytes), so a replay answers exactly as the first reply.
    static func json(_ accepted: AcceptedSubmission) -> String {
        AcceptedSubmissionJSON.string(accepted)
    }

    /// `INSERT INTO idempotency_keys … SELECT …` for the form id expression `form` (e.g. `w.form_id`),
    /// reading from `source` when given (a CTE that is empty when nothing was inserted).
    func insert(form: SQLQuery, from source: SQLQuery? = nil) -> SQLQuery {
        let accepted = Self.json(self.accepted)
        return Self.insert(
            form: form, key: "\(self.claim.key)::text", requestHash: "\(self.claim.requestHash)::text",
            response: "\(self.accepted.responseID)::uuid", accepted: "\(accepted)::text",
            replacedEarlier: "\(self.accepted.replacedEarlier)", from: source.map { " FROM " + $0 } ?? "")
    }

    /// The one statement that claims a key, over SQL expressions (bound values, or a batch's
    /// columns); `tail` follows the `SELECT` list (`FROM …`, `WHERE …`). The record is the key's
    /// tombstone too: it stays when the host removes the response (SQL/0038).
    static func insert(
        form: SQLQuery, key: SQLQuery, requestHash: SQLQuery, response: SQLQuery, accepted: SQLQuery, replacedEarlier: SQLQuery,
        from tail: SQLQuery
    ) -> SQLQuery {
        """
        INSERT INTO idempotency_keys (form_id, key, request_hash, response_id, accepted, replaced_earlier)
        SELECT \(form), \(key), \(requestHash), \(response), \(accepted), \(replacedEarlier)\(tail)
        """
    }
}
