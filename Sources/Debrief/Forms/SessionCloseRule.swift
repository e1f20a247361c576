import Foundation

/// When a session's form stops taking answers, written relative to the session: "closes 24 hours
/// after the session ends" (docs/decisions/0063). A series keeps this rule, never a date: each
/// session's close time is computed from its own end when it is published, so a close time
/// can no longer be carried from one week into the next.
public struct SessionCloseRule: Sendable, Equatable, Hashable {
    /// A year either way: a rule further out is a date typed for another session.
    public static let maxSeconds = 366 * 86_400

    /// Seconds after the session ends (negative: before it ends).
    public let secondsAfterEnd: Int

    /// Nil outside ±``maxSeconds``.
    public init?(secondsAfterEnd: Int) {
        guard abs(secondsAfterEnd) <= Self.maxSeconds else { return nil }
        self.secondsAfterEnd = secondsAfterEnd
    }

    /// The rule a close time typed for a session ending at `sessionEnd` means: that long after
    /// its end (to the second). A problem at `closesAt` when it is more than a year away.
    public static func of(closesAt: Date, sessionEnd: Date) -> Result<SessionCloseRule, FieldProblem> {
        let seconds = closesAt.timeIntervalSince(sessionEnd).rounded()
        guard abs(seconds) <= Double(Self.maxSeconds), let rule = SessionCloseRule(secondsAfterEnd: Int(seconds)) else {
            return .failure(FieldProblem("closesAt", "must be within a year of the session's end"))
        }
        return .success(rule)
    }

    /// The close time of a session ending at `sessionEnd`.
    public func closesAt(sessionEnd: Date) -> Date {
        sessionEnd.addingTimeInterval(TimeInterval(self.secondsAfterEnd))
    }
}
