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
    /// The language the form was answered in; nil on a form in one language.
    public var language: LanguageTag?
    /// Opened time, straight-lining, presented option orders (docs/decisions/0036).
    public var signals = ResponseSignals()
    /// The earlier response a browser's receipt names (``BrowserReceipts``), when an anonymous
    /// participant without a token changes their answers on a form that allows editing: the
    /// submission replaces it, as a check-in's token does its response.
    public var revising: UUID? = nil
    /// A roster member's personal link (its secret, already checked for shape): the submission is
    /// stored with "this member has answered" in its transaction (``PersonalLink``), never batched.
    public var personalLink: String? = nil

    public init(
        form: PublishedForm, answers: [Answer], participantToken: String?, idempotency: IdempotencyClaim?, language: LanguageTag? = nil
    ) {
        self.form = form
        self.answers = answers
        self.participantToken = participantToken
        self.idempotency = idempotency
        self.language = language
    }
}
