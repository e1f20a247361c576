import Foundation
import HTTPTypes
import PQ
import Testing

/// "Change my answers" (issue 32 item 14): on an anonymous form that allows editing, the browser
/// that answered (its receipt cookie, nothing about who it is) sees "You already answered" with a
/// way to change; the form comes back filled in, and a send replaces the response, never adds one.
@Suite("Participant page: change my answers")
struct ParticipantChangeAnswersTests {
    static func answer(_ key: String) -> [(String, String)] {
        ParticipantPageTests.completeAnswer(key: key)
    }

    /// Answers with rating 2, "budget" and pace "fast", no other text.
    static func changed(_ key: String) -> [(String, String)] {
        [("idempotency_key", key), ("q.useful", "2"), ("q.topic", "budget"), ("q.notes", "Changed"), ("q.nps", "3"), ("q.pace", "fast")]
    }

    /// The stored answers as `key=value` lines, in question and position order.
    static func stored(_ database: Database) async throws -> [String] {
        try await database.query(
            """
            SELECT question_key || '=' || coalesce(rating::text, option_id, other_text, text_value) AS line
            FROM answers ORDER BY question_key, position
            """
        ).map { try $0.decode("line") }
    }

    /// Publishes an anonymous form that allows editing and answers it from a page: the fixture
    /// and the browser's receipt cookie.
    static func answered(_ api: ParticipantAPI) async throws -> (PublishedFixture, cookie: String) {
        let form = try await api.publish(ParticipantAPI.sampleForm(allowsEditing: true))
        let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
        let first = try await api.post("/f/\(form.code)", Self.answer(key))
        #expect(first.status == .seeOther)
        return (form, try #require(ParticipantBrowserLimitTests.receipt(first), "no receipt: \(first.headers)"))
    }

    @Test func theBrowserThatAnsweredChangesItsAnswersInPlace() async throws {
        try await ParticipantAPI.run { api, database in
            let (form, cookie) = try await Self.answered(api)

            // Reopening: "You already answered", with "Change my answers", and no form.
            let again = try await api.page("/f/\(form.code)", cookie: cookie)
            #expect(again.status == .ok)
            #expect(again.text.contains("<h1>You already answered</h1>"), "\(again.text.prefix(1500))")
            #expect(again.text.contains("You can change them until the form closes."))
            #expect(again.text.contains("<a class=\"button\" href=\"/f/\(form.code)/change\">Change my answers</a>"))
            #expect(!again.text.contains("name=\"q."))
            let korean = try await api.page("/f/\(form.code)", language: "ko", cookie: cookie)
            #expect(korean.text.contains("답변 바꾸기"))

            // The change page: the form filled in with what was sent, saying a send replaces it.
            let change = try await api.page("/f/\(form.code)/change", cookie: cookie)
            #expect(change.status == .ok)
            let html = change.text
            #expect(html.contains("You are changing your answers"), "\(html.prefix(2000))")
            #expect(html.contains("value=\"4\" checked"), "the rating")
            #expect(html.contains("value=\"roadmap\" checked") && html.contains("value=\"*other*\" checked"), "the choices")
            #expect(html.contains("value=\"Lunch\""), "the other text")
            #expect(html.contains(">Good</textarea>") || html.contains("value=\"Good\""), "the short answer")
            #expect(html.contains("value=\"9\" checked") && html.contains("value=\"ok\" checked"))
            #expect(!html.contains("action=\"/f/\(form.code)/check-in\""), "no check-in while changing")

            // Sending replaces the response: one response, the new answers, the same receipt.
            let key = try #require(change.inputValue("idempotency_key"))
            let sent = try await api.post("/f/\(form.code)", Self.changed(key), cookie: cookie)
            #expect(sent.status == .seeOther)
            #expect(sent.headers[.location] == "/f/\(form.code)/thanks")
            #expect(try await ParticipantPageTests.responses(database) == 1)
            #expect(try await Self.stored(database) == ["notes=Changed", "nps=3", "pace=fast", "topic=budget", "useful=2"])
            let changedAt: Date? = try await database.query("SELECT changed_at FROM responses")[0].decode("changed_at")
            #expect(changedAt != nil, "marked as changed")
            // The same post again (a double tap): the stored acceptance, still one response.
            #expect(try await api.post("/f/\(form.code)", Self.changed(key), cookie: cookie).status == .seeOther)
            #expect(try await ParticipantPageTests.responses(database) == 1)

            // The results and the export see one response.
            let results = try await api.send(.get, "/v1/meetings/\(form.meetingID)/results", token: form.hostToken)
            #expect((results.json?["summary"] as? [String: Any])?["responses"] as? Int == 1, "\(results.text.prefix(600))")
            let csv = try await api.send(.get, "/v1/meetings/\(form.meetingID)/export.csv?layout=responses", token: form.hostToken)
            #expect(csv.text.split(separator: "\n").count == 2, "a header and one response: \(csv.text.prefix(800))")
        }
    }

    @Test func withoutAValidReceiptThereIsNothingToChange() async throws {
        try await ParticipantAPI.run { api, database in
            let (form, cookie) = try await Self.answered(api)
            // No cookie: the change page sends the browser to the form, which is the plain form.
            let bare = try await api.page("/f/\(form.code)/change")
            #expect(bare.status == .seeOther && bare.headers[.location] == "/f/\(form.code)")
            #expect(try await api.page("/f/\(form.code)").text.contains("name=\"q.useful\""))
            // A receipt whose signature was changed, or another form's, changes nothing: the post
            // is a new response, as from any other browser.
            let other = try await Self.answered(api)
            for forged in [String(cookie.dropLast(2)) + "AA", other.cookie] {
                #expect(try await api.page("/f/\(form.code)/change", cookie: forged).status == .seeOther)
                let key = try #require(try await api.page("/f/\(form.code)", cookie: forged).inputValue("idempotency_key"))
                #expect(try await api.post("/f/\(form.code)", Self.changed(key), cookie: forged).status == .seeOther)
            }
            let first: Int = try await database.query(
                """
                SELECT count(*)::int AS n FROM answers a JOIN forms f ON f.id = a.form_id
                WHERE f.code = \(form.code) AND a.question_key = 'useful' AND a.rating = 4
                """)[0].decode("n")
            #expect(first == 1, "the first browser's answers stay as they were")
            #expect(try await ParticipantPageTests.responses(database) == 4)
        }
    }

    @Test func aClosedFormRefusesChangesWithAClearPage() async throws {
        try await ParticipantAPI.run { api, database in
            let (form, cookie) = try await Self.answered(api)
            let key = try #require(try await api.page("/f/\(form.code)/change", cookie: cookie).inputValue("idempotency_key"))
            #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
            let page = try await api.page("/f/\(form.code)/change", cookie: cookie)
            #expect(page.status == .gone)
            #expect(page.text.contains("This form is closed"), "\(page.text.prefix(1200))")
            let late = try await api.post("/f/\(form.code)", Self.changed(key), cookie: cookie)
            #expect(late.status == .gone)
            #expect(try await Self.stored(database).contains("useful=4"), "the answers stay as sent")
            #expect(try await ParticipantPageTests.responses(database) == 1)
        }
    }

    /// The host removed the response: the browser has nothing to change, sees the form, and its
    /// next send is a new response (not the removed one brought back, not two).
    @Test func aRemovedResponseLeavesTheFormToAnswerAgain() async throws {
        try await ParticipantAPI.run { api, database in
            let (form, cookie) = try await Self.answered(api)
            let id: UUID = try await database.query("SELECT id FROM responses")[0].decode("id")
            let removed = try await api.send(.delete, "/v1/meetings/\(form.meetingID)/responses/\(id)", token: form.hostToken)
            #expect(removed.status == .noContent, "\(removed.text)")
            let page = try await api.page("/f/\(form.code)", cookie: cookie)
            #expect(page.text.contains("name=\"q.useful\"") && !page.text.contains("You already answered"))
            #expect(try await api.page("/f/\(form.code)/change", cookie: cookie).status == .seeOther)
            let key = try #require(page.inputValue("idempotency_key"))
            #expect(try await api.post("/f/\(form.code)", Self.changed(key), cookie: cookie).status == .seeOther)
            #expect(try await ParticipantPageTests.responses(database) == 1)
            #expect(try await Self.stored(database).contains("useful=2"))
        }
    }

    /// A form without editing keeps its rule: the receipt refuses, it never replaces.
    @Test func aFormWithoutEditingOffersNoChange() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            let cookie = try #require(ParticipantBrowserLimitTests.receipt(try await api.post("/f/\(form.code)", Self.answer(key))))
            let again = try await api.page("/f/\(form.code)", cookie: cookie)
            #expect(again.text.contains("<h1>You already answered</h1>") && !again.text.contains("Change my answers"))
            #expect(try await api.page("/f/\(form.code)/change", cookie: cookie).status == .seeOther)
            #expect(try await Self.stored(database).contains("useful=4"))
        }
    }
}
