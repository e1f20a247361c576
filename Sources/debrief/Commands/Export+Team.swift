import ArgumentParser
import Debrief
import DebriefActions
import DebriefExport
import DebriefStore
import Foundation
import Logging

/// `debrief export --team <id>` (issue 70 goal 3): the summary layout of every series the team
/// owns, the file `GET /v1/teams/{id}/export.csv` gives, each series' rows its own summary export's.
extension Export {
    /// The team, window and CSV options the flags give for `--team`; a `ValidationError` naming
    /// the flag that a team's export cannot honour (it is one layout, as CSV).
    func teamOptions() throws -> (team: UUID, window: SubmissionWindow, csv: CSVOptions) {
        let chosen = [self.meeting != nil, self.series != nil, self.hostEmail != nil, self.all].filter { $0 }.count
        guard let text = self.team, chosen == 0 else {
            throw ValidationError("give exactly one of --meeting, --series, --team, --host and --all")
        }
        guard let id = UUID(uuidString: text) else { throw ValidationError("--team: \(text) is not a team id") }
        guard self.format == .csv else { throw ValidationError("--format: a team's export is csv (its summary)") }
        guard self.layout == nil || self.layout == .summary else {
            throw ValidationError("--layout: a team's export is its summary")
        }
        guard !self.printPsqlCommands else { throw ValidationError("--print-psql-commands: not for --team") }
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
        guard let delimiter = CSVOptions.delimiter(named: self.delimiter) else {
            throw ValidationError("--delimiter: must be comma, semicolon, tab or pipe")
        }
        return (id, window, CSVOptions(delimiter: delimiter, byteOrderMark: self.bom, neutralizesFormulas: !self.noNeutralize))
    }

    /// Writes the team's summary to the output; an unknown team is exit code 2, as an unknown series.
    func exportTeam(_ settings: DatabaseSettings, logger: Logger) async throws {
        let options = try self.teamOptions()
        try await AdminSession.run(settings, logger: logger, creation: .mustExist) { session in
            let exporter = Exporter(exports: ExportStore(database: session.database), results: ResultsStore(database: session.database))
            // The operator who can reach the database sees every team.
            let prepared = try await exporter.prepareTeam(options.team, window: options.window, csv: options.csv, visibleTo: .service)
            // In the read record as every export is: the operator's, from the shell (decision 91).
            try await AuditRecord.$origin.withValue(.shell("debrief export")) {
                try await AuditRecord(store: AuditStore(database: session.database)).recordOperator(.export(prepared.request))
            }
            let output = try self.output.map(ExportOutput.file) ?? ExportOutput.standardOutput()
            do {
                try await exporter.writeTeamSummary(prepared) { chunk in try output.write(chunk) }
                try output.commit()
            } catch {
                output.discard()
                throw error
            }
        }
    }
}
