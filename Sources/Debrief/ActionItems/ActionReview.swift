import Foundation

/// Which actions a session's review lists, and how long each has been open: the one rule
/// (docs/decisions/0085-open-actions-stay-in-review.md) the review's JSON, the dashboard, the
/// presenter and the series' list of open actions read. Pure: it is given the series' clock
/// (its sessions in the order they begin, ``SeriesClock``) and the series' actions.
///
/// - The review of session S lists every action recorded at a session before S that is **open
///   as of S** — however many sessions ago it was recorded — and those **closed in S's review**.
///   A closed action leaves the reviews after the one that closed it.
/// - The review that closed an action is the session whose review marked it
///   (``ActionItem/closedInMeetingID``) when one did; otherwise the session the clock names at
///   the instant it was closed — the one happening then, else the next to begin — and never
///   the session that recorded it or an earlier one (closed at its own session, it is reported
///   at the next). Closed after the series' last session began and ended, no review has it yet;
///   the next session made is the one whose begin follows that instant.
/// - **Sessions open** is how many sessions since the one that recorded it: the reviews it has
///   been in, this one included (1 at the next session, 2 at the one after).
public enum ActionReview {
    /// One action as a review (or the series' list) shows it.
    public struct Line: Sendable, Equatable {
        /// The action, with its status as of the review: open in a review before the one that
        /// closed it.
        public var item: ActionItem
        /// The session that recorded it.
        public var recordedAt: SeriesClock.Session
        /// Sessions since the one that recorded it, up to the review's (0: none has begun since).
        public var sessionsOpen: Int

        public init(item: ActionItem, recordedAt: SeriesClock.Session, sessionsOpen: Int) {
            self.item = item
            self.recordedAt = recordedAt
            self.sessionsOpen = sessionsOpen
        }
    }

    /// The review of session `meetingID`: the actions open as of it and those its review closed,
    /// oldest session first (then in the order they were recorded). Empty for the series' first
    /// session and for a session the clock does not hold (in the trash).
    public static func lines(of meetingID: UUID, actions: [ActionItem], clock: SeriesClock) -> [Line] {
        guard let review = Self.index(of: meetingID, in: clock) else { return [] }
        return Self.sorted(actions.compactMap { item -> Line? in
            guard let made = Self.index(of: item.meetingID, in: clock), made < review else { return nil }
            var item = item
            if item.closedAt != nil {
                // Closed, and by this review or a later one (or none yet): listed; open as of here
                // unless this is the review that closed it.
                let closing = Self.closingReview(of: item, recordedAt: made, clock: clock)
                guard closing.map({ $0 >= review }) ?? true else { return nil }
                if closing != review {
                    item.status = .open
                    item.closedAt = nil
                    item.closedInMeetingID = nil
                }
            }
            return Line(item: item, recordedAt: clock.sessions[made], sessionsOpen: review - made)
        })
    }

    /// The series' open actions at `instant` (not done and not dropped), each with the sessions
    /// that have begun since the one that recorded it; oldest session first.
    public static func open(actions: [ActionItem], clock: SeriesClock, at instant: Date) -> [Line] {
        let reading = clock.reading(at: instant)
        let latest = (reading.current ?? reading.previous).flatMap { Self.index(of: $0.meetingID, in: clock) }
        return Self.sorted(actions.compactMap { item -> Line? in
            guard item.status == .open, let made = Self.index(of: item.meetingID, in: clock) else { return nil }
            return Line(item: item, recordedAt: clock.sessions[made], sessionsOpen: max(0, (latest ?? made) - made))
        })
    }

    /// The index (in the clock's order) of the session whose review closed `item`, recorded at
    /// index `made`; nil while no such session exists yet.
    static func closingReview(of item: ActionItem, recordedAt made: Int, clock: SeriesClock) -> Int? {
        if let marked = item.closedInMeetingID, let index = Self.index(of: marked, in: clock), index > made {
            return index
        }
        guard let closedAt = item.closedAt else { return nil }
        let reading = clock.reading(at: closedAt)
        guard let named = (reading.current ?? reading.next).flatMap({ Self.index(of: $0.meetingID, in: clock) }) else { return nil }
        if named > made { return named }
        return made + 1 < clock.sessions.count ? made + 1 : nil
    }

    static func index(of meetingID: UUID, in clock: SeriesClock) -> Int? {
        clock.sessions.firstIndex { $0.meetingID == meetingID }
    }

    static func sorted(_ lines: [Line]) -> [Line] {
        lines.sorted {
            ($0.recordedAt.startsAt, $0.recordedAt.sessionNumber, $0.item.createdAt, $0.item.id.uuidString)
                < ($1.recordedAt.startsAt, $1.recordedAt.sessionNumber, $1.item.createdAt, $1.item.id.uuidString)
        }
    }
}
