@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Pages: the participant's form")
struct ParticipantPageTests {
    static let pagePolicy =
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// Every field of a complete answer to ``ParticipantAPI/sampleForm(anonymous:allowsEditing:)``.
    static func completeAnswer(key: String, notes: String = "Good") -> [(String, String)] {
        [
            ("idempotency_key", key), ("q.useful", "4"), ("q.topic", "roadmap"), ("q.topic", "*other*"),
            ("o.topic", "Lunch"), ("q.notes", notes), ("q.nps", "9"), ("q.pace", "ok"),
        ]
    }

    static func responses(_ database: Database) async throws -> Int {
        try await database.query("SELECT count(*)::int AS n FROM responses")[0].decode("n")
    }

    @Test func theFormPageShowsEveryQuestionWithLabelsAndLimits() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let page = try await api.page("/f/\(form.code)")
            #expect(page.status == .ok)
            #expect(page.isHTML)
            #expect(page.headers[.contentSecurityPolicy] == Self.pagePolicy)
            #expect(page.headers[.cacheControl] == "no-store")
            let html = page.text
            #expect(html.contains("<html lang=\"en\">"))
            #expect(html.contains("<form method=\"post\" action=\"/f/\(form.code)\" novalidate>"))
            // Rating: a radio per scale value, each with its label; the scale is stated.
            for value in 1...5 {
                #expect(html.contains("<input type=\"radio\" id=\"q-useful-\(value)\" name=\"q.useful\" value=\"\(value)\">"))
                #expect(html.contains("<label for=\"q-useful-\(value)\">\(value)</label>"))
            }
            #expect(html.contains("From 1 to 5"))
            // Multiple choice: checkboxes, "Other" with its own labelled text input.
            #expect(html.contains("<input type=\"checkbox\" id=\"q-topic-roadmap\" name=\"q.topic\" value=\"roadmap\">"))
            #expect(html.contains("<label class=\"hint other-text\" for=\"q-topic-other-text\">"))
            #expect(html.contains("id=\"q-topic-other-text\" name=\"o.topic\""))
            // Single choice: radios. Short answer: a labelled textarea with its limit.
            #expect(html.contains("<input type=\"radio\" id=\"q-pace-slow\" name=\"q.pace\" value=\"slow\">"))
            #expect(html.contains("<label for=\"q-notes\">Anything else?"))
            #expect(html.contains("<textarea id=\"q-notes\" name=\"q.notes\" maxlength=\"500\""))
            #expect(html.contains("Up to 500 characters."))
            // Groups are fieldsets with legends; the required one says so.
            #expect(html.contains("<legend>How useful? <span class=\"required\">(required)</span></legend>"))
            #expect(html.contains("<legend>Recommend?</legend>"))
            // A fresh idempotency key per page load.
            let key = try #require(page.inputValue("idempotency_key"))
            #expect(key.count >= 16)
            #expect(try await api.page("/f/\(form.code)").inputValue("idempotency_key") != key)
            #expect(html.contains("/assets/debrief.css?v="))
        }
    }

    @Test func thePageSpeaksTheLanguageTheBrowserPrefers() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let cases: [(String?, String)] = [
                (nil, "en"), ("ko", "ko"), ("ko-KR,ko;q=0.9,en;q=0.8", "ko"), ("en;q=0.5, ko;q=0.9", "ko"),
                ("ko;q=0, en", "en"), ("fr, ko;q=0.3", "ko"), ("fr, de", "en"), ("*", "en"),
            ]
            for (header, language) in cases {
                let page = try await api.page("/f/\(form.code)", language: header)
                #expect(page.text.contains("<html lang=\"\(language)\">"), "\(header ?? "none")")
                #expect(page.headers[.contentLanguage] == language)
                #expect(page.headers[.vary]?.contains("Accept-Language") == true)
            }
            let korean = try await api.page("/f/\(form.code)", language: "ko").text
            #expect(korean.contains("답변 보내기"))
            #expect(korean.contains("1부터 5까지"))
        }
    }

    @Test func hostileTextIsEscaped() async throws {
        try await ParticipantAPI.run { api, database in
            let hostile = "<script>alert('x')</script>\"><img src=x onerror=alert(1)>"
            var form = ParticipantAPI.sampleForm()
            var questions = try #require(form["questions"] as? [[String: Any]])
            questions[0]["prompt"] = hostile
            questions[0]["minLabel"] = "<b>low</b>"
            questions[4]["options"] = [["id": "slow", "label": hostile], ["id": "ok", "label": "Fine"]]
            form["questions"] = questions
            form["title"] = "Title </title><script>x()</script>"
            let published = try await api.publish(form)
            let html = try await api.page("/f/\(published.code)").text
            #expect(!html.contains("<script>"), "\(html)")
            #expect(!html.contains("<img"))
            #expect(!html.contains("<b>low"))
            #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
            // Input echoed back after a refused post is escaped too.
            let refused = try await api.post(
                "/f/\(published.code)", [("idempotency_key", "k-hostile"), ("q.notes", "</textarea><script>alert(1)</script>")])
            #expect(refused.status == .unprocessableContent)
            #expect(!refused.text.contains("<script>"))
            #expect(refused.text.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>"))
            #expect(try await Self.responses(database) == 0)
        }
    }

    @Test func anAnswerIsStoredOnceHoweverOftenItIsPosted() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            for _ in 0..<3 {
                let reply = try await api.post("/f/\(form.code)", Self.completeAnswer(key: key, notes: "좋았어요 👍"))
                #expect(reply.status == .seeOther, "\(reply.text)")
                #expect(reply.headers[.location] == "/f/\(form.code)/thanks")
            }
            #expect(try await Self.responses(database) == 1)
            // Stored exactly as the JSON API would have: the same answers, in form order.
            let rows = try await database.query(
                """
                SELECT question_key, rating, option_id, other_text, text_value FROM answers
                ORDER BY question_key, option_id NULLS FIRST
                """)
            let stored = try rows.map { row -> String in
                let parts: [String?] = [
                    try row.decode("question_key"), (try row.decode("rating", as: Int?.self)).map(String.init),
                    try row.decode("option_id"), try row.decode("other_text"), try row.decode("text_value"),
                ]
                return parts.compactMap { $0 }.joined(separator: "=")
            }
            #expect(stored == ["notes=좋았어요 👍", "nps=9", "pace=ok", "topic=Lunch", "topic=roadmap", "useful=4"], "\(stored)")
            // The same key with other answers is not a second response either.
            let changed = try await api.post("/f/\(form.code)", Self.completeAnswer(key: key, notes: "changed"))
            #expect(changed.status == .unprocessableContent)
            #expect(changed.text.contains("Answers were already sent from this page."))
            #expect(try await Self.responses(database) == 1)
            // A new page load is a new response.
            let second = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            #expect(try await api.post("/f/\(form.code)", Self.completeAnswer(key: second)).status == .seeOther)
            #expect(try await Self.responses(database) == 2)
        }
    }

    @Test func aRefusedAnswerKeepsTheInputAndShowsEachProblemAtItsField() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let reply = try await api.post(
                "/f/\(form.code)",
                [
                    ("idempotency_key", "k-refused"), ("q.topic", "hiring"), ("q.topic", "budget"), ("q.notes", "Kept text"),
                    ("q.nps", "11"), ("q.pace", "ok"),
                ])
            #expect(reply.status == .unprocessableContent)
            #expect(reply.isHTML)
            let html = reply.text
            // The required rating was skipped, and 11 is off the scale: both named at their field.
            #expect(html.contains("<fieldset id=\"q-useful\" aria-describedby=\"q-useful-hint q-useful-error\" aria-invalid=\"true\">"))
            #expect(html.contains("<p class=\"error\" id=\"q-useful-error\">Please answer this question.</p>"))
            #expect(html.contains("<p class=\"error\" id=\"q-nps-error\">Choose a value from 0 to 10.</p>"))
            #expect(html.contains("<a href=\"#q-useful\">How useful?: Please answer this question.</a>"))
            // What was typed and ticked is still there, under the same key.
            #expect(html.contains(">Kept text</textarea>"))
            #expect(html.contains("value=\"hiring\" checked>"))
            #expect(html.contains("value=\"budget\" checked>"))
            #expect(html.contains("id=\"q-pace-ok\" name=\"q.pace\" value=\"ok\" checked>"))
            #expect(reply.inputValue("idempotency_key") == "k-refused")
            #expect(try await Self.responses(database) == 0)
            // In Korean, the messages are Korean.
            let korean = try await api.post("/f/\(form.code)", [("idempotency_key", "k-ko"), ("q.nps", "3")], language: "ko")
            #expect(korean.text.contains("이 질문에 답해 주세요."))
        }
    }

    @Test func aPostWithoutItsPageKeyOrAsJSONIsRefused() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let missing = try await api.post("/f/\(form.code)", [("q.useful", "4")])
            #expect(missing.status == .badRequest)
            #expect(missing.isHTML)
            let json = try await api.send(.post, "/f/\(form.code)", json: ["answers": ParticipantAPI.answers()])
            #expect(json.status == .unsupportedMediaType)
            #expect(try await Self.responses(database) == 0)
        }
    }

    @Test func unknownAndClosedFormsGetAFriendlyPage() async throws {
        try await ParticipantAPI.run { api, _ in
            let unknown = try await api.page("/f/0000000000")
            #expect(unknown.status == .notFound)
            #expect(unknown.isHTML)
            #expect(unknown.text.contains("Form not found"))
            #expect(unknown.headers[.contentSecurityPolicy] == Self.pagePolicy)
            let form = try await api.publish()
            #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
            let closed = try await api.page("/f/\(form.code)", language: "ko")
            #expect(closed.status == .gone)
            #expect(closed.text.contains("<html lang=\"ko\">"))
            #expect(closed.text.contains("설문이 마감되었어요"))
            let post = try await api.post("/f/\(form.code)", Self.completeAnswer(key: "k-closed"))
            #expect(post.status == .gone)
            #expect(post.isHTML)
        }
    }

    @Test func aNamedFormAsksForACheckInFirstAndLinksTheAnswer() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false))
            let first = try await api.page("/f/\(form.code)")
            #expect(first.text.contains("<form method=\"post\" action=\"/f/\(form.code)/check-in\""))
            #expect(first.text.contains("<label for=\"checkin-name\">"))
            #expect(!first.text.contains("name=\"q.useful\""), "no questions before the check-in")
            let blank = try await api.post("/f/\(form.code)/check-in", [("name", "  ")])
            #expect(blank.status == .unprocessableContent)
            #expect(blank.text.contains("id=\"checkin-name-error\""))
            #expect(blank.text.contains("aria-invalid=\"true\""))
            let checkedIn = try await api.post("/f/\(form.code)/check-in", [("name", " Ana <Lima> ")])
            #expect(checkedIn.status == .ok)
            #expect(checkedIn.text.contains("You are checked in as Ana &lt;Lima&gt;."))
            let token = try #require(checkedIn.inputValue("participant_token"))
            #expect(token.hasPrefix("dbp_"))
            let key = try #require(checkedIn.inputValue("idempotency_key"))
            let answer = try await api.post("/f/\(form.code)", [("participant_token", token)] + Self.completeAnswer(key: key))
            #expect(answer.status == .seeOther, "\(answer.text)")
            let linked = try await database.query(
                "SELECT count(*)::int AS n FROM responses r JOIN check_ins c ON c.id = r.check_in_id WHERE c.name = 'Ana <Lima>'")
            #expect(try linked[0].decode("n", as: Int.self) == 1)
            // Answering again with the same check-in on a form without editing: said, not stored.
            // A friendly page, not the whole form under a red error (issue 32 item 14).
            let again = try await api.post("/f/\(form.code)", [("participant_token", token)] + Self.completeAnswer(key: "k-again"))
            #expect(again.status == .conflict)
            #expect(again.text.contains("<h1>You already answered</h1>") && again.text.contains("each person answers it once"), "\(again.text.prefix(1500))")
            #expect(!again.text.contains("name=\"q.useful\"") && !again.text.contains("class=\"error-summary"))
            let korean = try await api.post(
                "/f/\(form.code)", [("participant_token", token)] + Self.completeAnswer(key: "k-again-ko"), language: "ko")
            #expect(korean.status == .conflict && korean.text.contains("<h1>이미 답했어요</h1>"), "\(korean.text.prefix(1500))")
            #expect(try await Self.responses(database) == 1)
        }
    }

    /// A form titled like its meeting shows the title once (issue 32 item 16); another title
    /// keeps the meeting's in the line under the heading.
    @Test func theMeetingTitleShowsOnceWhenTheFormHasTheSameTitle() async throws {
        try await ParticipantAPI.run { api, _ in
            var same = ParticipantAPI.sampleForm()
            same["title"] = "Retro 회고"
            let page = try await api.page("/f/\(try await api.publish(same).code)")
            #expect(page.text.components(separatedBy: "Retro 회고").count == 3, "the <title> and the heading only: \(page.text.prefix(1200))")
            #expect(page.text.contains("<p class=\"muted\">Room 4 · "), "the line keeps the place and time")
            var other = ParticipantAPI.sampleForm()
            other["title"] = "How did it go?"
            let second = try await api.page("/f/\(try await api.publish(other).code)")
            #expect(second.text.contains("<p class=\"muted\">Retro 회고 · Room 4 · "), "\(second.text.prefix(1200))")
        }
    }

    @Test func anAnonymousFormOffersAnOptionalCheckIn() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let page = try await api.page("/f/\(form.code)")
            #expect(page.text.contains("action=\"/f/\(form.code)/check-in\""))
            #expect(!page.text.contains("checkin-name"), "anonymous check-ins take no name")
            let checkedIn = try await api.post("/f/\(form.code)/check-in", [])
            #expect(checkedIn.status == .ok)
            #expect(checkedIn.text.contains("You are checked in."))
            #expect(!checkedIn.text.contains("action=\"/f/\(form.code)/check-in\""))
            let token = try #require(checkedIn.inputValue("participant_token"))
            let key = try #require(checkedIn.inputValue("idempotency_key"))
            #expect(try await api.post("/f/\(form.code)", [("participant_token", token)] + Self.completeAnswer(key: key)).status == .seeOther)
            let linked = try await database.query("SELECT count(*)::int AS n FROM responses WHERE check_in_id IS NOT NULL")
            #expect(try linked[0].decode("n", as: Int.self) == 1)
        }
    }

    @Test func theThanksPageShowsResultsOnlyWhenTheHostSharesThem() async throws {
        try await ParticipantAPI.run { api, _ in
            let hidden = try await api.publish()
            let key = try #require(try await api.page("/f/\(hidden.code)").inputValue("idempotency_key"))
            #expect(try await api.post("/f/\(hidden.code)", Self.completeAnswer(key: key)).status == .seeOther)
            let thanks = try await api.page("/f/\(hidden.code)/thanks")
            #expect(thanks.status == .ok)
            #expect(thanks.text.contains("Thank you!"))
            #expect(!thanks.text.contains("Results so far"))

            var sharedForm = ParticipantAPI.sampleForm()
            sharedForm["sharesResultsWithParticipants"] = true
            sharedForm["privacyThreshold"] = 1
            let shared = try await api.publish(sharedForm)
            for n in 0..<2 {
                #expect(try await api.post("/f/\(shared.code)", Self.completeAnswer(key: "k-shared-\(n)")).status == .seeOther)
            }
            let results = try await api.page("/f/\(shared.code)/thanks", language: "ko").text
            #expect(results.contains("지금까지의 결과"))
            #expect(results.contains("<h2 id=\"result-useful\">How useful?</h2>"))
            #expect(results.contains("<th scope=\"row\">Roadmap</th><td class=\"number\">2</td><td class=\"number\">100%</td>"))
            // Participants see no text anyone wrote, "Other" answers included (the participant view, docs/live.md).
            #expect(!results.contains("Lunch"), "an “other” answer on the thanks page")
            // The charts speak Korean too, and so does the table's “Other” row.
            #expect(results.contains("응답자 2명 · 건너뜀 0명"))
            #expect(results.contains("평점 질문. 응답자 2명, 건너뜀 0명. 평균 4."))
            #expect(results.contains("복수 응답 가능"))
            #expect(results.contains("<th scope=\"row\">기타</th>"))
            for english in ["respondents", "skipped", "mean ", "Several answers allowed", ">Other<", "Choice question"] {
                #expect(!results.contains(english), "\(english)")
            }
        }
    }

    @Test func thePagesShareTheAPIsRateLimit() async throws {
        let limits = RateLimitSettings(perAddress: RateLimitRate(perSecond: 0.001, burst: 2), perForm: .unlimited)
        try await ParticipantAPI.run(configuration: ParticipantAPI.configuration(limits: limits)) { api, _ in
            let form = try await api.publish()
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .ok)
            #expect(try await api.page("/f/\(form.code)").status == .ok)
            let limited = try await api.page("/f/\(form.code)", language: "ko")
            #expect(limited.status == .tooManyRequests)
            #expect(limited.isHTML)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.text.contains("요청이 너무 많아요"))
            #expect(try await api.send(.get, "/v1/f/\(form.code)").status == .tooManyRequests)
        }
    }

    @Test func theStylesheetIsServedForLongCaching() async throws {
        try await ParticipantAPI.run { api, _ in
            let form = try await api.publish()
            let page = try await api.page("/f/\(form.code)").text
            let link = try #require(page.range(of: "/assets/debrief.css?v=").map { page[$0.lowerBound...].prefix(while: { $0 != "\"" }) })
            let css = try await api.send(.get, String(link))
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(css.text.contains(":focus-visible"))
            #expect(link.hasSuffix(Assets.stylesheet.version))
            let script = try await api.send(.get, "/assets/dashboard.js")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
        }
    }
}
