import Debrief
import DebriefStore
import Foundation

/// A host's meetings and their recurring series. Another host's meeting is "not found" in every
/// operation, as if it did not exist.
public struct MeetingActions: Sendable {
    let meetings: MeetingStore
    /// For closing the previous session's form when the next one is planned (its close path).
    let forms: FormStore
    /// Told when a meeting changes or goes, so shared results and live viewers follow.
    let notifier: ResultsNotifier?
    /// "Now" for the series clock (docs/decisions/0083).
    let clock: WallClock

    public init(meetings: MeetingStore, forms: FormStore, notifier: ResultsNotifier? = nil, clock: WallClock = .system) {
        self.clock = clock
        self.meetings = meetings
        self.forms = forms
        self.notifier = notifier
    }

    /// A new series and its first session; `timeZone` (else the host's zone) is the series'.
    public func create(by viewer: Viewer, _ input: MeetingInput) async throws -> Meeting {
        try await self.create(by: viewer, try input.validateNew().get())
    }

    /// A new series of one session. A meeting that repeats is a planned series, made by the HTTP
    /// layer's `MeetingCreation` through the bounded calendar planner; here it is refused at
    /// `repeats` rather than made as one session.
    public func create(by viewer: Viewer, _ new: NewSeriesMeeting) async throws -> Meeting {
        guard new.repeats == .none else { throw ValidationFailure(FieldProblem("repeats", "is planned as a series, not here")) }
        return try await self.meetings.create(by: viewer, new)
    }

    /// The first free slot of `duration` for the viewer's own meetings, from `earliest` on, on a
    /// full hour of `zone` (the host's): what "New meeting" pre-fills (see ``FreeSlot``).
    public func freeSlot(for viewer: Viewer, from earliest: Date, lasting duration: TimeInterval, in zone: TimeZone) async throws -> Date {
        // A host with more than a thousand meetings ahead still gets a slot: after the last one read.
        let busy = try await self.meetings.busyTimes(host: viewer.accountID, after: earliest, limit: 1_000)
        return FreeSlot.first(after: earliest, lasting: duration, busy: busy, in: zone)
    }

    /// The meeting, or `notFound` when it does not exist or belongs to another host (not shared);
    /// `forbidden` when the viewer's role may not do `action`.
    public func find(_ id: UUID, visibleTo viewer: Viewer, toDo action: SeriesAction = .read) async throws -> Meeting {
        guard let meeting = try await self.meetings.find(id, visibleTo: viewer, toDo: action) else { throw DebriefError.notFound("meeting") }
        return meeting
    }

    public func list(for viewer: Viewer, scope: MeetingScope, after cursor: String?, limit: Int) async throws -> MeetingPage {
        try await self.meetings.list(for: viewer, scope: scope, after: cursor, limit: limit)
    }

    /// The viewer's nearest meeting by the series clock (``nearest(for:at:)``, the one the home
    /// page shows first), or `notFound`.
    public func next(for viewer: Viewer) async throws -> Meeting {
        guard let nearest = try await self.nearest(for: viewer, at: self.clock.now()) else {
            throw DebriefError.notFound("an upcoming meeting")
        }
        return nearest.meeting
    }

    public func update(_ id: UUID, by viewer: Viewer, _ patch: MeetingPatchInput) async throws -> Meeting {
        let meeting = try await self.meetings.update(id, by: viewer, patch)
        self.notifier?.changed(meeting: id)
        return meeting
    }

    /// Moves the meeting to the trash (see ``MeetingStore/trash(_:by:)``); `notFound` as `find`.
    public func delete(_ id: UUID, by viewer: Viewer) async throws {
        try await self.meetings.trash(id, by: viewer)
        self.notifier?.changed(meeting: id)
    }

    /// Brings a meeting of the viewer back from the trash; `conflict` when its time is taken now.
    public func restore(_ id: UUID, by viewer: Viewer) async throws -> Meeting {
        let meeting = try await self.meetings.restore(id, by: viewer)
        self.notifier?.changed(meeting: id)
        return meeting
    }

    /// The viewer's meetings in the trash, most recently deleted first.
    public func trashed(by viewer: Viewer) async throws -> [MeetingStore.TrashedMeeting] {
        try await self.meetings.trashed(by: viewer)
    }

    /// One page of the viewer's series for the meetings list (latest first), optionally searched
    /// by title (`search` trimmed; blank means everything).
    public func seriesPage(
        for viewer: Viewer, search: String?, page: Int, perPage: Int
    ) async throws -> (entries: [MeetingStore.SeriesEntry], hasMore: Bool) {
        let query = search?.trimmingCharacters(in: .whitespacesAndNewlines).prefix(200)
        return try await self.meetings.seriesPage(
            for: viewer, search: (query?.isEmpty ?? true) ? nil : String(query!), page: max(1, min(page, 10_000)), perPage: perPage)
    }

    /// Each listed session's form state and response count (see ``MeetingStore/SessionStatus``).
    public func sessionStatuses(
        of entries: [MeetingStore.SeriesEntry]
    ) async throws -> [UUID: MeetingStore.SessionStatus] {
        try await self.meetings.sessionStatuses(entries.flatMap { $0.sessions.map(\.id) })
    }

    public func series(_ id: UUID, visibleTo viewer: Viewer) async throws -> [Meeting] {
        try await self.meetings.series(id, visibleTo: viewer)
    }

    /// The next session of `previousID`'s series: its own times (both required) and, unless
    /// given, the previous session's title, place and head count. Its form starts as a copy of
    /// the series' latest form (see ``MeetingStore/createNext(by:after:_:)``).
    ///
    /// With `closingPreviousForm`, the form of session `previousID` stops taking answers once the
    /// new session exists (after it: a refused overlap leaves last week's form open), through the
    /// form's own close path: the `form.closed` webhook, live viewers and calendars follow as
    /// when the host closes it. A draft, a missing or an already closed form is left as it is.
    public func createNext(
        after previousID: UUID, by viewer: Viewer, _ patch: MeetingPatchInput, closingPreviousForm: Bool = false
    ) async throws -> Meeting {
        let previous = try await self.find(previousID, visibleTo: viewer, toDo: .edit)
        var problems = ProblemCollector()
        if patch.startsAt == nil { problems.add("startsAt", "is required") }
        if patch.endsAt == nil { problems.add("endsAt", "is required") }
        guard problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let details = try previous.details.applying(patch).get()
        let meeting = try await self.meetings.createNext(by: viewer, after: previousID, details)
        if closingPreviousForm, try await self.hasOpenForm(previousID, visibleTo: viewer) {
            _ = try await self.forms.close(meeting: previousID, by: viewer)
            self.notifier?.changed(meeting: previousID)
        }
        return meeting
    }

    /// The time "Next session" proposes after `previousID`'s series (``NextSessionSlot``): the
    /// schedule's next occurrence after the latest session, else a week after it, passing over
    /// slots the host's meetings take. Whichever session the host is on, the proposal is the same.
    public func proposedNextSession(after previousID: UUID, by viewer: Viewer) async throws -> DateInterval {
        _ = try await self.find(previousID, visibleTo: viewer, toDo: .edit)
        guard let rhythm = try await self.meetings.rhythm(ofSeriesOf: previousID, visibleTo: viewer) else {
            throw DebriefError.notFound("meeting")
        }
        let busy = try await self.meetings.busyTimes(host: rhythm.hostID, after: rhythm.latest.start, limit: 1_000)
        return NextSessionSlot.propose(
            first: rhythm.first, latest: rhythm.latest, schedule: rhythm.schedule, zone: rhythm.timeZone, busy: busy,
            length: rhythm.defaultDuration)
    }

    /// The planned session (not begun, by the series clock) that follows `previousID` in its
    /// series, nil when none is planned: "Next session" on a planned series edits that one rather
    /// than planning one more after the last (docs/decisions/0083).
    public func nextPlannedSession(after previousID: UUID, by viewer: Viewer) async throws -> UUID? {
        _ = try await self.find(previousID, visibleTo: viewer, toDo: .edit)
        let clock = try await self.meetings.clocks.clock(ofSeriesOf: previousID)
        return clock.nextPlanned(after: previousID, at: self.clock.now())?.meetingID
    }

    /// The series' default place of a new session (decision 73), nil when it has none.
    public func defaultPlace(ofSeriesOf meetingID: UUID, by viewer: Viewer) async throws -> String? {
        try await self.meetings.rhythm(ofSeriesOf: meetingID, visibleTo: viewer)?.defaultPlace
    }

    /// Whether the meeting's form takes answers now (what "close the previous session's form" would close).
    public func hasOpenForm(_ id: UUID, visibleTo viewer: Viewer) async throws -> Bool {
        try await self.forms.published(meeting: id, visibleTo: viewer)?.state() == .open
    }
}
