import Debrief
import Foundation

/// What a team's overview reads (issue 70 goal 3): the team (``TeamAccess``: a 404 to anyone
/// outside it), its series, each series' counted sessions as its trends read them
/// (``ResultsStore/seriesCounts(series:visibleTo:)``, so who sees what stays MeetingVisibility's)
/// and each series' clock (``SeriesClockStore``, the one reader of "which session is now").
public struct TeamOverviewStore: Sendable {
    let teams: TeamStore
    let results: ResultsStore

    public init(teams: TeamStore, results: ResultsStore) {
        self.teams = teams
        self.results = results
    }

    /// One series of the team as read.
    public struct SeriesRead: Sendable {
        public var series: TeamSeries
        /// Its sessions with their counts, as the series' trends count them (empty while it has
        /// no live session).
        public var sessions: [SessionCounts]
        public var clock: SeriesClock
    }

    /// The team and its series, newest session first, for its members and installation admins.
    ///
    /// - Throws: ``DebriefError`` `notFound` naming the team for anyone else.
    public func read(_ id: UUID, visibleTo viewer: Viewer) async throws -> (team: Team, series: [SeriesRead]) {
        let team = try await self.teams.team(id, visibleTo: viewer)
        let series = try await self.teams.series(of: id, visibleTo: viewer)
        let clocks = try await self.results.clocks.clocks(series: series.map(\.seriesID))
        var read: [SeriesRead] = []
        for entry in series {
            let sessions: [SessionCounts]
            do {
                sessions = try await self.results.seriesCounts(series: entry.seriesID, visibleTo: viewer)
            } catch let error as DebriefError where error.code == .notFound {
                // A series without a live session: nothing counted yet.
                sessions = []
            }
            read.append(SeriesRead(series: entry, sessions: sessions, clock: clocks[entry.seriesID] ?? SeriesClock(sessions: [])))
        }
        return (team, read)
    }
}
