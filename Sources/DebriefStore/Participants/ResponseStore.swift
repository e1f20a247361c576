import Debrief
import Foundation
import PQ

/// Stores participants' responses: nothing lost, nothing doubled.
///
/// A new response is ONE statement (``ResponseInsert``): it reads the context, takes the locks
/// and writes the response, all its answers and the idempotency record, atomically. Only when
/// that statement did not insert does Swift look at why (``SubmissionContext/decide(_:tokenGiven:)``):
/// a replay, a refusal, or — forms that allow editing — a replacement in its own transaction.
///
/// It returns what was accepted, a domain value; how that is told to the participant (JSON and a
/// status, or a page) is up to the caller, and a replay is told from the same stored value.
public struct ResponseStore: Sendable {
    let database: Database
    let forms: ParticipantFormStore
    let notifier: ResultsNotifier

    public init(database: Database, forms: ParticipantFormStore, notifier: ResultsNotifier) {
        self.database = database
        self.forms = forms
        self.notifier = notifier
    }

    /// Stores `submission` and returns what was accepted, or what was accepted for an earlier
    /// request with the same `Idempotency-Key` and body.
    ///
    /// Throws not-found (the form is gone), gone (closed, with `closedAt`), conflict (the key is in
    /// flight in another request; the participant already answered a form that allows no editing)
    /// or a validation failure (the key was used with another body; an unknown participant token).
    public func submit(_ submission: Submission) async throws -> AcceptedSubmission {
        let tokenHash = submission.participantToken.map(SecretToken.hash)
        // Two requests can race past the reads (same key, or same participant, at once); the
        // unique constraints stop the second, and the next attempt finds the first one's rows.
        for _ in 0..<3 {
            do {
                if let accepted = try await self.attempt(submission, tokenHash: tokenHash) { return accepted }
            } catch let error as PQError where Self.isRetryable(error) {
                continue
            }
        }
        throw DebriefError(.conflict, "the response collided with concurrent changes; retry")
    }

    /// One try; nil means "the state changed under us, start over".
    private func attempt(_ submission: Submission, tokenHash: String?) async throws -> AcceptedSubmission? {
        let now = Date()
        let accepted = AcceptedSubmission(
            responseID: .timeOrdered(at: now), submittedAt: now, changedAt: nil, answers: submission.answers,
            replacedEarlier: false)
        let insert = ResponseInsert(submission: submission, tokenHash: tokenHash, notifier: self.notifier)
        guard let outcome = try await insert.run(accepted, on: self.database) else {
            self.forms.forget(submission.form)
            throw DebriefError.notFound("form")
        }
        if outcome.inserted {
            self.notifier.committed(meeting: submission.form.meetingID)
            return accepted
        }
        switch try outcome.context.decide(submission, tokenGiven: tokenHash != nil) {
        case .insert: return nil
        case .replay(let stored): return stored
        case .replace: return try await self.replace(submission, tokenHash: tokenHash)
        }
    }

    /// Replaces the participant's earlier answers in a transaction that re-reads the context
    /// under its locks (the form may have closed, another edit may have run meanwhile).
    private func replace(_ submission: Submission, tokenHash: String?) async throws -> AcceptedSubmission? {
        let (accepted, changed) = try await self.database.withTransaction { connection -> (AcceptedSubmission?, Bool) in
            guard let context = try await SubmissionContext.read(submission, tokenHash: tokenHash, on: connection) else {
                throw DebriefError.notFound("form")
            }
            switch try context.decide(submission, tokenGiven: tokenHash != nil) {
            case .insert: return (nil, false)
            case .replay(let stored): return (stored, false)
            case .replace(let responseID):
                let writer = ResponseWriter(submission: submission, notifier: self.notifier, connection: connection)
                return (try await writer.replace(responseID, at: Date()), true)
            }
        }
        if changed { self.notifier.committed(meeting: submission.form.meetingID) }
        return accepted
    }

    /// Waits until no request holds `key` on `form` any more (the one that holds it commits or
    /// fails), or `timeout` passes: the same advisory lock ``SubmissionContext`` tries, taken
    /// blocking, so the wait ends the moment the other request's transaction does, on whichever
    /// instance it runs. Returns false when the time ran out.
    public func waitForRequestInFlight(form: PublishedForm, key: String, timeout: Duration) async throws -> Bool {
        let milliseconds = max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        do {
            try await self.database.withTransaction { connection in
                try await connection.execute("SELECT set_config('lock_timeout', \(String(milliseconds))::text, true)")
                try await connection.execute(
                    "SELECT pg_advisory_xact_lock(hashtextextended(\(form.id)::uuid::text || \(key)::text, 0))")
            }
            return true
        } catch let error as PQError where error.isLockTimeout {
            return false
        }
    }

    /// Unique violations of the two races above, and deadlocks or serialization failures.
    static func isRetryable(_ error: PQError) -> Bool {
        if error.isTransactionConflict { return true }
        guard error.isUniqueViolation else { return false }
        return error.constraint == "idempotency_keys_pkey" || error.constraint == "responses_one_per_check_in"
    }
}
