import Debrief
import Foundation
import PQ

/// The one owner of what a submission may do before it writes — insert, replay what its
/// `Idempotency-Key` stored, replace the participant's earlier answers, or be refused
/// (``SubmissionRefusal``) — in Swift (``decide(_:)``) and in SQL (``select(_:leading:from:)``,
/// ``insertCondition``, ``keyLock(form:key:)``). The one-row insert (``ResponseInsert``), the
/// group commit (``SubmissionBatch``), the edit (``ResponseStore``) and the page's wait for its
/// twin all build their statements from here, so the rule is written once.
///
/// Its query reads everything the decision needs and takes the locks: the form row `FOR SHARE`
/// (see ``FormGate``) and, under a key, the key's advisory lock.
struct SubmissionContext: Sendable {
    var gate: FormGate
    /// False when another transaction holds the key's advisory lock: that request is in flight.
    var keyLocked: Bool
    /// What was accepted under the key, if a request with it was already accepted. The record
    /// outlives the response (SQL/0038): a response the host removed is replayed, never stored again.
    var storedHash: String?
    var storedAcceptance: AcceptedSubmission?
    /// Whether the submission carried a participant token.
    var tokenGiven: Bool
    /// The check-in the participant token belongs to (in the form's meeting), if any: for a repeat
    /// merged into an earlier check-in (SQL/0007), that earlier one, so one person answers once.
    var checkInID: UUID?
    /// The participant's earlier response to the meeting's form, whichever version it answered.
    var earlierID: UUID?

    /// What the submission may do.
    enum Decision: Equatable {
        case insert
        case replay(AcceptedSubmission)
        case replace(UUID)
    }

    /// Where a statement finds one submission's inputs: bound values (one submission) or the
    /// columns of a row of `unnest` (a batch). `key` and `tokenHash` are nil when no submission of
    /// the statement has one: their joins are then left out, which halves the planning time of
    /// the hot path.
    struct Inputs {
        var form: SQLQuery
        var code: SQLQuery
        var key: SQLQuery?
        var tokenHash: SQLQuery?
        /// The response a receipt names (``Submission/revising``); only ever a bound value: such a
        /// submission is never part of a batch.
        var revising: SQLQuery? = nil

        /// The inputs of `submission`, as bound values.
        static func values(_ submission: Submission, tokenHash: String?) -> Inputs {
            Inputs(
                form: "\(submission.form.id)::uuid", code: "\(submission.form.code)::text",
                key: submission.idempotency.map { claim -> SQLQuery in "\(claim.key)::text" },
                tokenHash: tokenHash.map { hash -> SQLQuery in "\(hash)::text" },
                revising: submission.revising.map { id -> SQLQuery in "\(id)::uuid" })
        }
    }

    /// The advisory lock key of `key` on `form` (SQL expressions): a submission tries it, a
    /// page's twin waits on it. One expression, so both always name the same lock.
    static func keyLock(form: SQLQuery, key: SQLQuery) -> SQLQuery {
        "hashtextextended(\(form)::text || \(key)::text, 0)"
    }

    /// The query; its row decodes with ``init(row:)``. `leading` columns come first (a batch's
    /// own); `from` is a relation the inputs are columns of (a batch's `unnest`), joined to the form.
    static func select(_ inputs: Inputs, leading: SQLQuery = "", from: SQLQuery? = nil) -> SQLQuery {
        var columns: SQLQuery = leading + "f.id AS form_id, f.meeting_id, \(FormGate.columns)"
        var joins: SQLQuery = ""
        if let key = inputs.key {
            columns = columns + """
                , CASE WHEN \(key) IS NULL THEN true ELSE pg_try_advisory_xact_lock(\(Self.keyLock(form: "f.id", key: key))) END AS key_locked,
                k.request_hash, k.accepted, k.replaced_earlier
                """
            joins = joins + " LEFT JOIN idempotency_keys k ON k.form_id = f.id AND k.key = \(key)"
        } else {
            columns = columns + ", true AS key_locked, NULL::text AS request_hash, NULL::text AS accepted, NULL::boolean AS replaced_earlier"
        }
        if let tokenHash = inputs.tokenHash {
            // The earlier response is the check-in's on any version: a check-in belongs to the
            // meeting, and one participant answers its form once (SQL/0038).
            columns = columns + ", \(tokenHash) IS NOT NULL AS token_given, c.id AS check_in_id, r.id AS earlier_id"
            joins = joins + """
                 LEFT JOIN check_ins t ON t.token_hash = \(tokenHash) AND t.meeting_id = f.meeting_id
                 LEFT JOIN check_ins c ON c.id = CASE WHEN t.duplicate_status = 'merged' THEN t.duplicate_of ELSE t.id END
                 LEFT JOIN responses r ON r.check_in_id = c.id
                """
        } else if let revising = inputs.revising {
            // A receipt's response: a token-less one to the meeting's form, on any version (an
            // edit moves it to the version it answers, as a check-in's).
            columns = columns + ", false AS token_given, NULL::uuid AS check_in_id, r.id AS earlier_id"
            joins = joins + """
                 LEFT JOIN responses r ON r.id = \(revising) AND r.check_in_id IS NULL
                    AND r.form_id IN (SELECT v.id FROM forms v WHERE v.meeting_id = f.meeting_id)
                """
        } else {
            columns = columns + ", false AS token_given, NULL::uuid AS check_in_id, NULL::uuid AS earlier_id"
        }
        let form: SQLQuery = """
            f.id = \(inputs.form) AND f.code = \(inputs.code) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL
            """
        guard let from else {
            return "SELECT \(columns) FROM forms f\(joins) WHERE \(form) FOR SHARE OF f"
        }
        return "SELECT \(columns) FROM \(from) JOIN forms f ON \(form)\(joins) FOR SHARE OF f"
    }

    /// The SQL condition under which ``decide(_:)`` answers `.insert`, over the columns of
    /// ``select(_:leading:from:)`` as `g` (for the statements that insert in one go).
    static let insertCondition: SQLQuery = """
        g.gate_open AND g.key_locked AND g.request_hash IS NULL AND g.earlier_id IS NULL AND (NOT g.token_given OR g.check_in_id IS NOT NULL)
        """

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
        self.tokenGiven = try row.decode("token_given")
        self.checkInID = try row.decode("check_in_id")
        self.earlierID = try row.decode("earlier_id")
    }

    /// Reads the context inside a transaction; nil when the form no longer exists.
    static func read(_ submission: Submission, tokenHash: String?, on connection: Connection) async throws -> SubmissionContext? {
        try await connection.query(Self.select(.values(submission, tokenHash: tokenHash))).first.map(SubmissionContext.init(row:))
    }

    /// Replay, insert or replace; or throws a ``SubmissionRefusal`` (the key in flight or reused
    /// with another body, an unknown participant token, a participant who already answered a form
    /// without editing), or the gate's `gone`/`conflict` when the form does not take answers.
    func decide(_ submission: Submission) throws -> Decision {
        if let claim = submission.idempotency {
            guard self.keyLocked else { throw SubmissionRefusal.keyInFlight }
            if let stored = self.storedAcceptance {
                guard let storedHash = self.storedHash, ConstantTime.equals(storedHash, claim.requestHash) else {
                    throw SubmissionRefusal.keyReusedWithAnotherBody
                }
                return .replay(stored)
            }
        }
        try self.gate.requireOpen()
        if self.tokenGiven, self.checkInID == nil { throw SubmissionRefusal.unknownParticipant }
        guard let earlierID = self.earlierID else { return .insert }
        guard submission.form.definition.allowsEditing else { throw SubmissionRefusal.alreadyAnswered }
        return .replace(earlierID)
    }
}
