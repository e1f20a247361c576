import Foundation

/// What the roster, reminders and the chat's test message pick from a series' clock
/// (docs/decisions/0083, "Who asks it"): each reads ``SeriesClock/reading(at:)`` and never
/// "the latest session" of its own.
extension SeriesClock {
    /// The sessions that have begun at `instant` (those not planned), in the order they begin:
    /// the roster's attendance columns. A planned session has no attendance to show.
    public func begun(at instant: Date) -> [Session] {
        self.sessions.filter { $0.beginsAt <= instant }
    }

    /// The session whose attendance the roster takes at `instant`: the one happening now, else
    /// the previous one (between sessions, the last that began); nil before the first begins.
    public func attendanceSession(at instant: Date) -> Session? {
        let reading = self.reading(at: instant)
        return reading.current ?? reading.previous
    }

    /// The sessions reminders are for at `instant`: the one happening now, and the previous one
    /// while its form still takes answers (its own code keeps working until it closes). Empty
    /// when neither: between sessions once the previous one's form closed (or it had none), or
    /// before the first begins.
    public func remindable(at instant: Date) -> [Session] {
        let reading = self.reading(at: instant)
        return [reading.current, reading.previousFormOpen ? reading.previous : nil].compactMap { $0 }
    }

    /// Whether a reminder (the host's press or one of the series' times) may go for session
    /// `meetingID` at `instant`: it is one of ``remindable(at:)``; or no session has begun yet,
    /// so no week could be confused with it (a one-off meeting whose form was published before it
    /// starts). A form published early for a planned session never takes the reminders from the
    /// session happening now, nor does an older session whose form is still open.
    public func reminds(_ meetingID: UUID, at instant: Date) -> Bool {
        self.begun(at: instant).isEmpty || self.remindable(at: instant).contains { $0.meetingID == meetingID }
    }

    /// The session the chat's test message digests at `instant`: the latest that has begun with
    /// a published form (the one happening now, else the previous, else an earlier one); before
    /// any with a form has begun, the first planned one with a form (published early); nil when
    /// no session has a published form (the test message is then a greeting).
    public func digestSession(at instant: Date) -> Session? {
        let begun = self.begun(at: instant)
        return begun.last { $0.form != nil } ?? self.sessions.dropFirst(begun.count).first { $0.form != nil }
    }
}
