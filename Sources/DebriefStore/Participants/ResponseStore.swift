import Debrief
import Foundation
import PQ

/// Stores participants' responses: nothing lost, nothing doubled.
///
/// A submission is ONE transaction: read the context and take the locks (``SubmissionContext``),
/// then write the response, all its answers, the idempotency record and the `NOTIFY` together.
/// A new response costs four round trips (BEGIN, read, write, COMMIT).
public struct ResponseStore: Sendable {
    /// Renders the reply for an accepted submission, inside the transaction, so that the very
    /// same reply can be stored under the `Idempotency-Key`.
    public typealias Render = @Sendable (AcceptedSubmission) throws -> SubmissionReply

    let database: Database
    let forms: ParticipantFormStore

    public init(database: Database, forms: ParticipantFormStore) {
        self.database = database
        self.forms = forms
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
        // unique constraints stop the second, and the retry then finds the first one's rows.
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await self.database.withTransaction { connection in
                    try await self.submit(submission, tokenHash: tokenHash, render: render, on: connection)
                }
            } catch let error as PQError where attempt < 3 && Self.isRetryable(error) {
                continue
            }
        }
    }

    private func submit(
        _ submission: Submission, tokenHash: String?, render: Render, on connection: Connection
    ) async throws -> SubmissionReply {
        guard let context = try await SubmissionContext.read(submission, tokenHash: tokenHash, on: connection) else {
            self.forms.forget(submission.form)
            throw DebriefError.notFound("form")
        }
        if let claim = submission.idempotency {
            guard context.keyLocked else {
                throw DebriefError(.conflict, "a request with this Idempotency-Key is still in progress; retry later", field: "Idempotency-Key")
            }
            if let stored = context.storedReply {
                guard context.storedHash == claim.requestHash else {
                    throw ValidationFailure(
                        FieldProblem(path: "Idempotency-Key", message: "was already used with a different request body"))
                }
                return stored
            }
        }
        try context.gate.requireOpen()
        if tokenHash != nil, context.checkInID == nil {
            throw ValidationFailure(FieldProblem(path: "participantToken", message: "is not a check-in on this form"))
        }
        let writer = ResponseWriter(submission: submission, connection: connection)
        guard let earlierID = context.earlierID else {
            return try await writer.insert(checkIn: context.checkInID, at: context.gate.now, render: render)
        }
        guard submission.form.definition.allowsEditing else {
            throw DebriefError(.conflict, "this participant already answered this form", field: "participantToken")
        }
        return try await writer.replace(earlierID, render: render)
    }

    /// Unique violations of the two races above, and deadlocks or serialization failures.
    static func isRetryable(_ error: PQError) -> Bool {
        if error.isTransactionConflict { return true }
        guard error.isUniqueViolation else { return false }
        return error.constraint == "idempotency_keys_pkey" || error.constraint == "responses_one_per_check_in"
    }
}
