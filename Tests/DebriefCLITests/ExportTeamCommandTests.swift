import DebriefTestSupport
import Foundation
import PQ
import Testing

/// `debrief export --team` (issue 70 goal 3): the summary of every series the team owns, each
/// series' rows exactly what `--series … --layout summary` writes.
@Suite("debrief export --team", .serialized)
struct ExportTeamCommandTests {
    @Test func aTeamsSummaryIsItsSeriesSummaries() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let database = Database(configuration: DatabaseConfiguration(url: seeded.url, maxConnections: 1), logger: TestDatabase.logger)
            let team: UUID
            do {
                team = try await database.query(
                    """
                    INSERT INTO teams (name, created_by) SELECT '=Ops 운영', host_id FROM meeting_series WHERE id = \(seeded.series)::uuid
                    RETURNING id
                    """
                ).single().decode("id")
                try await database.execute("UPDATE meeting_series SET team_id = \(team) WHERE id = \(seeded.series)::uuid")
            } catch {
                await database.shutdown()
                throw error
            }
            await database.shutdown()
            let export = ExportCommandTests()
            let teamFile = seeded.folder.appendingPathComponent("team.csv")
            let seriesFile = seeded.folder.appendingPathComponent("series.csv")
            let byTeam = try await export.export(seeded, ["--team", team.uuidString, "-o", teamFile.path])
            #expect(byTeam.status == 0, "\(byTeam.output)")
            let bySeries = try await export.export(seeded, ["--series", seeded.series, "--layout", "summary", "-o", seriesFile.path])
            #expect(bySeries.status == 0, "\(bySeries.output)")
            let teamBytes = try Data(contentsOf: teamFile)
            let seriesBytes = try Data(contentsOf: seriesFile)
            #expect(teamBytes == seriesBytes, "one series: the same file")
            let (_, rows) = try await CSVParser.records(teamBytes)
            #expect(rows.contains { $0["label"] == "'+B" }, "a formula is neutralized")
            #expect(rows.contains { $0["question_key"] == "useful" && $0["mean"] == "3" })

            let unknown = UUID().uuidString.lowercased()
            let missing = try await export.export(seeded, ["--team", unknown])
            #expect(missing.status == 2, "\(missing.output)")
            #expect(missing.output.contains("team"))
            let notSummary = try await export.export(seeded, ["--team", team.uuidString, "--layout", "responses"])
            #expect(notSummary.status == 2 && notSummary.output.contains("--layout"), "\(notSummary.output)")
            let twoTargets = try await export.export(seeded, ["--team", team.uuidString, "--all"])
            #expect(twoTargets.status == 2 && twoTargets.output.contains("exactly one of"), "\(twoTargets.output)")
        }
    }
}
