/// Why a submission was refused by what it found stored — its `Idempotency-Key`, its participant
/// — as decided by the store's one owner of that decision (`SubmissionContext`).
///
/// A typed error, so the paths that react to one refusal in particular (the page's double tap
/// waits for its twin, the page words each one) match a case instead of a field name; every front
/// end shows it as ``problem``.
public enum SubmissionRefusal: Error, Sendable, Equatable, CaseIterable {
    /// Another request with the same key is still being stored (a double tap, a client retrying
    /// before the first attempt answered).
    case keyInFlight
    /// The key was accepted before with another body.
    case keyReusedWithAnotherBody
    /// The participant token is no check-in of the form's meeting.
    case unknownParticipant
    /// The participant already answered the meeting's form, any version of it, and it allows
    /// no editing: one participant, one response per meeting.
    case alreadyAnswered
    /// The personal link (`personalLink`) is no roster member's link to this session: tampered
    /// with, another session's, or its member was removed (decision 77).
    case unknownPersonalLink
    /// The personal link's member answered this session already, and the form allows no change:
    /// one response per person.
    case personalLinkUsed

    /// The problem a front end shows: a conflict (409) or a validation failure (422), naming the
    /// header or field concerned.
    public var problem: any Error {
        switch self {
        case .keyInFlight:
            return DebriefError(.conflict, "a request with this Idempotency-Key is still in progress; retry later", field: "Idempotency-Key")
        case .keyReusedWithAnotherBody:
            return ValidationFailure(FieldProblem(path: "Idempotency-Key", message: "was already used with a different request body"))
        case .unknownParticipant:
            return ValidationFailure(FieldProblem(path: "participantToken", message: "is not a check-in on this form"))
        case .alreadyAnswered:
            return DebriefError(.conflict, "this participant already answered this form", field: "participantToken")
        case .unknownPersonalLink:
            return ValidationFailure(FieldProblem(path: "personalLink", message: "is not a personal link to this session"))
        case .personalLinkUsed:
            return DebriefError(.conflict, "this personal link has answered this session already", field: "personalLink")
        }
    }
}
