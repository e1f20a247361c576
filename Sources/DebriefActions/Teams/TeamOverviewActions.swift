import Debrief
import DebriefStore
import Foundation

/// A team's overview (issue 70 goal 3) at the app's ``WallClock`` instant: each series' trends
/// report built as `GET /v1/series/{id}/trends` builds it
/// (``TrendsReport/init(seriesID:counted:clock:at:)``), then ``TeamOverview`` picks the clock's
/// session and the shared question's trend from it.
public struct TeamOverviewActions: Sendable {
    let overviews: TeamOverviewStore
    let clock: WallClock

    public init(overviews: TeamOverviewStore, clock: WallClock) {
        self.overviews = overviews
        self.clock = clock
    }

    /// The overview of team `id` with the trend of `question` (a shared question's key; nil: the
    /// most shared). `notFound` for anyone but its members and installation admins; a
    /// ``ValidationFailure`` at `question` when it names no shared question.
    public func overview(_ id: UUID, question: String?, visibleTo viewer: Viewer) async throws -> TeamOverview {
        let (team, series) = try await self.overviews.read(id, visibleTo: viewer)
        let instant = self.clock.now()
        let inputs = series.map { read in
            TeamOverview.SeriesInput(
                series: read.series,
                report: TrendsReport(seriesID: read.series.seriesID, counted: read.sessions, clock: read.clock, at: instant),
                clock: read.clock)
        }
        return try TeamOverview(team: team, series: inputs, at: instant, question: question)
    }
}
