import Debrief
import DebriefStore
import Foundation

/// Calendars (docs/decisions/0040-calendar.md): a series' private feed, one session's `.ics`,
/// and a series planned from a recurrence rule. Nothing here reads answers: a calendar shows
/// a meeting's plan and links only, so no output passes through `Disclosure`.
public struct CalendarActions: Sendable {
    let calendars: CalendarStore
    /// The base of every link the calendar carries (participant and host pages).
    let publicBaseURL: String

    public init(calendars: CalendarStore, publicBaseURL: String) {
        self.calendars = calendars
        self.publicBaseURL = publicBaseURL
    }

    /// The subscribe URL of a feed token.
    public func feedURL(token: String) -> String { "\(self.publicBaseURL)/v1/calendar/\(token).ics" }

    public func feed(series: UUID, by viewer: Viewer) async throws -> CalendarStore.Feed? {
        try await self.calendars.feed(series: series, by: viewer)
    }

    /// A new feed URL for the series (replacing the old one): shown once.
    public func issueFeed(series: UUID, by viewer: Viewer) async throws -> String {
        self.feedURL(token: try await self.calendars.issueFeed(series: series, by: viewer))
    }

    public func revokeFeed(series: UUID, by viewer: Viewer) async throws {
        try await self.calendars.revokeFeed(series: series, by: viewer)
    }

    /// The feed's text, or `notFound` for a wrong, rotated or revoked token (no difference told).
    public func feedText(token: String) async throws -> String {
        // A token is a `dbc_` value of 43 characters after the prefix; anything else is not looked up.
        guard token.hasPrefix("dbc_"), token.count < 100, let feed = try await self.calendars.feedSessions(token: token) else {
            throw DebriefError.notFound("calendar")
        }
        let name = feed.sessions.last?.title
        return ICalendarDocument(
            name: name, timeZone: feed.timeZone ?? "UTC",
            events: feed.sessions.map { $0.event(baseURL: self.publicBaseURL, forHost: true) }
        ).rendered()
    }

    /// One session's `.ics` for its host (or anyone with a role in its series).
    public func sessionText(meeting id: UUID, by viewer: Viewer) async throws -> String {
        guard let session = try await self.calendars.session(meeting: id, visibleTo: viewer) else { throw DebriefError.notFound("meeting") }
        return ICalendarDocument(timeZone: session.timeZone, events: [session.event(baseURL: self.publicBaseURL, forHost: true)]).rendered()
    }

    /// One session's `.ics` for a participant holding its form's code: the participant link only.
    public func participantText(code: String) async throws -> String {
        guard let session = try await self.calendars.session(code: code) else { throw DebriefError.notFound("form") }
        return ICalendarDocument(timeZone: session.timeZone, events: [session.event(baseURL: self.publicBaseURL, forHost: false)]).rendered()
    }

    /// Computes a plan from the input and the host's zone; the HTTP layer's ``CalendarImport``
    /// runs ``CalendarSeriesPlan/make(_:hostZone:budget:)`` off the event loops with a budget
    /// its client's leaving cancels.
    public typealias Planner = @Sendable (_ input: CalendarSeriesInput, _ hostZone: String?) async throws
        -> Result<CalendarSeriesPlan, ValidationFailure>

    /// A new series of the viewer from a rule (see ``CalendarSeriesPlan``): every session within
    /// the horizon, or a problem naming the field; `conflict` naming the dates that overlap.
    public func createSeries(
        by viewer: Viewer, _ input: CalendarSeriesInput, planning plan: Planner
    ) async throws -> (plan: CalendarSeriesPlan, sessions: [Meeting]) {
        try await self.createSeries(by: viewer) { hostZone in try await plan(input, hostZone) }
    }

    /// A new series of the viewer from whatever plan `plan` makes given the host's zone: a
    /// calendar event (above) or "repeats" on a new meeting
    /// (``CalendarSeriesPlan/make(repeating:hostZone:budget:)``); every session through the
    /// store's one insert, or a problem naming the field.
    public func createSeries(
        by viewer: Viewer, planning plan: (_ hostZone: String?) async throws -> Result<CalendarSeriesPlan, ValidationFailure>
    ) async throws -> (plan: CalendarSeriesPlan, sessions: [Meeting]) {
        let made = try await plan(try await self.calendars.timeZone(of: viewer)).get()
        return (made, try await self.calendars.createSeries(made, by: viewer))
    }
}
