import Foundation

/// The host's **nearest meeting** and the session a series shows first, both read from
/// ``SeriesClock`` (docs/decisions/0083, issue 68 goal 7): the home page (`/m`) and
/// `GET /v1/meetings/next` name the same meeting because both ask ``nearest(in:at:)``.
///
/// - A series' **awaited** session is the clock's current one while its meeting has not ended
///   (it may be "now" longer, while its form takes answers, but the room has left), else the
///   clock's next one.
/// - The host's nearest meeting is the awaited session that starts first over all their series
///   (ties: the lower meeting id, so every reader names the same one). A current session starts
///   before every next one (it began ``SeriesClock/lead`` before its start, a next one has not).
public enum NearestMeeting {
    /// The session, over `clocks`, that the host meets next or is meeting in now at `instant`.
    public static func nearest(in clocks: [SeriesClock], at instant: Date) -> SeriesClock.Session? {
        clocks.compactMap { $0.awaited(at: instant) }.min { ($0.startsAt, $0.meetingID.uuidString) < ($1.startsAt, $1.meetingID.uuidString) }
    }
}

extension SeriesClock {
    /// The session of this series a host waits for or is in at `instant`: the current one while
    /// its meeting has not ended, else the next; nil when neither (see ``NearestMeeting``).
    public func awaited(at instant: Date) -> Session? {
        let reading = self.reading(at: instant)
        if let current = reading.current, instant < current.endsAt { return current }
        return reading.next
    }

    /// Why a session is the one a list of the series shows first.
    public enum Featured: String, Sendable, Equatable {
        /// It is happening now (``Reading/current``).
        case now
        /// Nothing is now; it is the next one.
        case next
        /// Nothing is now or next: the series has ended, and it is the last one that began.
        case previous
    }

    /// The session a list of the series shows first at `instant`: the one happening now, else
    /// the next, else the previous (the series has ended); nil for an empty series.
    public func featured(at instant: Date) -> (session: Session, as: Featured)? {
        let reading = self.reading(at: instant)
        if let current = reading.current { return (current, .now) }
        if let next = reading.next { return (next, .next) }
        return reading.previous.map { ($0, .previous) }
    }
}

extension SeriesClock.Session {
    /// Whether the meeting is under way at `instant`: from its start (inclusive) to its end.
    public func isRunning(at instant: Date) -> Bool { self.startsAt <= instant && instant < self.endsAt }

    /// Whether the room's QR code is up at `instant`: from ``SeriesClock/lead`` before the start
    /// (when the series code starts opening this session) until the meeting ends. The home page
    /// shows the code large enough to scan from the back of the room then, small before.
    public func roomQRIsUp(at instant: Date) -> Bool { self.beginsAt <= instant && instant < self.endsAt }
}
