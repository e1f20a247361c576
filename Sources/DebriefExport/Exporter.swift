import Debrief
import DebriefStore
import Foundation

/// Writes an export as CSV: the row layouts (`responses`, `answers`) straight from the store's
/// `COPY`, the computed layouts (`summary`, `trends`) rendered from the same ``ResultsReport`` and
/// ``TrendsReport`` the API serves, and `actions` and `roomQuestions` from what their stores read
/// through their own gates. `debrief export` and the `export.csv` routes both call it.
public struct Exporter: Sendable {
    let exports: ExportStore
    let results: ResultsStore
    /// "Now" for the series clock: which sessions the trends leave out as planned (decision 83).
    let clock: WallClock

    public init(exports: ExportStore, results: ResultsStore, clock: WallClock = .system) {
        self.clock = clock
        self.exports = exports
        self.results = results
    }

    /// Checks that the target exists and that `viewer` may see it (see ``ExportStore/prepare(_:visibleTo:)``).
    public func prepare(_ request: ExportRequest, visibleTo viewer: Viewer) async throws -> ExportStore.Prepared {
        try await self.exports.prepare(request, visibleTo: viewer)
    }

    /// Streams the file of `export` into `sink`. A CSV: the byte order mark if asked for, one
    /// header row, then the rows; the next chunk is produced only after `sink` returns
    /// (back-pressure). An .xlsx (``writeWorkbook(_:to:temporaryDirectory:maxBytes:)``) is built
    /// in temporary files in `temporaryDirectory`, its sheets' XML bounded by `maxBytes`.
    public func write(
        _ export: ExportStore.Prepared, to sink: ExportSink, temporaryDirectory: String = NSTemporaryDirectory(), maxBytes: Int? = nil
    ) async throws {
        switch export.request.format {
        case .csv: try await self.writeCSV(export, to: sink)
        case .xlsx: try await self.writeWorkbook(export, to: sink, temporaryDirectory: temporaryDirectory, maxBytes: maxBytes)
        }
    }

    /// Streams the CSV of `export` into `sink`.
    func writeCSV(_ export: ExportStore.Prepared, to sink: ExportSink) async throws {
        // The sink is only used during this call.
        try await withoutActuallyEscaping(sink) { sink in
            let stream = self.exports.csvStream(export, to: sink)
            try await stream.start()
            if ExportStore.isRowLayout(export) {
                _ = try await self.exports.writeRowLayout(export, privacy: try await self.privacy(export), to: stream)
                return
            }
            switch export.request.layout {
            case .summary(let window):
                try await self.writeSummary(export, filter: window.resultsFilter, to: stream)
            case .trends:
                try await self.writeTrends(export, to: stream)
            case .actions:
                try await stream.header(ActionsLayout.header)
                for session in try await self.exports.sessions(export) {
                    let items = try await self.exports.actions(of: session, export)
                    let columns = ActionsLayout.columns(items, session: session, zone: export.timeZone, zoneName: export.timeZoneName)
                    try await stream.rows(columns: columns, textColumns: ActionsLayout.textColumns)
                }
            case .roomQuestions:
                try await stream.header(RoomQuestionsLayout.header)
                for session in try await self.exports.sessions(export) {
                    let questions = try await self.exports.roomQuestions(of: session, export)
                    let columns = RoomQuestionsLayout.columns(
                        questions, session: session, zone: export.timeZone, zoneName: export.timeZoneName)
                    try await stream.rows(columns: columns, textColumns: RoomQuestionsLayout.textColumns)
                }
            case .responses, .answers:
                break
            }
        }
    }

    /// What the privacy rule withholds from the row layouts: each exported meeting's
    /// ``Disclosure``, decided on its unfiltered counts as its results are (a window narrows the
    /// rows, never what k lets them show).
    public func privacy(_ export: ExportStore.Prepared) async throws -> ExportPrivacy {
        var disclosures: [Disclosure] = []
        for meeting in try await self.exports.meetingsWithPublishedForms(export) {
            guard let counts = try await self.results.counts(meeting: meeting, visibleTo: export.viewer, filter: ResultsFilter()) else {
                continue
            }
            disclosures.append(PrivacyRule.disclosure(of: counts, filter: ResultsFilter()))
        }
        return ExportPrivacy(disclosures)
    }

    /// One block of rows per meeting with a published form, each from that meeting's report.
    private func writeSummary(_ export: ExportStore.Prepared, filter: ResultsFilter, to stream: CSVStream) async throws {
        try await stream.header(SummaryLayout.header)
        try await self.writeSummaryRows(export, filter: filter, to: stream)
    }

    /// The summary rows of `export`, without a header (a team's file holds several series').
    func writeSummaryRows(_ export: ExportStore.Prepared, filter: ResultsFilter, to stream: CSVStream) async throws {
        for meeting in try await self.exports.meetingsWithPublishedForms(export) {
            guard let counts = try await self.results.counts(meeting: meeting, visibleTo: export.viewer, filter: filter) else { continue }
            let report = ResultsReport(counts, filter: filter)
            try await stream.rows(columns: SummaryLayout.columns(report, of: counts.meeting), textColumns: SummaryLayout.textColumns)
        }
    }

    /// One block of rows per series, each from that series' trends report.
    private func writeTrends(_ export: ExportStore.Prepared, to stream: CSVStream) async throws {
        try await stream.header(TrendsLayout.header)
        for series in try await self.exports.series(export) {
            let sessions = try await self.results.seriesCounts(series: series, visibleTo: export.viewer)
            let clock = try await self.results.clocks.clock(series: series)
            let report = TrendsReport(seriesID: series, counted: sessions, clock: clock, at: self.clock.now())
            try await stream.rows(columns: TrendsLayout.columns(report, zone: export.timeZone, zoneName: export.timeZoneName), textColumns: TrendsLayout.textColumns)
        }
    }
}
