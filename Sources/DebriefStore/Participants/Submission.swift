import Debrief
import Foundation

/// A validated submission, ready to store.
public struct Submission: Sendable {
    public var form: PublishedForm
    /// The answers the domain accepted, in form order.
    public var answers: [Answer]
    /// The participant token as sent (already checked for shape), if any.
    public var participantToken: String?
    /// The `Idempotency-Key` claim, if the client sent one.
    public var idempotency: IdempotencyClaim?

    public init(form: PublishedForm, answers: [Answer], participantToken: String?, idempotency: IdempotencyClaim?) {
        self.form = form
        self.answers = answers
        self.participantToken = participantToken
        self.idempotency = idempotency
    }
}

/// A response the store accepted: what the reply body describes.
public struct AcceptedSubmission: Sendable, Equatable {
    public var responseId: UUID
    /// When the participant first answered (kept when answers are replaced).
    public var submittedAt: Date
    /// When the answers were last replaced, if ever.
    public var changedAt: Date?
    public var answers: [Answer]
    /// True when this replaced the participant's earlier answers (forms that allow editing).
    public var replacedEarlier: Bool
}

/// The HTTP reply to a submission, as rendered by the caller and, under an `Idempotency-Key`,
/// stored with the response so a retry gets exactly the same answer.
public struct SubmissionReply: Sendable, Equatable {
    public var statusCode: Int
    public var body: String
    /// True when this is a stored reply to an earlier request with the same key.
    public var replayed: Bool

    public init(statusCode: Int, body: String, replayed: Bool = false) {
        self.statusCode = statusCode
        self.body = body
        self.replayed = replayed
    }
}
