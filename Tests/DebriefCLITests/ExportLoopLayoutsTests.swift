import DebriefTestSupport
import Foundation
import PQ
import Testing

/// `debrief export --layout actions` and `--layout roomQuestions` (issue 50) on real PostgreSQL:
/// a meeting's or a series' actions and questions from the room, every text cell neutralized by
/// the CSV writer (an `=cmd` title, question and name), room questions as the host's list shows
/// them (a hidden one flagged, votes counted, no voter or author anywhere in the file).
@Suite("debrief export: actions and room questions", .serialized)
struct ExportLoopLayoutsTests {
    static let hostile = "=cmd|' /C calc'!A0"

    /// Runs `body` on the seeded meeting of ``ExportCommandTests`` with three actions and three
    /// questions from a named room (one hidden), and the voters' and author's ids so the test can
    /// look for them; the database is dropped when `body` ends.
    func withSeeded(
        file: StaticString = #fileID, line: UInt = #line,
        _ body: (ExportCommandTests.Seeded, [String], String) async throws -> Void
    ) async throws {
        try await ExportCommandTests().withSeeded(file: file, line: line) { seeded in
            let database = Database(configuration: DatabaseConfiguration(url: seeded.url, maxConnections: 1), logger: TestDatabase.logger)
            let voters = [UUID(), UUID()]
            let author = UUID()
            do {
                try await self.insert(into: database, meeting: try #require(UUID(uuidString: seeded.meeting)), voters: voters, author: author)
            } catch {
                await database.shutdown()
                throw error
            }
            await database.shutdown()
            try await body(seeded, voters.map { $0.uuidString.lowercased() }, author.uuidString.lowercased())
        }
    }

    func insert(into database: Database, meeting: UUID, voters: [UUID], author: UUID) async throws {
        try await database.execute(
            """
            INSERT INTO action_items (meeting_id, title, status, due_on, question_key, created_at, closed_at)
            VALUES (\(meeting), \(Self.hostile), 'done', '2026-12-24', 'useful', now() - interval '3 minutes', now()),
                   (\(meeting), 'Shorter status round', 'open', NULL, NULL, now() - interval '2 minutes', NULL),
                   (\(meeting), '+Try a new room', 'dropped', NULL, NULL, now() - interval '1 minute', now())
            """)
        try await database.execute(
            "INSERT INTO room_question_settings (meeting_id, enabled, moderation, names) VALUES (\(meeting), true, 'postThenHide', 'named')")
        try await database.execute(
            """
            INSERT INTO room_questions (meeting_id, author, body, display_name, status, pinned, answered, posted_at)
            VALUES (\(meeting), \(author), \(Self.hostile), '@Ana', 'visible', false, true, now() - interval '3 minutes'),
                   (\(meeting), \(author), 'Why weekly?', 'Ana', 'visible', true, false, now() - interval '2 minutes'),
                   (\(meeting), \(author), 'Off-topic rant', 'Ana', 'hidden', false, false, now() - interval '1 minute')
            """)
        // Two votes for the hostile question, one for the hidden one (cast before it was hidden).
        try await database.execute(
            """
            INSERT INTO room_question_votes (question_id, voter)
            SELECT q.id, v.voter FROM room_questions q, unnest(\([voters[0].uuidString.lowercased(), voters[1].uuidString.lowercased()])::uuid[]) AS v(voter)
            WHERE q.body = \(Self.hostile)
            UNION ALL SELECT q.id, \(voters[0])::uuid FROM room_questions q WHERE q.body = 'Off-topic rant'
            """)
        // Rows written here, not through the store's vote statement: each question's count (SQL/0071)
        // is brought to its rows as the migration does.
        try await database.execute(
            "UPDATE room_questions q SET votes = (SELECT count(*) FROM room_question_votes v WHERE v.question_id = q.id) WHERE q.meeting_id = \(meeting)")
    }

    func export(_ seeded: ExportCommandTests.Seeded, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await DebriefProcess.run(["export", "--database-url", seeded.url, "--log-format", "text"] + arguments)
    }

    @Test func actionsOfAMeetingWithEveryTextCellNeutralized() async throws {
        try await self.withSeeded { seeded, _, _ in
            let file = seeded.folder.appendingPathComponent("actions.csv")
            let result = try await self.export(seeded, ["--meeting", seeded.meeting, "--layout", "actions", "-o", file.path])
            #expect(result.status == 0, "\(result.output)")
            let (header, rows) = try await CSVParser.records(try Data(contentsOf: file))
            #expect(header == [
                "meeting_id", "session_number", "action_id", "title", "owner_kind", "owner_name", "due", "status", "question_key",
                "created_at", "updated_at", "time_zone",
            ])
            #expect(rows.map { $0["title"] ?? "" } == ["'" + Self.hostile, "Shorter status round", "'+Try a new room"], "in recorded order")
            #expect(rows.map { $0["status"] ?? "" } == ["done", "open", "dropped"])
            #expect(rows.map { $0["due"] ?? "" } == ["2026-12-24", "nextSession", "nextSession"])
            #expect(rows.first?["question_key"] == "useful" && rows.allSatisfy { $0["meeting_id"] == seeded.meeting && $0["session_number"] == "1" })
            #expect(rows.allSatisfy { $0["time_zone"] == "UTC" && $0["created_at"]?.count == 23 })

            // The series takes the same rows; --no-neutralize writes the title as typed.
            let raw = seeded.folder.appendingPathComponent("actions-raw.csv")
            let series = try await self.export(seeded, ["--series", seeded.series, "--layout", "actions", "--no-neutralize", "-o", raw.path])
            #expect(series.status == 0, "\(series.output)")
            #expect(try await CSVParser.records(try Data(contentsOf: raw)).rows.first?["title"] == Self.hostile)
            // Never filtered by submission time: a window is refused, naming the flag.
            let refused = try await self.export(seeded, ["--meeting", seeded.meeting, "--layout", "actions", "--since", "2026-01-01"])
            #expect(refused.status == 2 && refused.output.contains("the actions layout is never filtered"), "\(refused.output)")
        }
    }

    @Test func roomQuestionsAsTheHostSeesThemWithoutAnyVoter() async throws {
        try await self.withSeeded { seeded, voters, author in
            let file = seeded.folder.appendingPathComponent("room.csv")
            let result = try await self.export(seeded, ["--series", seeded.series, "--layout", "roomQuestions", "-o", file.path])
            #expect(result.status == 0, "\(result.output)")
            let data = try Data(contentsOf: file)
            let (header, rows) = try await CSVParser.records(data)
            #expect(header == [
                "meeting_id", "session_number", "question_id", "text", "name", "votes", "status", "pinned", "answered", "posted_at", "time_zone",
            ])
            // The room's order: pinned first, then by votes; the hidden one is in the file, flagged.
            #expect(rows.map { $0["text"] ?? "" } == ["Why weekly?", "'" + Self.hostile, "Off-topic rant"])
            #expect(rows.map { $0["votes"] ?? "" } == ["0", "2", "1"])
            #expect(rows.map { $0["status"] ?? "" } == ["visible", "visible", "hidden"])
            #expect(rows.map { $0["pinned"] ?? "" } == ["true", "false", "false"])
            #expect(rows.map { $0["answered"] ?? "" } == ["false", "true", "false"])
            #expect(rows.map { $0["name"] ?? "" } == ["Ana", "'@Ana", "Ana"])
            let text = String(decoding: data, as: UTF8.self)
            for identity in voters + [author] { #expect(!text.contains(identity), "no voter or author identity is exported") }
        }
    }
}
