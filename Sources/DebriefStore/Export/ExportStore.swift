import Debrief
import Foundation
import PQ

/// Takes results out as CSV, for the `debrief export` command and the `export.csv` routes alike.
///
/// Two steps, so an HTTP response can still be a 404 before any byte is sent: ``prepare(_:visibleTo:)``
/// finds the meeting, series or host (another host's meeting is "not found", as everywhere), then
/// the file is streamed through a ``CSVStream``. The row layouts (`responses`, `answers`) are one
/// `COPY (SELECT …) TO STDOUT` each (``writeRowLayout(_:to:)``), so memory stays flat whatever the
/// number of rows; the computed layouts (`summary`, `trends`) are rendered by the DebriefExport
/// module from the results reports, so their numbers are the API's, and sent through the same COPY.
public struct ExportStore: Sendable {
    let database: Database
    /// Where the row layouts' COPY runs: the standby when it is fresh enough (``ReadReplica``).
    let reads: ReadReplica
    let metrics: ExportMetrics
    /// How many connections a row layout's rows are read over (``ExportParallelism``).
    let parallelism: ExportParallelism

    public init(
        database: Database, reads: ReadReplica? = nil, metrics: ExportMetrics = ExportMetrics(), parallelism: ExportParallelism = .single
    ) {
        self.database = database
        self.reads = reads ?? .primaryOnly(database)
        self.metrics = metrics
        self.parallelism = parallelism
    }

    /// An export whose target exists and is visible to its viewer.
    public struct Prepared: Sendable {
        public let request: ExportRequest
        public let viewer: Viewer
        /// Selects the `m` rows (meetings) the export covers.
        let meetings: SQLQuery
        /// The file's name: the meeting's title and date for a meeting or a series.
        public let fileName: ExportFileName
        /// The owner's time zone (``HostTimeZone``; UTC when the exported meetings' owners differ
        /// or chose none): the zone the file's timestamps and name are written in.
        public let timeZone: TimeZone
        /// Its IANA name as the host chose it (`UTC`, `Asia/Seoul`): Foundation may call UTC "GMT".
        public let timeZoneName: String

        /// A copy for another layout of the same target (the .xlsx sheets).
        public func with(layout: ExportLayout, csv: CSVOptions) -> Prepared {
            var request = self.request
            request.layout = layout
            request.csv = csv
            request.format = .csv
            return Prepared(
                request: request, viewer: self.viewer, meetings: self.meetings, fileName: self.fileName, timeZone: self.timeZone,
                timeZoneName: self.timeZoneName)
        }
    }

    /// Checks that the target exists and that `viewer` may see it.
    ///
    /// - Throws: ``DebriefError`` `notFound` naming the meeting, series or host.
    public func prepare(_ request: ExportRequest, visibleTo viewer: Viewer) async throws -> Prepared {
        // Who sees a meeting is ``SQLQuery/visible(to:)``'s (own, shared, or an admin's; never
        // in the trash, docs/decisions/0015-meeting-trash.md). Its parameters carry casts, so the
        // same text works in COPY, which passes them as text (see `Connection.copyOut`).
        let visible: SQLQuery = " AND " + SQLQuery.visible(to: viewer)
        let meetings: SQLQuery
        switch request.target {
        case .meeting(let id):
            meetings = "m.id = \(id)::uuid" + visible
            guard try await self.exists(meetings) else {
                throw DebriefError.notFound("meeting \(id.lowercasedText)")
            }
        case .series(let id):
            meetings = "m.series_id = \(id)::uuid" + visible
            guard try await self.exists(meetings) else {
                throw DebriefError.notFound("series \(id.lowercasedText)")
            }
        case .host(let email):
            let host = try await self.database.query("SELECT id FROM accounts WHERE lower(email) = lower(\(email))").first
            guard let hostID: UUID = try host?.decode("id"), viewer.isAdmin || hostID == viewer.accountID else {
                throw DebriefError.notFound("host \(email)")
            }
            meetings = "m.host_id = \(hostID)::uuid" + visible
        case .all:
            meetings = SQLQuery.visible(to: viewer)
        case .team(let id):
            meetings = "m.series_id IN (SELECT s.id FROM meeting_series s WHERE s.team_id = \(id)::uuid)" + visible
            guard try await self.exists(meetings) else {
                throw DebriefError.notFound("team \(id.lowercasedText)")
            }
        }
        // Actions are read with `.edit` (decision 74): refused here, before a byte is sent, by
        // the gate the actions' store asks again as it reads each session.
        if case .actions = request.layout { try await self.requireActions(meetings, viewer) }
        let (fileName, zone) = try await self.naming(request, meetings: meetings)
        return Prepared(
            request: request, viewer: viewer, meetings: meetings, fileName: fileName, timeZone: zone.zone, timeZoneName: zone.name)
    }

    /// The file name and time zone of an export of `meetings`: a meeting's title and date, or a
    /// series' (its newest session's) title and the day of the export (``ExportFileName/of``);
    /// a host's or everything keeps the id-free name.
    private func naming(
        _ request: ExportRequest, meetings: SQLQuery
    ) async throws -> (ExportFileName, (name: String, zone: TimeZone)) {
        let row = try await self.database.query(
            """
            SELECT (array_agg(m.title ORDER BY m.starts_at DESC, m.id))[1] AS title, max(m.starts_at) AS starts_at,
                   min(coalesce(a.time_zone, 'UTC')) AS zone, count(DISTINCT coalesce(a.time_zone, 'UTC')) AS zones
            FROM meetings m JOIN accounts a ON a.id = m.host_id WHERE \(meetings)
            """
        ).first
        let zones: Int = try row?.decode("zones") ?? 0
        var name = "UTC"
        if zones == 1, let chosen = try row?.decode("zone", as: String?.self), HostTimeZone.zone(chosen) != nil {
            // The times are converted by PostgreSQL: a name its time zone data lacks would fail the
            // COPY. Asked by converting one instant, not by searching pg_timezone_names, which
            // reads every file of the zone database (86-115 ms an export, against under 1 ms).
            do {
                _ = try await self.database.query("SELECT now() AT TIME ZONE \(chosen) AS converted")
                name = chosen
            } catch let error as PQError where error.isInvalidParameterValue {
                // Unknown to PostgreSQL: the export's times stay in UTC.
            }
        }
        let zone = (name: name, zone: HostTimeZone.zone(name) ?? Self.utc)
        let suffix = request.fileNameSuffix
        switch request.target {
        case .meeting, .series:
            guard let title: String = try row?.decode("title"), let startsAt: Date = try row?.decode("starts_at") else { break }
            var series = false
            if case .series = request.target { series = true }
            let name = ExportFileName.of(title: title, series: series, sessionStart: startsAt, exportedAt: Date(), zone: zone.zone, suffix: suffix)
            return (name, zone)
        case .host, .all, .team:
            break
        }
        let fallback = request.suggestedFileName
        return (ExportFileName(unicode: fallback, ascii: fallback), zone)
    }

    private static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    /// A CSV stream of `export` into `sink`, for the caller to write the layout's rows to.
    /// `sink` must outlive the stream (it is used only while the caller writes).
    public func csvStream(_ export: Prepared, to sink: @escaping ExportSink) -> CSVStream {
        let counters = self.metrics.layout(export.request.layout.name)
        let counted: ExportSink = { chunk in
            try await sink(chunk)
            counters?.bytes.increment(by: chunk.count)
        }
        return CSVStream(copy: CSVCopy(options: export.request.csv, sink: counted, rowCounter: counters?.rows), store: self)
    }

    /// Writes the header and rows of a row layout (`responses`, `answers`), withholding what
    /// `privacy` (the disclosures of the exported meetings) withholds: one `COPY`, or one per
    /// range of submission time over several connections when the export is large
    /// (``ExportParallelism``), the same bytes either way. Returns false, writing nothing, for the
    /// computed layouts (`summary`, `trends`), which their caller renders from the results reports.
    public func writeRowLayout(_ export: Prepared, privacy: ExportPrivacy, to stream: CSVStream) async throws -> Bool {
        guard let layout = try await self.rowLayout(export, privacy: privacy, csv: stream.copy) else { return false }
        let statements = try await self.ranges(export, privacy: privacy).map { layout.select($0) }
        guard statements.count > 1 else {
            try await self.streaming { connection in
                try await stream.copy.header(layout.header, on: connection)
                try await stream.copy.rows(statements[0], on: connection)
            }
            return true
        }
        let options = stream.copy.options
        let rowCounter = stream.copy.rowCounter
        let directory = self.parallelism.spoolDirectory
        try await withThrowingTaskGroup(of: (Int, ExportSpool).self) { group in
            // The later ranges, each into its own spool on its own connection…
            for index in statements.indices.dropFirst() {
                let statement = statements[index]
                group.addTask {
                    let spool = try await ExportSpool.write(in: directory, maxBytes: .max) { sink in
                        // The sink is only used during this call.
                        try await withoutActuallyEscaping(sink) { sink in
                            try await self.streaming { connection in
                                try await CSVCopy(options: options, sink: sink, rowCounter: rowCounter).rows(statement, on: connection)
                            }
                        }
                    }
                    return (index, spool)
                }
            }
            // …while the first streams straight to the sink; then the spools, in order.
            try await self.streaming { connection in
                try await stream.copy.header(layout.header, on: connection)
                try await stream.copy.rows(statements[0], on: connection)
            }
            var spools: [Int: ExportSpool] = [:]
            for try await (index, spool) in group { spools[index] = spool }
            for index in statements.indices.dropFirst() {
                guard let spool = spools[index] else { continue }
                while let chunk = try await spool.read(upTo: 64 * 1024) { try await stream.copy.sink(Array(chunk)) }
            }
        }
        return true
    }

    /// The ranges a row layout's rows are read in: one unless the export is large enough for
    /// several (``ExportParallelism/rangeCount(responses:)``).
    private func ranges(_ export: Prepared, privacy: ExportPrivacy) async throws -> [SubmissionRange] {
        guard self.parallelism.connections > 1, let window = export.request.layout.rowWindow else { return [.all] }
        return try await self.reads.database().withConnection { connection in
            let responses = try await SubmissionRange.count(meetings: export.meetings, privacy: privacy, window: window, on: connection)
            let count = self.parallelism.rangeCount(responses: responses)
            return try await SubmissionRange.ranges(count, meetings: export.meetings, privacy: privacy, window: window, on: connection)
        }
    }

    /// The indexes of the columns of user text of a row layout (for the .xlsx sheets, which type
    /// every other cell by its value); nil for the computed layouts.
    public func rowLayoutTextColumns(_ export: Prepared) async throws -> Set<Int>? {
        try await self.rowLayout(export, privacy: ExportPrivacy([]), csv: CSVCopy(options: export.request.csv, sink: { _ in }))?.textColumns
    }

    /// The one `SELECT` whose rows a `responses` or `answers` export streams (after its header
    /// row); nil for the computed layouts. The benchmark replays it through psql's `\copy`.
    public func rowQuery(_ export: Prepared, privacy: ExportPrivacy) async throws -> SQLQuery? {
        try await self.rowLayout(export, privacy: privacy, csv: CSVCopy(options: export.request.csv, sink: { _ in }))?.select(.all)
    }

    /// Whether `export` is of a row layout (`responses`, `answers`), which needs the disclosures.
    public static func isRowLayout(_ export: Prepared) -> Bool {
        switch export.request.layout {
        case .responses, .answers: return true
        case .summary, .trends, .actions, .roomQuestions: return false
        }
    }

    /// The header and the statement of the row layouts (`responses`, `answers`); nil for the others.
    private func rowLayout(
        _ export: Prepared, privacy: ExportPrivacy, csv: CSVCopy
    ) async throws -> (header: [String], select: (SubmissionRange) -> SQLQuery, textColumns: Set<Int>)? {
        switch export.request.layout {
        case .responses(let window):
            var layout = ResponsesLayout(
                meetings: export.meetings, window: window, csv: csv, privacy: privacy, zone: export.timeZoneName)
            layout.flags = try await ExportFlags.read(meetings: export.meetings, database: self.reads.database())
            let columns = try await layout.questionColumns(database: self.reads.database())
            return (layout.header(columns), { range in
                var ranged = layout
                ranged.range = range
                return ranged.select(columns)
            }, layout.textColumns(columns))
        case .answers(let window):
            var layout = AnswersLayout(
                meetings: export.meetings, window: window, csv: csv, privacy: privacy, zone: export.timeZoneName)
            layout.flags = try await ExportFlags.read(meetings: export.meetings, database: self.reads.database())
            return (AnswersLayout.header, { range in
                var ranged = layout
                ranged.range = range
                return ranged.select()
            }, AnswersLayout.textColumns)
        case .summary, .trends, .actions, .roomQuestions:
            return nil
        }
    }

    // MARK: - Helpers

    private func exists(_ meetings: SQLQuery) async throws -> Bool {
        try await !self.database.query("SELECT 1 FROM meetings m WHERE " + meetings + " LIMIT 1").isEmpty
    }

    /// The settings an export's rows are read with, each undone before the connection goes back
    /// to the pool. `debrief export --print-psql-commands` prints them too, so the benchmark's
    /// floor is the very same statement under the same settings.
    /// - `statement_timeout`: a long export is one long `COPY`, meant to take as long as the rows
    ///   (or a slow client) need.
    /// - `jit`: a row layout's statement is estimated far above `jit_above_cost` (a lateral
    ///   aggregate per response), and compiling it cost PostgreSQL 2.3 to 3.0 s of CPU at
    ///   300,000 responses, paid again by each range of a parallel export, for rows built no
    ///   faster (docs/benchmarks.md, "The export's JIT").
    public static let sessionSettings: [(name: String, value: String)] = [("statement_timeout", "0"), ("jit", "off")]

    /// Runs `body` on one connection under ``sessionSettings``.
    func streaming(_ body: (Connection) async throws -> Void) async throws {
        try await self.reads.database().withConnection { connection in
            // Program-owned names and values: SET takes no parameters.
            for (name, value) in Self.sessionSettings { try await connection.execute(SQLQuery(unsafeSQL: "SET \(name) = \(value)")) }
            do {
                try await body(connection)
            } catch {
                // A connection left mid-COPY or mid-transaction is never reused; an idle one gets
                // its settings back before it returns to the pool.
                for (name, _) in Self.sessionSettings { _ = try? await connection.execute(SQLQuery(unsafeSQL: "RESET \(name)")) }
                throw error
            }
            // Back to the session's configured settings before the pool hands the connection out.
            for (name, _) in Self.sessionSettings { try await connection.execute(SQLQuery(unsafeSQL: "RESET \(name)")) }
        }
    }

    /// The meetings of `export` that have a published form, by start time.
    public func meetingsWithPublishedForms(_ export: Prepared) async throws -> [UUID] {
        try await self.database.query(
            """
            SELECT m.id FROM meetings m
            WHERE \(export.meetings) AND EXISTS (SELECT 1 FROM forms f WHERE f.meeting_id = m.id AND f.published_at IS NOT NULL)
            ORDER BY m.starts_at, m.id
            """
        ).map { try $0.decode("id") }
    }

    /// The series of the meetings of `export`, by their first session's start time.
    public func series(_ export: Prepared) async throws -> [UUID] {
        try await self.database.query(
            "SELECT m.series_id FROM meetings m WHERE \(export.meetings) GROUP BY m.series_id ORDER BY min(m.starts_at), m.series_id"
        ).map { try $0.decode("series_id") }
    }
}
