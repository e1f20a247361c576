import Debrief
import DebriefStore
import Foundation

/// The host's home page (`/m`, issue 68 goal 7) and `GET /v1/meetings/next`: the nearest meeting
/// and each listed series' clock, read at one instant of the injected ``WallClock``, so the page
/// says "starts in …", grows the QR code and picks each series' first session by the same "now".
extension MeetingActions {
    /// The viewer's nearest meeting, and the clock's view of that session.
    public struct Nearest: Sendable {
        public var meeting: Meeting
        public var session: SeriesClock.Session
        /// Its series' clock read at the same instant (which session is now).
        public var reading: SeriesClock.Reading
    }

    /// One page of the home page's series, with their clocks, read at `at`.
    public struct HomeSeries: Sendable {
        public var at: Date
        public var entries: [MeetingStore.SeriesEntry]
        public var hasMore: Bool
        /// Each listed series' clock (its sessions not in the trash), by series id.
        public var clocks: [UUID: SeriesClock]
    }

    /// The instant the home page and the nearest meeting are read at (the app's clock).
    public var now: Date { self.clock.now() }

    /// The viewer's nearest meeting at `instant` (``NearestMeeting``: over their own series and
    /// those shared with them, the current session while its meeting lasts, else the next one
    /// that starts first); nil when none is ahead.
    public func nearest(for viewer: Viewer, at instant: Date) async throws -> Nearest? {
        let series = try await self.meetings.seriesAhead(for: viewer, at: instant)
        let clocks = try await self.meetings.clocks.clocks(series: series)
        guard let session = NearestMeeting.nearest(in: Array(clocks.values), at: instant),
            let meeting = try await self.meetings.find(session.meetingID, visibleTo: viewer),
            let reading = clocks[meeting.seriesID]?.reading(at: instant)
        else { return nil }
        return Nearest(meeting: meeting, session: session, reading: reading)
    }

    /// One page of the viewer's series (``seriesPage(for:search:page:perPage:)``) with each
    /// series' clock, read at `instant`.
    public func homeSeries(
        for viewer: Viewer, search: String?, page: Int, perPage: Int, at instant: Date
    ) async throws -> HomeSeries {
        let listed = try await self.seriesPage(for: viewer, search: search, page: page, perPage: perPage)
        let clocks = try await self.meetings.clocks.clocks(series: listed.entries.map(\.seriesID))
        return HomeSeries(at: instant, entries: listed.entries, hasMore: listed.hasMore, clocks: clocks)
    }
}
