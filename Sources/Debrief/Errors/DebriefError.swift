import Foundation

/// An expected failure of a Debrief operation, in terms every front end can show.
///
/// Few codes, each with one meaning (after WTF Dial's error codes); the HTTP layer turns each
/// into one status, the CLI into one exit code. Anything that is not a `DebriefError` (or a
/// `ValidationFailure`) is an internal error.
public struct DebriefError: Error, Sendable, Equatable {
    public enum Code: String, Sendable {
        /// The thing does not exist, or the caller may not know that it exists.
        case notFound
        /// The request contradicts current state (duplicate email, overlapping meeting, frozen form).
        case conflict
        /// The thing existed but is over (a closed form).
        case gone
        /// Credentials are missing, wrong or expired.
        case unauthenticated
        /// Too many attempts; retry later.
        case rateLimited
        /// Known who is asking, and the answer is no (sign-up on a closed installation).
        case forbidden
    }

    public var code: Code
    public var message: String
    /// The request field the problem concerns, when there is one (`email`).
    public var field: String?
    /// The id of the other thing involved (the meeting an overlap collides with).
    public var relatedID: String?
    /// When the thing closed, for `gone`.
    public var closedAt: Date?
    /// Seconds to wait, for `rateLimited`.
    public var retryAfterSeconds: Int?

    public init(
        _ code: Code, _ message: String, field: String? = nil, relatedID: String? = nil, closedAt: Date? = nil,
        retryAfterSeconds: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.field = field
        self.relatedID = relatedID
        self.closedAt = closedAt
        self.retryAfterSeconds = retryAfterSeconds
    }

    public static func notFound(_ what: String) -> DebriefError {
        DebriefError(.notFound, "\(what) was not found")
    }
}
