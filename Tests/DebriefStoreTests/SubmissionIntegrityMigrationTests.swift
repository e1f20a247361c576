import Debrief
import DebriefSQL
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// SQL/0038 on a database that holds what the earlier rules stored: the completion tallies of an
/// untimed straight-liner (`3600|1`) move to the unknown bucket, an opened time taken from a
/// check-in becomes unknown, and of two responses linked to one check-in only the first stays
/// linked — nothing is deleted, and the one-response-per-check-in index can be built.
@Suite("Migration 0038: submission integrity on existing data")
struct SubmissionIntegrityMigrationTests {
    typealias Fixture = SubmissionBatchTests.Fixture

    /// Runs `body` with a fixture over a new database migrated up to (not including) 0038, and
    /// the migrations; the database is dropped when `body` ends (``TestDatabase/withMigrations(before:maxConnections:file:line:_:)``).
    static func withFixtureBefore0038(_ body: (Fixture, [MigrationFile]) async throws -> Void) async throws {
        try await TestDatabase.withMigrations(before: 38, maxConnections: 4) { database, files in
            // By SQL: the account store of today writes columns that later migrations add.
            let accountID: UUID = try await database.query(
                "INSERT INTO accounts (email, display_name, password_hash) VALUES ('migrate@example.com', 'Host', 'x') RETURNING id"
            ).single().decode("id")
            let notifier = ResultsNotifier(database: database, mode: .standard)
            let forms = ParticipantFormStore(database: database, cache: PublishedFormCache())
            let fixture = Fixture(
                database: database, host: Viewer(accountID: accountID, role: .host), notifier: notifier, forms: forms,
                responses: ResponseStore(database: database, forms: forms, notifier: notifier))
            try await body(fixture, files)
        }
    }

    /// `Fixture.publish` in the columns the schema had before 0038: today's meeting and form stores
    /// write what later migrations add (the series' form, SQL/0061), so the rows are written here.
    static func publishBefore0038(_ fixture: Fixture, _ title: String, slot: Int) async throws -> PublishedForm {
        let end = Date().addingTimeInterval(3600 * Double(2 * slot + 1))
        let question = Question(key: QuestionKey(rawValue: "score")!, prompt: "Score", body: .rating(RatingSpec(min: 1, max: 5)))
        let definition = FormDefinition(title: title, anonymous: false, allowsEditing: false, questions: [question])
        let code = "MG\(slot)" + UUID().uuidString.filter(\.isHexDigit).prefix(7)  // a FormCode: 10 of its alphabet
        try await fixture.database.execute(
            """
            WITH series AS (INSERT INTO meeting_series (host_id) VALUES (\(fixture.host.accountID)) RETURNING id),
            meeting AS (
                INSERT INTO meetings (series_id, host_id, session_number, title, starts_at, ends_at)
                SELECT id, \(fixture.host.accountID), 1, \(title), \(end.addingTimeInterval(-3600))::timestamptz, \(end)::timestamptz
                FROM series RETURNING id)
            INSERT INTO forms (meeting_id, version, definition, code, published_at)
            SELECT id, 1, \(SQLJSON(definition))::jsonb, \(code), now() FROM meeting
            """)
        return try await fixture.forms.published(code: code)
    }

    /// The completion tally of `form` for `value`, folded or not.
    static func completion(_ database: Database, _ form: UUID, _ value: String) async throws -> Int {
        try await database.query(
            """
            SELECT coalesce(sum(n), 0)::int AS n FROM (
                SELECT count AS n FROM result_tallies WHERE form_id = \(form) AND kind = 'completion' AND value = \(value)
                UNION ALL
                SELECT delta FROM result_tally_deltas WHERE form_id = \(form) AND kind = 'completion' AND value = \(value)
            ) t
            """
        ).single().decode("n")
    }

    @Test func existingResponsesFollowTheNewRules() async throws {
        try await Self.withFixtureBefore0038 { fixture, files in
            let database = fixture.database
            let form = try await Self.publishBefore0038(fixture, "Answered", slot: 0)
            let elsewhere = try await Self.publishBefore0038(fixture, "Answered again", slot: 1)
            _ = try await fixture.checkIn(form)
            _ = try await fixture.checkIn(form)
            let checkIns = try await database.query("SELECT id FROM check_ins ORDER BY checked_in_at, id").map { try $0.decode("id", as: UUID.self) }
            let (first, second, lined, dated, timed) = (UUID(), UUID(), UUID(), UUID(), UUID())
            try await database.execute(
                """
                INSERT INTO responses (id, form_id, check_in_id, submitted_at, opened_at, straight_lined) VALUES
                    (\(first), \(form.id), \(checkIns[0]), now() - interval '10 minutes', NULL, false),
                    (\(second), \(elsewhere.id), \(checkIns[0]), now() - interval '5 minutes', NULL, false),
                    (\(lined), \(form.id), NULL, now(), NULL, true),
                    (\(dated), \(form.id), \(checkIns[1]), now(), (SELECT checked_in_at FROM check_ins WHERE id = \(checkIns[1])), false),
                    (\(timed), \(form.id), NULL, now(), now() - interval '30 seconds', false)
                """)
            #expect(try await Self.completion(database, form.id, "3600|1") == 1, "the old rule: an untimed straight-liner as 3600 s")

            #expect(
                try await Migrator(database: database, files: files.filter { $0.version <= 38 }, logger: TestDatabase.logger).migrate()
                    == ["0038_submission_integrity.sql"])

            #expect(try await Self.completion(database, form.id, "3600|1") == 0)
            #expect(try await Self.completion(database, form.id, "-|1") == 1)
            let timedTallies: Int = try await database.query(
                """
                SELECT coalesce(sum(n), 0)::int AS n FROM (
                    SELECT count AS n, value FROM result_tallies WHERE form_id = \(form.id) AND kind = 'completion'
                    UNION ALL SELECT delta, value FROM result_tally_deltas WHERE form_id = \(form.id) AND kind = 'completion'
                ) t WHERE value LIKE '%|0'
                """
            ).single().decode("n")
            #expect(timedTallies == 1, "only the ticketed response keeps a completion time")
            let rows = try await database.query("SELECT id, check_in_id, opened_at FROM responses")
            var byID: [UUID: (checkIn: UUID?, opened: Date?)] = [:]
            for row in rows { byID[try row.decode("id")] = (try row.decode("check_in_id"), try row.decode("opened_at")) }
            #expect(byID.count == 5, "nothing is deleted")
            #expect(byID[first]?.checkIn == checkIns[0], "the first response keeps its participant")
            #expect(byID[second]?.checkIn == nil, "a second response of that check-in is unlinked")
            #expect(byID[dated]?.opened == nil, "a check-in is not an opening")
            #expect(byID[timed]?.opened != nil)
        }
    }
}
