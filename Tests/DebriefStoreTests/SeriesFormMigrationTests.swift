import Debrief
import DebriefSQL
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// SQL/0061 on a database of the earlier schema (a series held no form; each session had its
/// own): the series takes the form of its latest session that has one, translations included,
/// its close time as a rule relative to that session's end; sessions that have not ended and
/// have no form start with it; past sessions and other sessions' own drafts are left alone.
@Suite("Migration 0061: the series' form from its latest session")
struct SeriesFormMigrationTests {
    @Test func theSeriesTakesItsLatestSessionsForm() async throws {
        try await TestDatabase.withMigrations(before: 61) { database, files in
            let account: UUID = try await database.query(
                "INSERT INTO accounts (email, display_name, password_hash) VALUES ('host@example.com', 'Host', 'x') RETURNING id"
            ).single().decode("id")
            let series: UUID = try await database.query("INSERT INTO meeting_series (host_id) VALUES (\(account)) RETURNING id").single().decode("id")
            let future = Date().addingTimeInterval(30 * 86_400)
            var sessions: [UUID] = []
            // Sessions 1 and 2 have forms (2 is the latest with one); 3 is ahead with none; 4 is past with none.
            for (number, start) in [(1, future), (2, future.addingTimeInterval(7 * 86_400)), (3, future.addingTimeInterval(14 * 86_400)),
                                    (4, Date().addingTimeInterval(-90 * 86_400))] {
                sessions.append(try await database.query(
                    """
                    INSERT INTO meetings (series_id, host_id, session_number, title, starts_at, ends_at)
                    VALUES (\(series), \(account), \(number), 'Sync', \(start)::timestamptz, \(start.addingTimeInterval(3_600))::timestamptz) RETURNING id
                    """).single().decode("id"))
            }
            var first = FormDefinition(title: "Old", questions: [Question(key: QuestionKey(rawValue: "q1")!, prompt: "Useful?", required: false, body: .shortAnswer(ShortAnswerSpec()))])
            first.closesAt = future.addingTimeInterval(2 * 3_600)
            var latest = first
            latest.title = "Latest"
            latest.translations = [LanguageTag(rawValue: "ko")!: FormTranslation(title: "최신")]
            // Closes a day after session 2 ends.
            latest.closesAt = future.addingTimeInterval(7 * 86_400 + 3_600 + 86_400)
            for (meeting, definition) in [(sessions[0], first), (sessions[1], latest)] {
                try await database.execute(
                    "INSERT INTO forms (meeting_id, version, definition) VALUES (\(meeting), 1, \(SQLJSON(definition))::jsonb)")
            }

            #expect(try await Migrator(database: database, files: files.filter { $0.version <= 61 }, logger: TestDatabase.logger).migrate()
                == ["0061_series_form.sql"])

            let row = try await database.query(
                "SELECT form, form_closes_after_seconds FROM meeting_series WHERE id = \(series)").single()
            let form = try row.decode("form", as: SQLJSON<FormDefinition>.self).value
            #expect(form.title == "Latest")
            #expect(form.translations[LanguageTag(rawValue: "ko")!]?.title == "최신", "translations moved with the form")
            #expect(form.closesAt == nil, "no absolute date on the series")
            #expect(try row.decode("form_closes_after_seconds", as: Int?.self) == 86_400)
            func forms(_ meeting: UUID) async throws -> [(definition: FormDefinition, follows: Bool)] {
                try await database.query("SELECT definition, follows_series FROM forms WHERE meeting_id = \(meeting)").map {
                    (try $0.decode("definition", as: SQLJSON<FormDefinition>.self).value, try $0.decode("follows_series", as: Bool.self))
                }
            }
            #expect(try await forms(sessions[0]).map(\.definition.title) == ["Old"], "another session's own draft is left alone")
            #expect(try await forms(sessions[0]).map(\.follows) == [false])
            #expect(try await forms(sessions[1]).map(\.follows) == [true], "the source draft is the series' form word for word")
            let third = try await forms(sessions[2])
            #expect(third.map(\.definition.title) == ["Latest"] && third.map(\.follows) == [true])
            let thirdEnd = future.addingTimeInterval(14 * 86_400 + 3_600)
            #expect(third.first?.definition.closesAt.map { abs($0.timeIntervalSince(thirdEnd) - 86_400) < 0.001 } == true,
                "a day after its own end: \(String(describing: third.first?.definition.closesAt))")
            #expect(third.first?.definition.translations[LanguageTag(rawValue: "ko")!]?.title == "최신")
            #expect(try await forms(sessions[3]).isEmpty, "a past session without a form stays without")
        }
    }
}
