import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("debrief export", .serialized)
struct ExportCommandTests {
    /// One host's meeting with an identified (not anonymous) published form, a checked-in
    /// participant with a hostile name and two responses full of hostile text.
    struct Seeded {
        var url: String
        var meeting: String
        var series: String
        var folder: URL
    }

    static let participantName = "=Ana \"A\", 한"
    static let texts = ["line one\nline \"two\", three", "=cmd|' /C calc'!A0", "😀 회의"]

    /// Runs `body` on a new migrated database seeded as ``Seeded`` says, with no pool of the
    /// test open on it (the `debrief` processes connect themselves); dropped when `body` ends.
    func withSeeded(file: StaticString = #fileID, line: UInt = #line, _ body: (Seeded) async throws -> Void) async throws {
        try await TestDatabase.withMigrated(maxConnections: 1, file: file, line: line) { database in
            try await body(try await self.seed(database))
        }
    }

    /// Seeds `database` and shuts its pool down.
    private func seed(_ database: Database) async throws -> Seeded {
        let definition = """
            {"title": "T", "anonymous": false, "privacyThreshold": 1, "questions": [
              {"key": "useful", "prompt": "-Useful?, \\"really\\"", "kind": "rating", "min": 1, "max": 5, "required": true},
              {"key": "topic", "prompt": "Topic 주제", "kind": "choice", "allowsMultiple": true, "allowsOther": true,
               "options": [{"id": "a", "label": "A"}, {"id": "b", "label": "+B"}]},
              {"key": "notes", "prompt": "Notes", "kind": "shortAnswer", "maxLength": 500}]}
            """
        let row = try #require(
            try await database.query(
                """
                WITH host AS (
                    INSERT INTO accounts (email, display_name, password_hash) VALUES ('host@example.com', 'Host', 'x') RETURNING id
                ), series AS (
                    INSERT INTO meeting_series (host_id) SELECT id FROM host RETURNING id, host_id
                ), meeting AS (
                    INSERT INTO meetings (series_id, host_id, session_number, title, starts_at, ends_at)
                    SELECT id, host_id, 1, '@Weekly, "sync"', now() - interval '2 hours', now() - interval '1 hour' FROM series
                    RETURNING id, series_id
                ), form AS (
                    INSERT INTO forms (meeting_id, version, definition, code, published_at)
                    SELECT id, 1, \(definition)::jsonb, 'CODE1234', now() - interval '2 hours' FROM meeting RETURNING id, meeting_id
                ), check_in AS (
                    INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key)
                    SELECT id, meeting_id, 'hash', \(Self.participantName), lower(\(Self.participantName)) FROM form RETURNING id, form_id
                ), first AS (
                    INSERT INTO responses (id, form_id, check_in_id, submitted_at)
                    SELECT gen_random_uuid(), form_id, id, now() - interval '30 minutes' FROM check_in RETURNING id, form_id
                ), second AS (
                    INSERT INTO responses (id, form_id, submitted_at)
                    SELECT gen_random_uuid(), id, now() - interval '10 minutes' FROM form RETURNING id, form_id
                ), answers AS (
                    INSERT INTO answers (response_id, form_id, question_key, position, option_id, other_text, rating, text_value)
                    SELECT id, form_id, 'useful', 0, NULL, NULL, 4, NULL FROM first
                    UNION ALL SELECT id, form_id, 'topic', 0, 'b', NULL, NULL, NULL FROM first
                    UNION ALL SELECT id, form_id, 'topic', 1, 'a', NULL, NULL, NULL FROM first
                    UNION ALL SELECT id, form_id, 'topic', 2, NULL, \(Self.texts[1]), NULL, NULL FROM first
                    UNION ALL SELECT id, form_id, 'notes', 0, NULL, NULL, NULL, \(Self.texts[0]) FROM first
                    UNION ALL SELECT id, form_id, 'useful', 0, NULL, NULL, 2, NULL FROM second
                    UNION ALL SELECT id, form_id, 'notes', 0, NULL, NULL, NULL, \(Self.texts[2]) FROM second
                    RETURNING 1
                )
                SELECT m.id::text AS meeting, m.series_id::text AS series, (SELECT count(*) FROM answers) AS n FROM meeting m
                """
            ).first)
        await database.shutdown()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return Seeded(
            url: database.configuration.url, meeting: try row.decode("meeting"), series: try row.decode("series"), folder: folder)
    }

    func export(_ seeded: Seeded, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await DebriefProcess.run(["export", "--database-url", seeded.url, "--log-format", "text"] + arguments)
    }

    @Test func responsesLayoutToAFile() async throws {
        try await self.withSeeded { seeded in
            let file = seeded.folder.appendingPathComponent("out.csv")
            try Data("an older export\n".utf8).write(to: file)
            let result = try await self.export(seeded, ["--meeting", seeded.meeting, "--output", file.path])
            #expect(result.status == 0, "\(result.output)")
            // The earlier file was replaced whole; no temporary file is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: seeded.folder.path) == ["out.csv"])
            let (header, rows) = try await CSVParser.records(try Data(contentsOf: file))
            #expect(header == [
                "response_id", "meeting_id", "series_id", "meeting_title", "session_number", "form_version", "submitted_at",
                "changed_at", "seconds_after_end", "checked_in", "participant_name", "language",
                "opened_at", "duration_seconds", "speeder", "straight_lined", "'-Useful?, \"really\" [useful]",
                "Topic 주제 [topic]", "Topic 주제 [topic] (code)", "Topic 주제 [topic] (other)", "Notes [notes]", "time_zone",
            ])
            #expect(rows.count == 2)
            let first = try #require(rows.first)
            #expect(first["meeting_id"] == seeded.meeting)
            #expect(first["series_id"] == seeded.series)
            #expect(first["meeting_title"] == "'@Weekly, \"sync\"")
            #expect(first["checked_in"] == "true")
            #expect(first["participant_name"] == "'" + Self.participantName)
            #expect(first["'-Useful?, \"really\" [useful]"] == "4")
            // Labels in the answer column (neutralized as text), the ids in their own column.
            #expect(first["Topic 주제 [topic]"] == "'+B; A")
            #expect(first["Topic 주제 [topic] (code)"] == "b;a")
            #expect(first["Topic 주제 [topic] (other)"] == "'" + Self.texts[1])
            #expect(first["Notes [notes]"] == Self.texts[0])
            let seconds = try #require(Double(first["seconds_after_end"] ?? ""))
            #expect(abs(seconds - 1800) < 5)
            // A time a spreadsheet reads as a date, in the host's zone (UTC: the host chose none).
            #expect(first["submitted_at"]?.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$"#, options: .regularExpression) != nil)
            #expect(first["time_zone"] == "UTC")
            let second = try #require(rows.last)
            #expect(second["checked_in"] == "false")
            #expect(second["participant_name"] == "")
            #expect(second["Notes [notes]"] == Self.texts[2])
            #expect(second["Topic 주제 [topic]"] == "")
        }
    }

    @Test func answersLayoutWithFlags() async throws {
        try await self.withSeeded { seeded in
            let file = seeded.folder.appendingPathComponent("answers.csv")
            let result = try await self.export(
                seeded, ["--series", seeded.series, "--layout", "answers", "--delimiter", "tab", "--bom", "--no-neutralize", "-o", file.path])
            #expect(result.status == 0, "\(result.output)")
            let data = try Data(contentsOf: file)
            #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let (_, rows) = try await CSVParser.records(data, delimiter: "\t")
            #expect(rows.count == 7)
            #expect(rows.filter { $0["question_key"] == "topic" }.map { $0["option_id"] ?? "?" } == ["b", "a", ""])
            #expect(rows.first { $0["option_id"] == "b" }?["option_label"] == "+B")
            #expect(rows.first { $0["question_key"] == "topic" && $0["position"] == "2" }?["other_text"] == Self.texts[1])
            #expect(Set(rows.compactMap { $0["text"] }.filter { !$0.isEmpty }) == [Self.texts[0], Self.texts[2]])
            #expect(rows.first?["participant_name"] == Self.participantName)

            // --since keeps only the later response.
            let since = Date.ISO8601FormatStyle().format(Date().addingTimeInterval(-20 * 60))
            let later = seeded.folder.appendingPathComponent("later.csv")
            let filtered = try await self.export(seeded, ["--host", "HOST@example.com", "--layout", "answers", "--since", since, "-o", later.path])
            #expect(filtered.status == 0, "\(filtered.output)")
            #expect(try await CSVParser.records(try Data(contentsOf: later)).rows.count == 2)
        }
    }

    @Test func summaryAndTrendsLayouts() async throws {
        try await self.withSeeded { seeded in
            let file = seeded.folder.appendingPathComponent("summary.csv")
            let result = try await self.export(seeded, ["--all", "--layout", "summary", "-o", file.path])
            #expect(result.status == 0, "\(result.output)")
            let (_, rows) = try await CSVParser.records(try Data(contentsOf: file))
            let useful = rows.filter { $0["question_key"] == "useful" }
            #expect(useful.map { $0["category"] ?? "" } == ["1", "2", "3", "4", "5"])
            #expect(useful.map { $0["count"] ?? "" } == ["0", "1", "0", "1", "0"])
            #expect(useful.map { $0["percent"] ?? "" } == ["0", "50", "0", "50", "0"])
            #expect(useful.allSatisfy { $0["mean"] == "3" && $0["median"] == "3" })
            let topic = rows.filter { $0["question_key"] == "topic" }
            #expect(topic.map { $0["category"] ?? "" } == ["a", "b", "other"])
            #expect(topic.map { $0["label"] ?? "" } == ["A", "'+B", "Other"])

            let trends = seeded.folder.appendingPathComponent("trends.csv")
            let trendResult = try await self.export(seeded, ["--series", seeded.series, "--layout", "trends", "-o", trends.path])
            #expect(trendResult.status == 0, "\(trendResult.output)")
            // One session: no key was asked twice, so only the header.
            #expect(try await CSVParser.parse(try Data(contentsOf: trends)).count == 1)
        }
    }

    @Test func xlsxFormat() async throws {
        try await self.withSeeded { seeded in
            let file = seeded.folder.appendingPathComponent("book.xlsx")
            let result = try await self.export(seeded, ["--meeting", seeded.meeting, "--format", "xlsx", "-o", file.path])
            #expect(result.status == 0, "\(result.output)")
            let book = try await XLSXParser.sheets(try Data(contentsOf: file))
            #expect(book.map(\.name) == ["summary", "responses", "trends"])
            let responses = try #require(book.first { $0.name == "responses" }?.sheet)
            let rows = responses.records
            #expect(rows.count == 2)
            // Not neutralized: an inline string is never a formula.
            #expect(rows.first?["meeting_title"] == "@Weekly, \"sync\"")
            #expect(rows.first?["-Useful?, \"really\" [useful]"] == "4")
            let refused = try await self.export(seeded, ["--meeting", seeded.meeting, "--format", "xlsx", "--layout", "answers"])
            #expect(refused.status == 2 && refused.output.contains("--layout"), "\(refused.output)")
        }
    }

    @Test func exitCodes() async throws {
        try await self.withSeeded { seeded in
            let unknown = UUID().uuidString.lowercased()
            let missing = try await self.export(seeded, ["--meeting", unknown])
            #expect(missing.status == 2, "\(missing.output)")
            #expect(missing.output.contains("meeting \(unknown) was not found"))
            let noHost = try await self.export(seeded, ["--host", "ghost@example.com"])
            #expect(noHost.status == 2)
            #expect(noHost.output.contains("ghost@example.com"))
            let noSeries = try await self.export(seeded, ["--series", unknown])
            #expect(noSeries.status == 2)
            #expect(noSeries.output.contains("series \(unknown)"))

            let badLayout = try await self.export(seeded, ["--meeting", seeded.meeting, "--layout", "pivot"])
            #expect(badLayout.status == 2)
            #expect(badLayout.output.contains("--layout"))
            let twoTargets = try await self.export(seeded, ["--meeting", seeded.meeting, "--all"])
            #expect(twoTargets.status == 2)
            #expect(twoTargets.output.contains("exactly one of --meeting, --series, --team, --host and --all"))
            let badSince = try await self.export(seeded, ["--all", "--since", "yesterday"])
            #expect(badSince.status == 2)
            #expect(badSince.output.contains("--since: yesterday"))
            let badID = try await self.export(seeded, ["--meeting", "42"])
            #expect(badID.status == 2)
            #expect(badID.output.contains("--meeting: 42 is not a meeting id"))
            let unknownFlag = try await self.export(seeded, ["--all", "--colour"])
            #expect(unknownFlag.status == 2)

            let unreachable = try await DebriefProcess.run(
                ["export", "--database-url", "postgresql://nobody@127.0.0.1:1/none", "--all", "--log-format", "text"])
            #expect(unreachable.status == 3, "\(unreachable.output)")
            #expect(unreachable.output.contains("could not connect to PostgreSQL at 127.0.0.1:1"))
            #expect(!unreachable.output.contains("Stack"))
        }
    }

    @Test func aFailedExportLeavesNoFileBehind() async throws {
        try await self.withSeeded { seeded in
            // The target is a folder that holds a file: the rename at the end fails after every row
            // was written to the temporary file, which must then be gone.
            let target = seeded.folder.appendingPathComponent("taken")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: target.appendingPathComponent("inside.txt"))
            let result = try await self.export(seeded, ["--meeting", seeded.meeting, "-o", target.path])
            #expect(result.status == 1, "\(result.output)")
            #expect(result.output.contains("could not write \(target.path)"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: seeded.folder.path) == ["taken"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["inside.txt"])

            // An unknown meeting fails before any file is opened, and an existing file stays as it was.
            let file = seeded.folder.appendingPathComponent("previous.csv")
            try Data("previous\n".utf8).write(to: file)
            let missing = try await self.export(seeded, ["--meeting", UUID().uuidString, "-o", file.path])
            #expect(missing.status == 2)
            #expect(try String(contentsOf: file, encoding: .utf8) == "previous\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: seeded.folder.path).sorted() == ["previous.csv", "taken"])
            let noFolder = try await self.export(seeded, ["--meeting", seeded.meeting, "-o", seeded.folder.path + "/no/such/out.csv"])
            #expect(noFolder.status == 2)
            #expect(noFolder.output.contains("--output"))
        }
    }
}
