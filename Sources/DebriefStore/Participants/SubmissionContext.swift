import Debrief
import Foundation
import PQ

/// Everything the submit transaction must know before it writes, read in ONE statement that also
/// takes the locks: the form row `FOR SHARE` (see ``FormGate``) and, under an `Idempotency-Key`,
/// `pg_try_advisory_xact_lock(hashtextextended(form_id::text || key, 0))`.
struct SubmissionContext: Sendable {
    var gate: FormGate
    /// False when another transaction holds the key's advisory lock: that request is in flight.
    var keyLocked: Bool
    /// The reply stored under the key, if a request with it was already accepted.
    var storedHash: String?
    var storedReply: SubmissionReply?
    /// The check-in the participant token belongs to (on this form), if any.
    var checkInID: UUID?
    /// The participant's earlier response to this form, if any.
    var earlierID: UUID?

    /// Nil when the form no longer exists (its meeting was deleted).
    static func read(_ submission: Submission, tokenHash: String?, on connection: Connection) async throws -> SubmissionContext? {
        let key = submission.idempotency?.key
        let rows = try await connection.query(
            """
            SELECT \(FormGate.columns),
                CASE WHEN \(key)::text IS NULL THEN true
                     ELSE pg_try_advisory_xact_lock(hashtextextended(f.id::text || \(key)::text, 0)) END AS key_locked,
                k.request_hash, k.status_code, k.response_body, c.id AS check_in_id, r.id AS earlier_id
            FROM forms f
            LEFT JOIN idempotency_keys k ON k.form_id = f.id AND k.key = \(key)::text
            LEFT JOIN check_ins c ON c.token_hash = \(tokenHash)::text AND c.form_id = f.id
            LEFT JOIN responses r ON r.form_id = f.id AND r.check_in_id = c.id
            WHERE f.id = \(submission.form.id) AND f.published_at IS NOT NULL
            FOR SHARE OF f
            """)
        guard let row = rows.first else { return nil }
        let hash: String? = try row.decode("request_hash")
        var reply: SubmissionReply?
        if hash != nil {
            reply = SubmissionReply(
                statusCode: try row.decode("status_code"), body: try row.decode("response_body"), replayed: true)
        }
        return SubmissionContext(
            gate: try FormGate(row: row), keyLocked: try row.decode("key_locked"), storedHash: hash, storedReply: reply,
            checkInID: try row.decode("check_in_id"), earlierID: try row.decode("earlier_id"))
    }
}
