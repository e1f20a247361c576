import Debrief
import PQ

/// The row that remembers an accepted submission under its `Idempotency-Key`: the claim (key and
/// request hash) and what was accepted, encoded with ``JSONCoding`` (see SQL/0006).
struct IdempotencyRecord {
    let claim: IdempotencyClaim
    let accepted: AcceptedSubmission

    /// `, k AS (INSERT …)`, to follow the other CTEs of a writing statement, when `submission`
    /// carried a key; empty otherwise.
    static func cte(_ submission: Submission, _ accepted: AcceptedSubmission, form: SQLQuery, from source: SQLQuery? = nil) throws -> SQLQuery {
        guard let claim = submission.idempotency else { return "" }
        return ", k AS (" + (try IdempotencyRecord(claim: claim, accepted: accepted).insert(form: form, from: source)) + ")"
    }

    /// `INSERT INTO idempotency_keys … SELECT …` for the form id expression `form` (e.g. `w.form_id`),
    /// reading from `source` when given (a CTE that is empty when nothing was inserted).
    func insert(form: SQLQuery, from source: SQLQuery? = nil) throws -> SQLQuery {
        let from = source.map { " FROM " + $0 } ?? ""
        return """
            INSERT INTO idempotency_keys (form_id, key, request_hash, response_id, accepted, replaced_earlier)
            SELECT \(form), \(self.claim.key)::text, \(self.claim.requestHash)::text, \(self.accepted.responseID)::uuid,
                \(try JSONCoding.string(self.accepted))::text, \(self.accepted.replacedEarlier)\(from)
            """
    }
}
