import Foundation

extension FormDefinition {
    /// This form as another session starts it (decision 59): every question, setting, language
    /// and translation kept; a close time carried *relative to the session* — shifted by the
    /// difference between the two sessions' starts — so "closes a day after the meeting" stays
    /// a day after the new one, never an absolute date of the old week.
    ///
    /// The one rule of copying a form forward: "Next session" (the series' latest form) and the
    /// builder's "Copy the form of another meeting" both go through it.
    public func carried(from sourceStart: Date, to targetStart: Date) -> FormDefinition {
        var copy = self
        copy.closesAt = self.closesAt.map { $0.addingTimeInterval(targetStart.timeIntervalSince(sourceStart)) }
        return copy
    }

    /// The problem of a close time for a session starting at `sessionStart`, judged at `now`:
    /// `closesAt` must be after both (a form that closes before its meeting starts was carried
    /// from another week). Nil when there is no close time or it is fine.
    public func closeTimeProblem(sessionStart: Date, now: Date) -> FieldProblem? {
        guard let closesAt = self.closesAt else { return nil }
        if closesAt <= sessionStart { return FieldProblem("closesAt", "must be after the session starts") }
        if closesAt <= now { return FieldProblem("closesAt", "must be in the future") }
        return nil
    }
}
