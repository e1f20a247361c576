import Debrief
import DebriefStore
import Foundation

/// Action items of a session (decision 74) and the series' review of them (decision 85): the one
/// use case the JSON routes and the pages share. Bodies are validated here
/// (``ActionItemInput/validate()``) before the store is asked; the store checks the meeting's
/// gate, the cap and that owner and question are the session's. Which actions a review lists is
/// ``ActionReview``'s rule over the series' clock (``SeriesClockStore``), at the app's
/// ``WallClock``, which also times each closing.
public struct ActionItemActions: Sendable {
    let items: ActionItemStore
    let clocks: SeriesClockStore
    let clock: WallClock

    public init(items: ActionItemStore, clocks: SeriesClockStore, clock: WallClock = .system) {
        self.items = items
        self.clocks = clocks
        self.clock = clock
    }

    /// The review that opens a session: the session before it (nil for the series' first) and
    /// the lines ``ActionReview/lines(of:actions:clock:)`` lists.
    public struct Review: Sendable {
        public var previous: SeriesClock.Session?
        public var lines: [ActionReview.Line]
    }

    public func list(meeting: UUID, by viewer: Viewer) async throws -> [ActionItem] {
        try await self.items.list(meeting: meeting, by: viewer)
    }

    /// The review of session `meeting`: the series' actions open as of it, however old, and those
    /// closed in its review.
    public func review(meeting: UUID, by viewer: Viewer) async throws -> Review {
        let (session, candidates) = try await self.items.reviewCandidates(meeting: meeting, by: viewer)
        let clock = try await self.clocks.clock(series: session.seriesID)
        let index = clock.sessions.firstIndex { $0.meetingID == session.id }
        let previous = index.flatMap { $0 > 0 ? clock.sessions[$0 - 1] : nil }
        return Review(previous: previous, lines: ActionReview.lines(of: session.id, actions: candidates, clock: clock))
    }

    /// The series' open actions now, each with the sessions it has been open.
    public func open(series: UUID, by viewer: Viewer) async throws -> [ActionReview.Line] {
        let items = try await self.items.open(series: series, by: viewer)
        let clock = try await self.clocks.clock(series: series)
        return ActionReview.open(actions: items, clock: clock, at: self.clock.now())
    }

    public func create(meeting: UUID, by viewer: Viewer, _ input: ActionItemInput) async throws -> ActionItem {
        try await self.items.create(meeting: meeting, by: viewer, try input.validate().get(), at: self.clock.now())
    }

    public func update(meeting: UUID, action: UUID, by viewer: Viewer, _ input: ActionItemPatchInput) async throws -> ActionItem {
        try await self.items.update(meeting: meeting, action: action, by: viewer, try input.validate().get(), at: self.clock.now())
    }

    /// Marks an action in the review of session `review` (done, not done — open — or dropped),
    /// where it lives, its own session: any action that review lists, however old; any other is
    /// `notFound`. Closed here, it is this review's (decision 85).
    public func mark(inReviewOf review: UUID, action: UUID, by viewer: Viewer, status: String) async throws -> ActionItem {
        let change = try ActionItemPatchInput(status: status).validate().get()
        guard let line = try await self.review(meeting: review, by: viewer).lines.first(where: { $0.item.id == action }) else {
            throw DebriefError.notFound("action")
        }
        return try await self.items.update(
            meeting: line.item.meetingID, action: action, by: viewer, change, at: self.clock.now(), inReviewOf: review)
    }

    public func delete(meeting: UUID, action: UUID, by viewer: Viewer) async throws {
        try await self.items.delete(meeting: meeting, action: action, by: viewer)
    }
}
