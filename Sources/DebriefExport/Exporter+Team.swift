import Debrief
import DebriefStore
import Foundation

/// A team's summary export (issue 70 goal 3): one header, then each team series' summary rows,
/// each series' exactly as its own `summary` export writes them (the same results report, so k
/// and withholding hold as they do there). `debrief export --team` and
/// `GET /v1/teams/{id}/export.csv` both call it.
extension Exporter {
    /// The team's export, for its members and installation admins; `notFound` for anyone else.
    public func prepareTeam(_ id: UUID, window: SubmissionWindow, csv: CSVOptions, visibleTo viewer: Viewer) async throws -> TeamExport {
        try await self.exports.prepareTeam(id, window: window, csv: csv, visibleTo: viewer, now: self.clock.now())
    }

    /// Streams the team's summary CSV into `sink`, with back-pressure as ``write(_:to:temporaryDirectory:maxBytes:)``.
    public func writeTeamSummary(_ export: TeamExport, to sink: ExportSink) async throws {
        // The sink is only used during this call.
        try await withoutActuallyEscaping(sink) { sink in
            let stream = self.exports.csvStream(export, to: sink)
            try await stream.start()
            try await stream.header(SummaryLayout.header)
            for series in export.series {
                try await self.writeSummaryRows(series, filter: export.window.resultsFilter, to: stream)
            }
        }
    }
}
