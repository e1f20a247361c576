import Debrief
import DebriefStore
import Foundation
import HTTPTypes
import PQ
import Testing

/// One stable code per series (issue 32 item 16, docs/decisions/0050): `/f/{seriesCode}` opens
/// the series' current session, every session's own code keeps opening that session, and no code
/// can be a series' and a form's at once.
@Suite("Participant page: the series code")
struct SeriesCodeTests {
    /// The meeting's JSON `seriesCode`.
    static func seriesCode(_ api: ParticipantAPI, _ form: PublishedFixture, meeting: String? = nil) async throws -> String {
        let reply = try await api.send(.get, "/v1/meetings/\(meeting ?? form.meetingID)", token: form.hostToken)
        return try #require(reply.string("seriesCode"), "\(reply.text)")
    }

    /// Plans session 2 a week after session 1 and publishes its form (a draft copy of session 1's).
    static func nextSession(_ api: ParticipantAPI, _ form: PublishedFixture) async throws -> (meetingID: String, code: String) {
        let first = try await api.send(.get, "/v1/meetings/\(form.meetingID)", token: form.hostToken)
        let startsAt = try #require(first.string("startsAt").flatMap { try? Date($0, strategy: .iso8601) })
        let next = try await api.send(
            .post, "/v1/meetings/\(form.meetingID)/next", token: form.hostToken,
            json: [
                "startsAt": ParticipantAPI.iso(startsAt.addingTimeInterval(7 * 86_400)),
                "endsAt": ParticipantAPI.iso(startsAt.addingTimeInterval(7 * 86_400 + 3600)),
            ])
        let id = try #require(next.string("id"), "\(next.text)")
        let published = try await api.send(.post, "/v1/meetings/\(id)/form/publish", token: form.hostToken)
        return (id, try #require(published.string("code"), "\(published.text)"))
    }

    /// Moves a session to `from`…`to` seconds from the database's now.
    static func move(_ database: Database, _ meeting: String, from: Int, to: Int) async throws {
        try await database.execute(
            """
            UPDATE meetings SET starts_at = now() + make_interval(secs => \(Double(from))), ends_at = now() + make_interval(secs => \(Double(to)))
            WHERE id = \(UUID(uuidString: meeting))
            """)
    }

    /// Issue 68 (the series clock, decision 83): session 1 is happening now and next week's
    /// session is published early; the series code keeps opening session 1 until an hour before
    /// session 2 starts, and then session 2, while session 1's own code still takes answers.
    @Test func theSeriesCodeOpensTheSessionHappeningNowAndSessionCodesKeepTheirOwn() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            try await Self.move(database, form.meetingID, from: -600, to: 1200)
            let series = try await Self.seriesCode(api, form)
            #expect(FormCode.normalize(series) == series && series != form.code)

            // Session 1 is the current one: the page sends the browser to its form, the API shows it.
            let first = try await api.page("/f/\(series)")
            #expect(first.status == .seeOther)
            #expect(first.headers[.location] == "/f/\(form.code)")
            #expect(first.headers[.cacheControl] == "no-store")
            #expect(try await api.send(.get, "/v1/f/\(series)").string("code") == form.code)
            // Typed as people type codes (lower case, a dash), and with a picked language.
            let typed = try await api.page("/f/\(series.prefix(5).lowercased())-\(series.dropFirst(5))?lang=ko")
            #expect(typed.headers[.location] == "/f/\(form.code)?lang=ko")

            // Next week's session is published early: the room stays on session 1 (the walk's finding).
            let second = try await Self.nextSession(api, form)
            #expect(second.code != form.code)
            #expect(try await Self.seriesCode(api, form, meeting: second.meetingID) == series, "one code for the whole series")
            #expect(try await api.page("/f/\(series)").headers[.location] == "/f/\(form.code)", "an early-published session never takes the room")
            #expect(try await api.send(.get, "/v1/f/\(series)").string("code") == form.code)

            // Half an hour before session 2 starts (inside its hour of lead) the code opens session 2 ...
            try await Self.move(database, second.meetingID, from: 1800, to: 5400)
            #expect(try await api.page("/f/\(series)").headers[.location] == "/f/\(second.code)")
            #expect(try await api.send(.get, "/v1/f/\(series)").string("code") == second.code)
            // ... while session 1's own code still opens session 1, which still takes answers.
            let old = try await api.page("/f/\(form.code)")
            #expect(old.status == .ok && old.text.contains("name=\"q.useful\""))
            let key = try #require(old.inputValue("idempotency_key"))
            #expect(try await api.post("/f/\(form.code)", ParticipantPageTests.completeAnswer(key: key)).status == .seeOther)
            let stored: [String] = try await database.query(
                "SELECT f.code FROM responses r JOIN forms f ON f.id = r.form_id").map { try $0.decode("code") }
            #expect(stored == [form.code], "the answer went to session 1")

            // Session 2's form closes: the page says no form is open now and offers session 1's, still open.
            #expect(try await api.send(.post, "/v1/meetings/\(second.meetingID)/form/close", token: form.hostToken).status == .ok)
            let between = try await api.page("/f/\(series)")
            #expect(between.status == .ok && between.text.contains("<h1>No session is open right now</h1>"), "\(between.text.prefix(1500))")
            #expect(between.text.contains("href=\"/f/\(form.code)\""), "the previous form is offered: \(between.text.prefix(1500))")
            #expect(try await api.page("/f/\(series)", language: "ko").text.contains("지난 세션 설문에 답하기"))
            let json = try await api.send(.get, "/v1/f/\(series)")
            #expect(json.status == .notFound && json.string("detail")?.contains(form.code) == true, "\(json.text)")
        }
    }

    @Test func noOpenSessionIsAClearPageWithTheNextSessionsTime() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let series = try await Self.seriesCode(api, form)
            #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)

            let page = try await api.page("/f/\(series)")
            #expect(page.status == .ok && page.isHTML)
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.text.contains("<h1>No session is open right now</h1>"), "\(page.text.prefix(1500))")
            // The fixture's meeting starts in the future: it is the next session.
            #expect(page.text.contains("The next session starts "), "\(page.text.prefix(1500))")
            let korean = try await api.page("/f/\(series)", language: "ko")
            #expect(korean.text.contains("<h1>지금 열린 세션이 없어요</h1>") && korean.text.contains("<html lang=\"ko\">"))
            // The API says the same in a problem, not a form.
            let json = try await api.send(.get, "/v1/f/\(series)")
            #expect(json.status == .notFound)
            #expect(json.string("detail")?.contains("no session of this series is open right now; the next one starts") == true, "\(json.text)")

            // The closed session's own code is the closed-form page, as before; an unknown code a 404.
            #expect(try await api.page("/f/\(form.code)").status == .gone)
            #expect(try await api.page("/f/0000000000").status == .notFound)
            #expect(try await api.send(.get, "/v1/f/0000000000").status == .notFound)
        }
    }

    /// A series in the trash has no participant link.
    @Test func aTrashedSeriesCodeIsNotFound() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let series = try await Self.seriesCode(api, form)
            #expect(try await api.send(.delete, "/v1/meetings/\(form.meetingID)", token: form.hostToken).status == .noContent)
            #expect(try await api.page("/f/\(series)").status == .notFound)
        }
    }

    /// Series codes and form codes are one code space (SQL/0050): a form cannot take a series'
    /// code, and a series that draws a form's code draws again.
    @Test func aCodeCannotBeBothASeriesAndAFormCode() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let other = try await api.publish()
            let series = try await Self.seriesCode(api, form)
            await #expect(throws: PQError.self) {
                try await database.execute("UPDATE forms SET code = \(series) WHERE meeting_id = \(UUID(uuidString: other.meetingID))")
            }
            let host: UUID = try await database.query("SELECT host_id FROM meetings WHERE id = \(UUID(uuidString: form.meetingID))")[0]
                .decode("host_id")
            let drawn: String = try await database.query(
                "INSERT INTO meeting_series (host_id, code) VALUES (\(host), \(other.code)) RETURNING code")[0].decode("code")
            #expect(drawn != other.code && FormCode.normalize(drawn) == drawn)
            let moved: String = try await database.query(
                "UPDATE meeting_series SET code = \(form.code) WHERE code = \(series) RETURNING code")[0].decode("code")
            #expect(moved != form.code)
            // Every series has a code of its own, and no form holds one.
            let clashes: Int = try await database.query(
                "SELECT count(*)::int AS n FROM meeting_series s JOIN forms f ON f.code = s.code")[0].decode("n")
            #expect(clashes == 0)
        }
    }
}
