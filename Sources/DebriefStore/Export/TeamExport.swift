import Debrief
import Foundation

/// A team's summary export (issue 70 goal 3): the export of each series the team owns, each
/// prepared exactly as that series' own export is (``ExportStore/prepare(_:visibleTo:)``), so
/// which sessions a member sees and what k withholds are decided once, by the owners of one
/// series' export, never a second time for the team.
public struct TeamExport: Sendable {
    public let team: Team
    /// Each team series' prepared `summary` export, newest session first (the team's order); a
    /// series without a session the viewer sees is left out, as its own export would be a 404.
    public let series: [ExportStore.Prepared]
    public let window: SubmissionWindow
    public let csv: CSVOptions
    /// `debrief-<team>-team-<day of the export>-summary-utf8.csv`, the day in UTC.
    public let fileName: ExportFileName

    /// The export as every export is named: the team's target, its summary, its CSV options;
    /// what the read record's one export row is made from (``AuditEvent/export(_:)``).
    public var request: ExportRequest {
        ExportRequest(target: .team(self.team.id), layout: .summary(self.window), csv: self.csv)
    }
}

extension ExportStore {
    /// The team's summary export, for its members (any role) and installation admins.
    ///
    /// - Throws: ``DebriefError`` `notFound` naming the team for anyone else (``TeamAccess``).
    public func prepareTeam(
        _ id: UUID, window: SubmissionWindow, csv: CSVOptions, visibleTo viewer: Viewer, now: Date = Date()
    ) async throws -> TeamExport {
        let teams = TeamStore(database: self.database)
        let team = try await teams.team(id, visibleTo: viewer)
        var prepared: [Prepared] = []
        for series in try await teams.series(of: id, visibleTo: viewer) {
            let request = ExportRequest(target: .series(series.seriesID), layout: .summary(window), csv: csv)
            do {
                prepared.append(try await self.prepare(request, visibleTo: viewer))
            } catch let error as DebriefError where error.code == .notFound {
                continue
            }
        }
        let suffix = ExportRequest(target: .all, layout: .summary(window), csv: csv).fileNameSuffix
        let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        let fileName = ExportFileName(title: team.name + " team", series: false, date: now, zone: utc, suffix: suffix)
        return TeamExport(team: team, series: prepared, window: window, csv: csv, fileName: fileName)
    }

    /// A CSV stream of the team's export into `sink` (as ``csvStream(_:to:)`` for one target).
    public func csvStream(_ export: TeamExport, to sink: @escaping ExportSink) -> CSVStream {
        let counters = self.metrics.layout(.summary)
        let counted: ExportSink = { chunk in
            try await sink(chunk)
            counters?.bytes.increment(by: chunk.count)
        }
        return CSVStream(copy: CSVCopy(options: export.csv, sink: counted, rowCounter: counters?.rows), store: self)
    }
}
