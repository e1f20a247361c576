import DebriefTestSupport
import Foundation
import PQ
import Testing

/// `debrief export --team` is in the read record as every export is (decision 91): one `export`
/// row, the operator's (no account), from the shell, naming the team and the layout.
@Suite("debrief export --team is recorded", .serialized)
struct ExportTeamAuditTests {
    @Test func aTeamsExportAppendsOneOperatorRow() async throws {
        try await ExportCommandTests().withSeeded { seeded in
            let database = Database(configuration: DatabaseConfiguration(url: seeded.url, maxConnections: 1), logger: TestDatabase.logger)
            defer { Task { await database.shutdown() } }
            let team: UUID = try await database.query(
                """
                INSERT INTO teams (name, created_by) SELECT 'Ops', host_id FROM meeting_series WHERE id = \(seeded.series)::uuid
                RETURNING id
                """
            ).single().decode("id")
            try await database.execute("UPDATE meeting_series SET team_id = \(team) WHERE id = \(seeded.series)::uuid")
            let before: Int = try await database.query("SELECT count(*)::int AS n FROM audit_record").single().decode("n")

            let file = seeded.folder.appendingPathComponent("team-audit.csv")
            let run = try await ExportCommandTests().export(seeded, ["--team", team.uuidString, "-o", file.path])
            #expect(run.status == 0, "\(run.output)")

            let rows = try await database.query(
                "SELECT kind, detail, account_id IS NULL AS by_operator, client_address, user_agent FROM audit_record ORDER BY id")
            #expect(rows.count == before + 1, "exactly one row for the export")
            let row = try #require(rows.last)
            #expect(try row.decode("kind", as: String.self) == "export")
            #expect(try row.decode("detail", as: String.self) == "csv summary team=\(team.uuidString.lowercased())")
            #expect(try row.decode("by_operator", as: Bool.self))
            #expect(try row.decode("client_address", as: String.self) == "local")
            #expect(try row.decode("user_agent", as: String.self) == "debrief export")
        }
    }
}
