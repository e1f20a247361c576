import Debrief
import Foundation
import PQ

/// Everything a submission must know before it writes, read by ONE query that also takes the
/// locks: the form row `FOR SHARE` (see ``FormGate``) and, under an `Idempotency-Key`,
/// `pg_try_advisory_xact_lock(hashtextextended(form_id::text || key, 0))`.
struct SubmissionContext: Sendable {
    var gate: FormGate
    /// False when another transaction holds the key's advisory lock: that request is in flight.
    var keyLocked: Bool
    /// What was accepted under the key, if a request with it was already accepted.
    var storedHash: String?
    var storedAcceptance: AcceptedSubmission?
    /// The check-in the participant token belongs to (on this form), if any: for a repeat merged
    /// into an earlier check-in (SQL/0007), that earlier one, so one person answers once.
    var checkInID: UUID?
    /// The participant's earlier response to this form, if any.
    var earlierID: UUID?

    /// What the submission may do.
    enum Decision: Equatable {
        case insert
        case replay(AcceptedSubmission)
        case replace(UUID)
    }

    /// The query; its row decodes with ``init(row:)``. Without a key or a token the joins they
    /// need are left out, which halves the planning time of the hot path.
    static func select(_ submission: Submission, tokenHash: String?) -> SQLQuery {
        var columns: SQLQuery = "f.id AS form_id, \(FormGate.columns)"
        var joins: SQLQuery = ""
        if let key = submission.idempotency?.key {
            columns = columns + """
                , pg_try_advisory_xact_lock(hashtextextended(f.id::text || \(key)::text, 0)) AS key_locked,
                k.request_hash, k.accepted, k.replaced_earlier
                """
            joins = joins + " LEFT JOIN idempotency_keys k ON k.form_id = f.id AND k.key = \(key)::text"
        } else {
            columns = columns + ", true AS key_locked, NULL::text AS request_hash, NULL::text AS accepted, NULL::boolean AS replaced_earlier"
        }
        if let tokenHash {
            columns = columns + ", c.id AS check_in_id, r.id AS earlier_id"
            joins = joins + """
                 LEFT JOIN check_ins t ON t.token_hash = \(tokenHash)::text AND t.meeting_id = f.meeting_id
                 LEFT JOIN check_ins c ON c.id = CASE WHEN t.duplicate_status = 'merged' THEN t.duplicate_of ELSE t.id END
                 LEFT JOIN responses r ON r.form_id = f.id AND r.check_in_id = c.id
                """
        } else {
            columns = columns + ", NULL::uuid AS check_in_id, NULL::uuid AS earlier_id"
        }
        return """
            SELECT \(columns) FROM forms f\(joins)
            WHERE f.id = \(submission.form.id) AND f.code = \(submission.form.code) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
            FOR SHARE OF f
            """
    }

    /// The SQL condition under which ``decide(_:tokenGiven:)`` answers `.insert`, over the
    /// columns of ``select(_:tokenHash:)`` (for the single-statement insert).
    static func insertCondition(tokenGiven: Bool) -> SQLQuery {
        let condition: SQLQuery = "g.gate_open AND g.key_locked AND g.request_hash IS NULL AND g.earlier_id IS NULL"
        return tokenGiven ? condition + " AND g.check_in_id IS NOT NULL" : condition
    }

    init(row: Row) throws {
        let hash: String? = try row.decode("request_hash")
        self.gate = try FormGate(row: row)
        self.keyLocked = try row.decode("key_locked")
        self.storedHash = hash
        self.storedAcceptance = try hash.map { _ in
            var accepted = try JSONCoding.decoder.decode(AcceptedSubmission.self, from: Data(try row.decode("accepted", as: String.self).utf8))
            accepted.replacedEarlier = try row.decode("replaced_earlier")
            return accepted
        }
        self.checkInID = try row.decode("check_in_id")
        self.earlierID = try row.decode("earlier_id")
    }

    /// Reads the context inside a transaction; nil when the form no longer exists.
    static func read(_ submission: Submission, tokenHash: String?, on connection: Connection) async throws -> SubmissionContext? {
        try await connection.query(Self.select(submission, tokenHash: tokenHash)).first.map(SubmissionContext.init(row:))
    }

    /// Replay, insert or replace; or throws: 409 while the key is in flight or when the
    /// participant already answered a form without editing, 422 for the key reused with another
    /// body or an unknown token, 410 when the form is closed.
    func decide(_ submission: Submission, tokenGiven: Bool) throws -> Decision {
        if let claim = submission.idempotency {
            guard self.keyLocked else {
                throw DebriefError(.conflict, "a request with this Idempotency-Key is still in progress; retry later", field: "Idempotency-Key")
            }
            if let stored = self.storedAcceptance {
                guard let storedHash = self.storedHash, ConstantTime.equals(storedHash, claim.requestHash) else {
                    throw ValidationFailure(FieldProblem(path: "Idempotency-Key", message: "was already used with a different request body"))
                }
                return .replay(stored)
            }
        }
        try self.gate.requireOpen()
        if tokenGiven, self.checkInID == nil {
            throw ValidationFailure(FieldProblem(path: "participantToken", message: "is not a check-in on this form"))
        }
        guard let earlierID = self.earlierID else { return .insert }
        guard submission.form.definition.allowsEditing else {
            throw DebriefError(.conflict, "this participant already answered this form", field: "participantToken")
        }
        return .replace(earlierID)
    }
}
