import Debrief
import Foundation
import PQ

/// Stores participants' responses: nothing lost, nothing doubled.
///
/// A new response is ONE statement (``ResponseInsert``): it reads the context, takes the locks
/// and writes the response, all its answers and the idempotency record, atomically. Only when
/// that statement did not insert does Swift look at why (``SubmissionContext/decide(_:tokenGiven:)``):
/// a replay, a refusal, or — forms that allow editing — a replacement in its own transaction.
public struct ResponseStore: Sendable {
    /// Renders the reply for an accepted submission before it is stored, so that the very same
    /// reply can be stored under the `Idempotency-Key`.
    public typealias Render = @Sendable (AcceptedSubmission) throws -> SubmissionReply

    let database: Database
    let forms: ParticipantFormStore
    let notifier: ResultsNotifier

    public init(database: Database, forms: ParticipantFormStore, notifier: ResultsNotifier) {
        self.database = database
        self.forms = forms
        self.notifier = notifier
    }

    /// Stores `submission` and returns the reply `render` made for it, or the stored reply of an
    /// earlier request with the same `Idempotency-Key` and body.
    ///
    /// Throws not-found (the form is gone), gone (closed, with `closedAt`), conflict (the key is in
    /// flight in another request; the participant already answered a form that allows no editing)
    /// or a validation failure (the key was used with another body; an unknown participant token).
    public func submit(_ submission: Submission, render: Render) async throws -> SubmissionReply {
        let tokenHash = submission.participantToken.map(SecretToken.hash)
        // Two requests can race past the reads (same key, or same participant, at once); the
        // unique constraints stop the second, and the next attempt finds the first one's rows.
        for _ in 0..<3 {
            do {
                if let reply = try await self.attempt(submission, tokenHash: tokenHash, render: render) { return reply }
            } catch let error as PQError where Self.isRetryable(error) {
                continue
            }
        }
        throw DebriefError(.conflict, "the response collided with concurrent changes; retry")
    }

    /// One try; nil means "the state changed under us, start over".
    private func attempt(_ submission: Submission, tokenHash: String?, render: Render) async throws -> SubmissionReply? {
        let now = Date()
        let accepted = AcceptedSubmission(
            responseId: .timeOrdered(at: now), submittedAt: now, changedAt: nil, answers: submission.answers,
            replacedEarlier: false)
        let reply = try render(accepted)
        let insert = ResponseInsert(submission: submission, tokenHash: tokenHash, notifier: self.notifier)
        guard let outcome = try await insert.run(accepted, reply: reply, on: self.database) else {
            self.forms.forget(submission.form)
            throw DebriefError.notFound("form")
        }
        if outcome.inserted {
            self.notifier.committed(meeting: submission.form.meetingId)
            return reply
        }
        switch try outcome.context.decide(submission, tokenGiven: tokenHash != nil) {
        case .insert: return nil
        case .replay(let stored): return stored
        case .replace: return try await self.replace(submission, tokenHash: tokenHash, render: render)
        }
    }

    /// Replaces the participant's earlier answers in a transaction that re-reads the context
    /// under its locks (the form may have closed, another edit may have run meanwhile).
    private func replace(_ submission: Submission, tokenHash: String?, render: Render) async throws -> SubmissionReply? {
        let (reply, changed) = try await self.database.withTransaction { connection -> (SubmissionReply?, Bool) in
            guard let context = try await SubmissionContext.read(submission, tokenHash: tokenHash, on: connection) else {
                throw DebriefError.notFound("form")
            }
            switch try context.decide(submission, tokenGiven: tokenHash != nil) {
            case .insert: return (nil, false)
            case .replay(let stored): return (stored, false)
            case .replace(let responseID):
                let writer = ResponseWriter(submission: submission, notifier: self.notifier, connection: connection)
                return (try await writer.replace(responseID, at: Date(), render: render), true)
            }
        }
        if changed { self.notifier.committed(meeting: submission.form.meetingId) }
        return reply
    }

    /// Unique violations of the two races above, and deadlocks or serialization failures.
    static func isRetryable(_ error: PQError) -> Bool {
        if error.isTransactionConflict { return true }
        guard error.isUniqueViolation else { return false }
        return error.constraint == "idempotency_keys_pkey" || error.constraint == "responses_one_per_check_in"
    }
}
