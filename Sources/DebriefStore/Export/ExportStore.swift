import Debrief
import Foundation
import PQ

/// Takes results out as CSV, for the `debrief export` command and the `export.csv` routes alike.
///
/// Two steps, so an HTTP response can still be a 404 before any byte is sent: ``prepare(_:visibleTo:)``
/// finds the meeting, series or host (another host's meeting is "not found", as everywhere), then
/// ``write(_:to:)`` streams the file. The row layouts (`responses`, `answers`) are one
/// `COPY (SELECT …) TO STDOUT` each, so memory stays flat whatever the number of rows; the
/// computed layouts (`summary`, `trends`) reuse ``ResultsStore``, ``ResultsBuilder`` and
/// ``TrendBuilder``, so their numbers are the API's.
public struct ExportStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// An export whose target exists and is visible to its viewer.
    public struct Prepared: Sendable {
        public let request: ExportRequest
        let viewer: Viewer
        /// Selects the `m` rows (meetings) the export covers.
        let meetings: SQLQuery

        public var fileName: String { self.request.suggestedFileName }
    }

    /// Checks that the target exists and that `viewer` may see it.
    ///
    /// - Throws: ``DebriefError`` `notFound` naming the meeting, series or host.
    public func prepare(_ request: ExportRequest, visibleTo viewer: Viewer) async throws -> Prepared {
        let visible: SQLQuery = viewer.isAdmin ? "" : " AND m.host_id = \(viewer.accountID)::uuid"
        let meetings: SQLQuery
        switch request.target {
        case .meeting(let id):
            meetings = "m.id = \(id)::uuid" + visible
            guard try await self.exists(meetings) else {
                throw DebriefError.notFound("meeting \(id.uuidString.lowercased())")
            }
        case .series(let id):
            meetings = "m.series_id = \(id)::uuid" + visible
            guard try await self.exists(meetings) else {
                throw DebriefError.notFound("series \(id.uuidString.lowercased())")
            }
        case .host(let email):
            let host = try await self.database.query("SELECT id FROM accounts WHERE lower(email) = lower(\(email))").first
            guard let hostID: UUID = try host?.decode("id"), viewer.isAdmin || hostID == viewer.accountID else {
                throw DebriefError.notFound("host \(email)")
            }
            meetings = "m.host_id = \(hostID)::uuid" + visible
        case .all:
            meetings = viewer.isAdmin ? "true" : "m.host_id = \(viewer.accountID)::uuid"
        }
        return Prepared(request: request, viewer: viewer, meetings: meetings)
    }

    /// Streams the CSV of `export` into `sink`: the byte order mark if asked for, one header row,
    /// then the rows.
    public func write(_ export: Prepared, to sink: ExportSink) async throws {
        // The sink is only used during this call; CSVCopy holds it for the call's length.
        try await withoutActuallyEscaping(sink) { sink in
            try await self.write(export, csv: CSVCopy(options: export.request.csv, sink: sink))
        }
    }

    private func write(_ export: Prepared, csv: CSVCopy) async throws {
        try await csv.start()
        if let rows = try await self.rowLayout(export, csv: csv) {
            try await self.streaming { connection in
                try await csv.header(rows.header, on: connection)
                try await csv.rows(rows.select, on: connection)
            }
            return
        }
        let results = ResultsStore(database: self.database)
        switch export.request.layout {
        case .summary(let window):
            try await self.streaming { try await csv.header(SummaryLayout.header, on: $0) }
            for meeting in try await self.meetingsWithPublishedForms(export.meetings) {
                guard let counts = try await results.counts(meeting: meeting, visibleTo: export.viewer, filter: window.resultsFilter)
                else { continue }
                let rows = SummaryLayout.columns(counts)
                try await self.streaming { try await csv.rows(columns: rows, textColumns: SummaryLayout.textColumns, on: $0) }
            }
        case .trends:
            try await self.streaming { try await csv.header(TrendsLayout.header, on: $0) }
            for series in try await self.series(export.meetings) {
                let sessions = try await results.seriesCounts(series: series, visibleTo: export.viewer)
                let rows = TrendsLayout.columns(series: series, trends: TrendBuilder.trends(sessions))
                try await self.streaming { try await csv.rows(columns: rows, textColumns: TrendsLayout.textColumns, on: $0) }
            }
        case .responses, .answers:
            break
        }
    }

    /// The one `SELECT` whose rows a `responses` or `answers` export streams (after its header
    /// row); nil for the computed layouts. The benchmark replays it through psql's `\copy`.
    public func rowQuery(_ export: Prepared) async throws -> SQLQuery? {
        try await self.rowLayout(export, csv: CSVCopy(options: export.request.csv, sink: { _ in }))?.select
    }

    /// The header and the statement of the row layouts (`responses`, `answers`); nil for the others.
    private func rowLayout(_ export: Prepared, csv: CSVCopy) async throws -> (header: [String], select: SQLQuery)? {
        switch export.request.layout {
        case .responses(let window):
            let layout = ResponsesLayout(meetings: export.meetings, window: window, csv: csv)
            let columns = try await layout.questionColumns(database: self.database)
            return (layout.header(columns), layout.select(columns))
        case .answers(let window):
            return (AnswersLayout.header, AnswersLayout(meetings: export.meetings, window: window, csv: csv).select())
        case .summary, .trends:
            return nil
        }
    }

    // MARK: - Helpers

    private func exists(_ meetings: SQLQuery) async throws -> Bool {
        try await !self.database.query("SELECT 1 FROM meetings m WHERE " + meetings + " LIMIT 1").isEmpty
    }

    /// Runs `body` on one connection without the statement timeout: a long export is one long
    /// `COPY`, and it is meant to take as long as the rows (or a slow client) need.
    private func streaming(_ body: (Connection) async throws -> Void) async throws {
        try await self.database.withConnection { connection in
            try await connection.execute("SET statement_timeout = 0")
            do {
                try await body(connection)
            } catch {
                // A connection left mid-COPY or mid-transaction is never reused; an idle one gets
                // its timeout back before it returns to the pool.
                _ = try? await connection.execute("RESET statement_timeout")
                throw error
            }
            // Back to the session's configured timeout before the pool hands the connection out.
            try await connection.execute("RESET statement_timeout")
        }
    }

    private func meetingsWithPublishedForms(_ meetings: SQLQuery) async throws -> [UUID] {
        try await self.database.query(
            """
            SELECT m.id FROM meetings m
            WHERE \(meetings) AND EXISTS (SELECT 1 FROM forms f WHERE f.meeting_id = m.id AND f.published_at IS NOT NULL)
            ORDER BY m.starts_at, m.id
            """
        ).map { try $0.decode("id") }
    }

    private func series(_ meetings: SQLQuery) async throws -> [UUID] {
        try await self.database.query(
            "SELECT m.series_id FROM meetings m WHERE \(meetings) GROUP BY m.series_id ORDER BY min(m.starts_at), m.series_id"
        ).map { try $0.decode("series_id") }
    }
}
