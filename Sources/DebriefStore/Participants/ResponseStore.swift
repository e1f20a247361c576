import Debrief
import Foundation
import PQ

/// Stores participants' responses: nothing lost, nothing doubled.
///
/// A new response goes into the next group commit (``SubmissionBatcher``): one statement for all
/// the submissions that arrived together (``SubmissionBatch``), which reads each one's context,
/// takes the locks and writes the responses, all their answers and idempotency records,
/// atomically, and is answered once it committed. Only when that statement did not insert a
/// submission does Swift look at why (``SubmissionContext/decide(_:)``): a replay, a
/// refusal, or — forms that allow editing — a replacement in its own transaction. A retry after
/// a collision runs alone (``ResponseInsert``).
///
/// It returns what was accepted, a domain value; how that is told to the participant (JSON and a
/// status, or a page) is up to the caller, and a replay is told from the same stored value.
public struct ResponseStore: Sendable {
    let database: Database
    let forms: ParticipantFormStore
    let notifier: ResultsNotifier
    let batcher: SubmissionBatcher
    /// Accepted submissions and replays; the HTTP layer counts the other refusals on the same.
    public let metrics: SubmissionMetrics

    public init(
        database: Database, forms: ParticipantFormStore, notifier: ResultsNotifier, batching: SubmissionBatching = .standard,
        metrics: SubmissionMetrics = SubmissionMetrics()
    ) {
        self.metrics = metrics
        self.database = database
        self.forms = forms
        self.notifier = notifier
        self.batcher = SubmissionBatcher(database: database, notifier: notifier, settings: batching)
    }

    /// Stores `submission` and returns what was accepted, or what was accepted for an earlier
    /// request with the same `Idempotency-Key` and body.
    ///
    /// Throws not-found (the form is gone), gone (closed, with `closedAt`), or a
    /// ``SubmissionRefusal`` (the key in flight in another request or used with another body, an
    /// unknown participant token, a participant who already answered a form without editing).
    public func submit(_ submission: Submission) async throws -> AcceptedSubmission {
        let tokenHash = submission.participantToken.map(SecretToken.hash)
        // Two requests can race past the reads (same key, or same participant, at once); the
        // unique constraints stop the second, and the next attempt finds the first one's rows.
        // The first try joins a group commit; a retry (rare: a collision) runs on its own.
        for attempt in 0..<3 {
            do {
                if let accepted = try await self.attempt(submission, tokenHash: tokenHash, batched: attempt == 0) { return accepted }
            } catch let error as PQError where Self.isRetryable(error) {
                continue
            }
        }
        throw DebriefError(.conflict, "the response collided with concurrent changes; retry")
    }

    /// One try; nil means "the state changed under us, start over".
    private func attempt(_ submission: Submission, tokenHash: String?, batched: Bool) async throws -> AcceptedSubmission? {
        if let link = submission.personalLink {
            return try await self.attemptThroughPersonalLink(submission, tokenHash: tokenHash, linkHash: SecretToken.hash(link))
        }
        if submission.revising != nil {
            // A change of answers the browser's receipt names goes straight to the replacement
            // (never a group commit). Nothing to replace (the host removed the response): the
            // answers are a new response, by the usual path.
            if let replaced = try await self.replace(submission, tokenHash: tokenHash) { return replaced }
            var fresh = submission
            fresh.revising = nil
            return try await self.attempt(fresh, tokenHash: tokenHash, batched: batched)
        }
        let now = Date()
        let accepted = AcceptedSubmission(
            responseID: .timeOrdered(at: now), submittedAt: now, changedAt: nil, answers: submission.answers,
            replacedEarlier: false)
        let context: SubmissionContext
        switch try await self.write(submission, tokenHash: tokenHash, accepted: accepted, batched: batched) {
        case .formGone:
            self.forms.forget(submission.form)
            throw DebriefError.notFound("form")
        case .inserted:
            self.notifier.committed(meeting: submission.form.meetingID)
            self.metrics.accepted()
            return accepted
        case .notInserted(let read):
            context = read
        case .retryAlone:
            return try await self.attempt(submission, tokenHash: tokenHash, batched: false)
        }
        switch try context.decide(submission) {
        case .insert: return nil
        case .replay(let stored):
            self.metrics.refused(.replay)
            return stored
        case .replace: return try await self.replace(submission, tokenHash: tokenHash)
        }
    }

    /// Writes a new response in the next group commit, or (`batched` false) in a statement of its own.
    private func write(
        _ submission: Submission, tokenHash: String?, accepted: AcceptedSubmission, batched: Bool
    ) async throws -> SubmissionBatch.Outcome {
        if batched {
            return try await self.batcher.write(SubmissionBatch.Item(submission: submission, tokenHash: tokenHash, accepted: accepted))
        }
        let insert = ResponseInsert(submission: submission, tokenHash: tokenHash, notifier: self.notifier)
        guard let outcome = try await insert.run(accepted, on: self.database) else { return .formGone }
        return outcome.inserted ? .inserted : .notInserted(outcome.context)
    }

    /// Replaces the participant's earlier answers in a transaction that re-reads the context
    /// under its locks (the form may have closed, another edit may have run meanwhile).
    private func replace(_ submission: Submission, tokenHash: String?) async throws -> AcceptedSubmission? {
        let (accepted, changed) = try await self.database.withTransaction { connection -> (AcceptedSubmission?, Bool) in
            guard let context = try await SubmissionContext.read(submission, tokenHash: tokenHash, on: connection) else {
                throw DebriefError.notFound("form")
            }
            switch try context.decide(submission) {
            case .insert: return (nil, false)
            case .replay(let stored): return (stored, false)
            case .replace(let responseID):
                let writer = ResponseWriter(submission: submission, notifier: self.notifier, connection: connection)
                return (try await writer.replace(responseID, at: Date()), true)
            }
        }
        if changed {
            self.notifier.committed(meeting: submission.form.meetingID)
            self.metrics.accepted()
        } else if accepted != nil {
            self.metrics.refused(.replay)
        }
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
                    "SELECT pg_advisory_xact_lock(\(SubmissionContext.keyLock(form: "\(form.id)::uuid", key: "\(key)::text")))")
            }
            return true
        } catch let error as PQError where error.isLockTimeout {
            return false
        }
    }

    /// Unique violations of the races above (and of two responses sending one opened ticket at
    /// once: the next attempt stores the second untimed), and deadlocks or serialization failures.
    static func isRetryable(_ error: PQError) -> Bool {
        if error.isTransactionConflict { return true }
        guard error.isUniqueViolation else { return false }
        let races: Set<String> = ["idempotency_keys_pkey", "responses_one_per_check_in", "responses_one_per_opened_ticket"]
        return error.constraint.map(races.contains) ?? false
    }
}
