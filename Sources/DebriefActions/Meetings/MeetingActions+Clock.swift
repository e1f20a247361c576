import Debrief
import DebriefStore
import Foundation

/// The series clock as the host's pages ask it (docs/decisions/0083): the roster's attendance
/// and the presenter's code read the clock of the meeting's series at the app's ``WallClock``
/// instant, never "the latest session" or `Date()` of their own.
extension MeetingActions {
    /// What the clock of a meeting's series says at one instant.
    public struct SeriesNow: Sendable {
        public var clock: SeriesClock
        /// The instant it is read at (the app's ``WallClock``).
        public var instant: Date

        public var reading: SeriesClock.Reading { self.clock.reading(at: self.instant) }
    }

    /// The clock of `meeting`'s series, read now. The caller found the meeting for its viewer.
    public func seriesNow(of meeting: Meeting) async throws -> SeriesNow {
        SeriesNow(clock: try await self.meetings.clocks.clock(series: meeting.seriesID), instant: self.clock.now())
    }
}
