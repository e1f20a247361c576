import ArgumentParser
import Debrief
import DebriefActions
import DebriefExport
import DebriefStore
import Foundation
import Logging

/// `debrief export`: results as CSV or an .xlsx workbook, straight from the database.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write results as CSV (responses, answers, summary, trends, actions or roomQuestions) or as an .xlsx workbook.",
        discussion: """
            Pick what with exactly one of --meeting, --series, --team, --host or --all. Cells that a \
            spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) \
            get a leading ' unless --no-neutralize is given. Multiple selections are joined by ';'. \
            --format xlsx writes one workbook with the summary, responses and trends sheets \
            (numbers as numbers, times as dates, formula-like texts as plain strings).
            Exit codes: 0 done; 2 bad arguments or unknown meeting, series or host; 3 database \
            unreachable; 1 anything else.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var cluster: LocalClusterOptions

    @Option(help: "Export one meeting: its id.")
    var meeting: String?

    @Option(help: "Export every session of a series: its id (a meeting's seriesId).")
    var series: String?

    @Option(help: "Export the summary of every series a team owns: its id (summary layout, csv only).")
    var team: String?

    @Option(name: .customLong("host"), help: "Export every meeting of the host with this email.")
    var hostEmail: String?

    @Flag(help: "Export every meeting.")
    var all = false

    @Option(help: "Layout: responses (one row per response), answers (one row per answer), summary, trends, actions (one row per action item), roomQuestions (one row per question from the room). Default: responses.")
    var layout: ExportLayout.Name?

    @Option(help: "csv (one layout) or xlsx (a workbook with the summary, responses and trends sheets). Default: csv.")
    var format: ExportFormat = .csv

    @Option(help: "Only responses submitted at or after this time (ISO 8601 with zone, or a date meaning its midnight UTC).")
    var since: String?

    @Option(help: "Only responses submitted before this time (same format as --since).")
    var until: String?

    @Option(name: .shortAndLong, help: "Write to this file (replaced only when the export succeeds). Default: standard output.")
    var output: String?

    @Flag(help: "Start the file with a UTF-8 byte order mark, so Excel reads it as UTF-8.")
    var bom = false

    @Option(help: "Field separator: comma, semicolon, tab or pipe. Default: comma.")
    var delimiter: String = "comma"

    @Flag(help: "Write cells starting with = + - @, tab or carriage return unchanged (trusted pipelines only).")
    var noNeutralize = false

    @Flag(help: "Print no progress (rows, bytes, rate, time left) on standard error; it only appears when standard error is a terminal.")
    var quiet = false

    @Option(help: "Read a large export's rows over this many database connections at once (1–8), in ranges of submission time; the file is the same. Default: 2.")
    var connections: Int = 2

    /// For the benchmark: print the rows' statement as psql commands instead of exporting.
    @Flag(help: .hidden)
    var printPsqlCommands = false

    func validate() throws {
        guard (1...ExportParallelism.maximumConnections).contains(self.connections) else {
            throw ValidationError("--connections must be between 1 and \(ExportParallelism.maximumConnections)")
        }
        if self.team != nil {
            _ = try self.teamOptions()
        } else {
            _ = try self.request()
        }
    }

    /// The export the flags describe; a `ValidationError` naming the flag when they do not make one.
    func request() throws -> ExportRequest {
        let chosen = [self.meeting != nil, self.series != nil, self.team != nil, self.hostEmail != nil, self.all].filter { $0 }.count
        guard chosen == 1, self.team == nil else {
            throw ValidationError("give exactly one of --meeting, --series, --team, --host and --all")
        }
        let target: ExportTarget
        if let meeting = self.meeting {
            guard let id = UUID(uuidString: meeting) else { throw ValidationError("--meeting: \(meeting) is not a meeting id") }
            target = .meeting(id)
        } else if let series = self.series {
            guard let id = UUID(uuidString: series) else { throw ValidationError("--series: \(series) is not a series id") }
            target = .series(id)
        } else if let email = self.hostEmail {
            guard (try? EmailAddress.parse(email).get()) != nil else { throw ValidationError("--host: \(email) is not an email address") }
            target = .host(email: email)
        } else {
            target = .all
        }
        func date(_ text: String?, _ flag: String) throws -> Date? {
            guard let text else { return nil }
            guard let date = Timestamps.parseDateOrTimestamp(text) else {
                throw ValidationError("\(flag): \(text) is not an ISO 8601 timestamp with a zone (2026-05-04T09:00:00Z) or a date")
            }
            return date
        }
        guard let window = SubmissionWindow(since: try date(self.since, "--since"), until: try date(self.until, "--until")) else {
            throw ValidationError("--until: must be after --since")
        }
        if self.format == .xlsx {
            // The workbook's sheets are fixed and it is no CSV: CSV-only flags are refused, not ignored.
            let csvOnly = [
                ("--layout", self.layout != nil), ("--bom", self.bom), ("--delimiter", self.delimiter != "comma"),
                ("--no-neutralize", self.noNeutralize),
            ]
            if let flag = csvOnly.first(where: { $0.1 })?.0 {
                throw ValidationError("\(flag): not for --format xlsx (its sheets are summary, responses and trends)")
            }
            return ExportRequest(target: target, layout: .responses(window), format: .xlsx)
        }
        guard let layout = ExportLayout(self.layout ?? .responses, window: window) else {
            throw ValidationError("--since/--until: the \(self.layout?.rawValue ?? "trends") layout is never filtered")
        }
        guard let delimiter = CSVOptions.delimiter(named: self.delimiter) else {
            throw ValidationError("--delimiter: must be comma, semicolon, tab or pipe")
        }
        return ExportRequest(
            target: target, layout: layout,
            csv: CSVOptions(delimiter: delimiter, byteOrderMark: self.bom, neutralizesFormulas: !self.noNeutralize))
    }

    func run() async throws {
        let settings = try self.database.settings(dataDirectory: self.cluster.dataDir)
        let logger = settings.bootstrapLogging(label: "debrief.export")
        try await CommandRunner.run(logger: logger) { try await self.export(settings, logger: logger) }
    }

    private func export(_ settings: DatabaseSettings, logger: Logger) async throws {
        if self.team != nil {
            try await self.exportTeam(settings, logger: logger)
            return
        }
        let request = try self.request()
        try await AdminSession.run(settings, logger: logger, creation: .mustExist) { session in
            let store = ExportStore(
                database: session.database,
                parallelism: ExportParallelism(connections: self.connections, spoolDirectory: self.output.map(Self.directory(of:)) ?? NSTemporaryDirectory()))
            let exporter = Exporter(exports: store, results: ResultsStore(database: session.database))
            // The operator who can reach the database sees every meeting.
            let prepared = try await exporter.prepare(request, visibleTo: .service)
            if !self.printPsqlCommands {
                // In the read record as the operator's, from the shell; no row, no export (decision 91).
                try await AuditRecord.$origin.withValue(.shell("debrief export")) {
                    try await AuditRecord(store: AuditStore(database: session.database)).recordOperator(.export(request))
                }
            }
            if self.printPsqlCommands {
                try await self.printPsqlCommands(store: store, privacy: try await exporter.privacy(prepared), prepared)
                return
            }
            // Counted only for a terminal that shows it: a pipeline pays for no extra query.
            let total = ProgressReporter.wouldShow(quiet: self.quiet) ? try await store.responseRowCount(prepared) : nil
            let progress = ProgressReporter.standardError(label: "debrief export", totalRows: total, quiet: self.quiet)
            let output = try self.output.map(ExportOutput.file) ?? ExportOutput.standardOutput()
            // A workbook is zipped XML, not CSV: its rows are not counted, only its bytes.
            var rows: CSVRowCounter? = prepared.request.format == .csv ? CSVRowCounter() : nil
            func counts() -> ProgressReporter.Counts { .init(rows: rows?.rows, bytes: output.bytesWritten) }
            do {
                try await exporter.write(prepared) { chunk in
                    try output.write(chunk)
                    guard let progress else { return }
                    rows?.count(chunk)
                    progress.update(counts())
                }
                try output.commit()
            } catch {
                output.discard()
                progress?.interrupt()
                throw error
            }
            progress?.finish(counts())
        }
    }
}

extension Export {
    /// The directory of the output file: the later ranges are spooled beside it, on the disk the
    /// file goes to anyway.
    static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// One psql `-c` command per line: the export's own settings (``ExportStore/sessionSettings``),
    /// `SET pq.copy_n = '…'` for each parameter, then the `\copy (SELECT …) to stdout csv` of the
    /// very statement this export streams.
    private func printPsqlCommands(store: ExportStore, privacy: ExportPrivacy, _ prepared: ExportStore.Prepared) async throws {
        guard let query = try await store.rowQuery(prepared, privacy: privacy) else {
            throw CommandFailure.usage("--print-psql-commands: only for the responses and answers layouts")
        }
        let (select, settings) = try query.copyStatement()
        for (name, value) in ExportStore.sessionSettings { print("SET \(name) = \(value)") }
        for (index, value) in settings.enumerated() {
            print("SET pq.copy_\(index + 1) = '\(value.replacingOccurrences(of: "'", with: "''"))'")
        }
        // \copy takes its statement on one line; the export's SQL has no line break inside a literal.
        let oneLine = select.split(whereSeparator: \.isNewline).joined(separator: " ")
        print("\\copy (\(oneLine)) to stdout with (format csv)")
    }
}

extension ExportLayout.Name: ExpressibleByArgument {}
extension ExportFormat: ExpressibleByArgument {}
