import Foundation
import PQ

/// Bulk rows for tests of big exports, written with SQL (`generate_series`) in seconds.
public enum LoadData {
    struct Failure: Error {}

    /// A meeting whose 5-question form has `count` responses (6 answer rows each); returns its id.
    public static func seed(_ database: Database, responses count: Int) async throws -> UUID {
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
        guard let row else { throw LoadData.Failure() }
        let form: UUID = try row.decode("id")
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
        return try row.decode("meeting_id")
    }
}

/// Memory of this test process, for tests that prove an export streams.
public enum ProcessMemory {
    /// The resident set size, from `/proc/self/statm`.
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension Collection where Element == UInt8 {
    /// How many line feeds the bytes hold (counted with `memchr`, fast even in debug builds).
    public var lineFeedCount: Int {
        self.withContiguousStorageIfAvailable { buffer -> Int in
            guard var cursor = UnsafeRawPointer(buffer.baseAddress) else { return 0 }
            let end = cursor + buffer.count
            var count = 0
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        } ?? Array(self).lineFeedCount
    }
}
