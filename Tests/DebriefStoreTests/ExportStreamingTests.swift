import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("Export streaming")
struct ExportStreamingTests {
    /// A meeting whose 5-question form has `count` responses (6 answer rows each); returns its id.
    static func seed(_ database: Database, responses count: Int) async throws -> UUID {
        let definition = """
            {"title": "Load", "anonymous": true, "questions": [
              {"key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5},
              {"key": "topic", "prompt": "Topics?", "kind": "choice", "allowsMultiple": true,
               "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}]},
              {"key": "notes", "prompt": "Notes?", "kind": "shortAnswer"},
              {"key": "nps", "prompt": "Recommend?", "kind": "rating", "min": 0, "max": 10},
              {"key": "pace", "prompt": "Pace?", "kind": "choice", "options": [{"id": "slow", "label": "Slow"}, {"id": "ok", "label": "Fine"}]}]}
            """
        let row = try await database.query(
            """
            WITH host AS (
                INSERT INTO accounts (email, display_name, password_hash) VALUES ('load@example.com', 'Load', 'x') RETURNING id
            ), series AS (
                INSERT INTO meeting_series (host_id) SELECT id FROM host RETURNING id, host_id
            ), meeting AS (
                INSERT INTO meetings (series_id, host_id, session_number, title, starts_at, ends_at)
                SELECT id, host_id, 1, 'Load', now() - interval '2 hours', now() - interval '1 hour' FROM series RETURNING id
            )
            INSERT INTO forms (meeting_id, version, definition, code, published_at)
            SELECT id, 1, \(definition)::jsonb, 'LOAD0001', now() FROM meeting RETURNING id, meeting_id
            """
        ).first
        let form: UUID = try #require(row).decode("id")
        try await database.execute(
            """
            INSERT INTO responses (id, form_id, submitted_at)
            SELECT gen_random_uuid(), \(form)::uuid, now() - n * interval '1 millisecond' FROM generate_series(1, \(count)::int) AS n
            """)
        try await database.execute(
            """
            INSERT INTO answers (response_id, form_id, question_key, position, option_id, rating, text_value)
            SELECT r.id, r.form_id, v.key, v.position, v.option_id, v.rating, v.text_value
            FROM responses r CROSS JOIN LATERAL (VALUES
                ('useful', 0, NULL, 4, NULL),
                ('topic', 0, 'roadmap', NULL, NULL),
                ('topic', 1, 'hiring', NULL, NULL),
                ('notes', 0, NULL, NULL, 'a longer comment, with "quotes", a line break' || E'\\n' || 'and 한국어 ' || r.id),
                ('nps', 0, NULL, 9, NULL),
                ('pace', 0, 'ok', NULL, NULL)
            ) AS v(key, position, option_id, rating, text_value)
            WHERE r.form_id = \(form)::uuid
            """)
        return try #require(row).decode("meeting_id")
    }

    @Test func bigExportsStreamInChunksWithFlatMemory() async throws {
        let database = try await TestDatabase.createMigrated(maxConnections: 2)
        let meeting = try await Self.seed(database, responses: 60_000)
        let store = ExportStore(database: database)
        let export = try await store.prepare(ExportRequest(target: .meeting(meeting), layout: .answers(.all)), visibleTo: .service)
        let before = residentBytes()
        var bytes = 0
        var chunks = 0
        var largest = 0
        var lines = 0
        try await store.write(export) { chunk in
            chunks += 1
            bytes += chunk.count
            largest = max(largest, chunk.count)
            lines += chunk.lazy.filter { $0 == 0x0A }.count
        }
        let growth = residentBytes() - before
        // 360,000 answer rows, each with a quoted line break in its text cells: about 80 MB.
        #expect(lines == 1 + 360_000 + 60_000)
        #expect(bytes > 60_000_000)
        #expect(chunks > 500)
        #expect(largest < 128 * 1024)
        #expect(growth < 40_000_000, "resident memory grew by \(growth) bytes")

        // The wide layout too: one row (and one line break inside the notes) per response.
        let wide = try await store.prepare(ExportRequest(target: .meeting(meeting), layout: .responses(.all)), visibleTo: .service)
        var wideLines = 0
        try await store.write(wide) { wideLines += $0.lazy.filter { $0 == 0x0A }.count }
        #expect(wideLines == 1 + 2 * 60_000)

        // The connection went back to the pool with its statement timeout restored.
        let timeout = try await database.query("SHOW statement_timeout").first?.decode("statement_timeout", as: String.self)
        #expect(timeout == "5min")
        await database.shutdown()
    }
}

/// The process's resident set size, from `/proc/self/statm`.
private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
