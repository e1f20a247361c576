import Foundation

/// The one owner of a series' "which session is now" (docs/decisions/0083): given the series'
/// sessions and an instant, it names the session happening *now*, the next and the previous.
/// Pure: the instant is passed in (the app's ``WallClock``), so every rule is tested at chosen
/// instants. The series code and its QR, "Next session", trends and rates, and the roster ask it;
/// nothing else picks a "latest session".
///
/// The rule:
/// - A session **begins** ``lead`` before its start (the QR grows an hour before) and is **now**
///   from then until the later of its end and its published form's close (its end when it has
///   no published form; never, while a published form has no closing time and is not closed).
///   The begin is inclusive, the end exclusive.
/// - Sessions overlap when a form closes after the next session begins: the **newer** session is
///   now from its begin on; the older one becomes the previous, and its form stays reachable
///   (``Reading/previousFormOpen``) until it closes.
/// - **Now** is the latest-beginning session that has begun, while it lasts; when it is over
///   nothing is now ("between sessions") and it is the previous.
/// - The **next** session is the first that has not begun; every session not begun is
///   **planned**: it has no rates and counts in no denominator.
public struct SeriesClock: Sendable, Equatable {
    /// How long before its start a session becomes the series' current one.
    public static let lead: TimeInterval = 3600

    /// One session as the clock sees it.
    public struct Session: Sendable, Equatable {
        public var meetingID: UUID
        public var sessionNumber: Int
        public var startsAt: Date
        public var endsAt: Date
        /// Its published form, nil while it has none (a draft does not count).
        public var form: Form?

        /// A published form: the code participants open, and when it stops taking answers (the
        /// earlier of the host closing it and its closing time; nil while neither is set).
        public struct Form: Sendable, Equatable {
            public var code: String
            public var closesAt: Date?

            public init(code: String, closesAt: Date?) {
                self.code = code
                self.closesAt = closesAt
            }

            /// Whether the form still takes answers at `instant` (the database's gate decides a
            /// submission; this decides where a link leads).
            public func isOpen(at instant: Date) -> Bool { self.closesAt.map { instant < $0 } ?? true }
        }

        public init(meetingID: UUID, sessionNumber: Int, startsAt: Date, endsAt: Date, form: Form?) {
            self.meetingID = meetingID
            self.sessionNumber = sessionNumber
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.form = form
        }

        /// When the session becomes the current one: ``SeriesClock/lead`` before its start.
        public var beginsAt: Date { self.startsAt.addingTimeInterval(-SeriesClock.lead) }

        /// When it stops being the current one: the later of its end and its form's close; nil
        /// while an open form has no closing time.
        public var lastsUntil: Date? {
            guard let form = self.form else { return self.endsAt }
            return form.closesAt.map { max($0, self.endsAt) }
        }
    }

    /// What the clock says at one instant.
    public struct Reading: Sendable, Equatable {
        /// The session happening now; nil between sessions.
        public var current: Session?
        /// The first session that has not begun.
        public var next: Session?
        /// The session before the current one (between sessions: the last one that began).
        public var previous: Session?
        /// Whether the previous session's form still takes answers (its own code keeps working).
        public var previousFormOpen: Bool

        /// The code the room opens for `meetingID`'s form: the series' stable code while that
        /// session is the one happening now (the series code opens it then), else the form's own,
        /// so a code never sends the room to another week. The presenter and the home page ask it.
        public func roomCode(meetingID: UUID, seriesCode: String?, formCode: String) -> String {
            self.current?.meetingID == meetingID ? seriesCode ?? formCode : formCode
        }
    }

    /// The series' sessions, in the order they begin (ties: by session number).
    public let sessions: [Session]

    public init(sessions: [Session]) {
        self.sessions = sessions.sorted { ($0.startsAt, $0.sessionNumber) < ($1.startsAt, $1.sessionNumber) }
    }

    /// The current, next and previous session at `instant`.
    public func reading(at instant: Date) -> Reading {
        let begun = self.sessions.prefix { $0.beginsAt <= instant }
        let latest = begun.last
        let lasts = latest.map { session in session.lastsUntil.map { instant < $0 } ?? true } ?? false
        let current = lasts ? latest : nil
        let previous = lasts ? begun.dropLast().last : latest
        return Reading(
            current: current, next: self.sessions.dropFirst(begun.count).first, previous: previous,
            previousFormOpen: previous?.form?.isOpen(at: instant) ?? false)
    }

    /// Whether the session `meetingID` is planned at `instant`: it has not begun. Unknown ids
    /// are not planned.
    public func isPlanned(_ meetingID: UUID, at instant: Date) -> Bool {
        self.sessions.first { $0.meetingID == meetingID }.map { $0.beginsAt > instant } ?? false
    }

    /// The first session after `meetingID` (in the order sessions begin) that has not begun at
    /// `instant`: what "Next session" opens instead of planning one more after the last.
    public func nextPlanned(after meetingID: UUID, at instant: Date) -> Session? {
        let from = self.sessions.firstIndex { $0.meetingID == meetingID }.map { $0 + 1 } ?? 0
        return self.sessions[from...].first { $0.beginsAt > instant }
    }
}

/// Where "now" comes from: the system clock in the app, a chosen instant in tests. One value
/// handed to every action that asks the series clock, so no feature reads the wall clock itself.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The machine's clock.
    public static let system = WallClock { Date() }

    /// Always `instant` (tests).
    public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }
}
