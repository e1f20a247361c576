@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Forms in several languages through the API and the pages, on a real database
/// (docs/decisions/0037-form-languages.md): the participant's language from `?lang=` and
/// `Accept-Language`, the language each response records, answers grouped by question in results
/// and CSV whatever the language, publishing refused while a text is untranslated, and the
/// translations page.
@Suite("Form languages: API, pages, results and CSV")
struct FormLanguageFlowTests {
    static func form(korean: [String: Any]? = Self.korean()) -> [String: Any] {
        var form: [String: Any] = [
            "title": "Team sync", "anonymous": true, "privacyThreshold": 1,
            "questions": [
                ["key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5, "minLabel": "Not at all", "maxLabel": "Very"],
                [
                    "key": "topic", "prompt": "Best topic?", "kind": "choice",
                    "options": [["id": "roadmap", "label": "Roadmap"], ["id": "hiring", "label": "=Hiring"]],
                ],
            ],
        ]
        if let korean { form["translations"] = ["ko": korean] }
        return form
    }

    static func korean() -> [String: Any] { [
        "title": "팀 회의",
        "questions": [
            "useful": ["prompt": "얼마나 유용했나요?", "minLabel": "전혀", "maxLabel": "매우"],
            "topic": ["prompt": "가장 좋았던 주제는?", "options": ["roadmap": "로드맵", "hiring": "채용"]],
        ],
    ] }

    static func answers(_ rating: Int, _ topic: String) -> [[String: Any]] {
        [["questionKey": "useful", "rating": rating], ["questionKey": "topic", "optionIds": [topic]]]
    }

    /// Shared results speak the participant's language as the form does (`?lang=`, else
    /// `Accept-Language`, else the form's own); the counts are the same in every language.
    @Test func sharedResultsAreInTheParticipantsLanguage() async throws {
        try await ParticipantAPI.run { api, _ in
            var form = Self.form()
            form["sharesResultsWithParticipants"] = true
            let fixture = try await api.publish(form)
            #expect(try await api.submit(fixture.code, ["answers": Self.answers(5, "roadmap")]).status == .created)
            func prompts(_ reply: ParticipantReply) -> [String?] {
                (reply.json?["questions"] as? [[String: Any]])?.map { $0["prompt"] as? String } ?? []
            }
            func labels(_ reply: ParticipantReply) -> [String?] {
                (((reply.json?["questions"] as? [[String: Any]])?.last?["chart"] as? [String: Any])?["rows"] as? [[String: Any]])?
                    .map { $0["label"] as? String } ?? []
            }
            let korean = try await api.send(.get, "/v1/f/\(fixture.code)/results", headers: [.acceptLanguage: "ko-KR,ko;q=0.9"])
            #expect(korean.status == .ok && prompts(korean) == ["얼마나 유용했나요?", "가장 좋았던 주제는?"], "\(korean.text.prefix(400))")
            #expect(labels(korean) == ["로드맵", "채용"])
            #expect(korean.headers[.contentLanguage] == "ko" && korean.headers[.vary] == "Accept-Language")
            let picked = try await api.send(.get, "/v1/f/\(fixture.code)/results?lang=en", headers: [.acceptLanguage: "ko"])
            #expect(prompts(picked) == ["How useful?", "Best topic?"] && picked.headers[.contentLanguage] == "en", "a pick beats the browser")
            #expect(labels(picked) == ["Roadmap", "=Hiring"])
            let english = try await api.send(.get, "/v1/f/\(fixture.code)/results")
            #expect(english.headers[.contentLanguage] == "en" && prompts(english) == prompts(picked), "the form's own")
            let malformed = try await api.send(.get, "/v1/f/\(fixture.code)/results?lang=k!")
            #expect(malformed.status == .badRequest && malformed.text.contains("\"lang\""), "\(malformed.text)")
        }
    }

    @Test func participantsGetTheirLanguageAndEveryAnswerCountsTogether() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            let korean = try await api.send(.get, "/v1/f/\(fixture.code)", headers: [.acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.5"])
            #expect(korean.string("title") == "팀 회의" && korean.string("language") == "ko", "\(korean.text)")
            #expect(korean.json?["languages"] as? [String] == ["en", "ko"])
            #expect((korean.json?["questions"] as? [[String: Any]])?.map { $0["prompt"] as? String } == ["얼마나 유용했나요?", "가장 좋았던 주제는?"])
            #expect(korean.headers[.contentLanguage] == "ko" && korean.headers[.vary] == "Accept-Language")
            let picked = try await api.send(.get, "/v1/f/\(fixture.code)?lang=en", headers: [.acceptLanguage: "ko"])
            #expect(picked.string("title") == "Team sync" && picked.string("language") == "en", "a pick beats the browser")
            let malformed = try await api.send(.get, "/v1/f/\(fixture.code)?lang=k!")
            #expect(malformed.status == .badRequest && malformed.text.contains("\"lang\""), "\(malformed.text)")

            #expect(try await api.submit(fixture.code, ["answers": Self.answers(5, "roadmap"), "language": "ko"]).status == .created)
            #expect(try await api.submit(fixture.code, ["answers": Self.answers(4, "roadmap"), "language": "KO"]).status == .created, "tags fold case")
            #expect(try await api.submit(fixture.code, ["answers": Self.answers(2, "hiring")]).status == .created, "no language: the form's own")
            let wrong = try await api.submit(fixture.code, ["answers": Self.answers(2, "hiring"), "language": "ja"])
            #expect(wrong.status == .unprocessableContent && wrong.problemPaths.contains { $0.hasPrefix("language") }, "\(wrong.text)")

            for query in ["", "?since=2000-01-01T00:00:00Z"] {
                let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results\(query)", token: fixture.hostToken)
                let rows = try #require((results.json?["languages"] as? [String: Any])?["rows"] as? [[String: Any]], "\(results.text.prefix(600))")
                #expect(rows.map { $0["category"] as? String } == ["en", "ko"], "\(query)")
                #expect(rows.map { $0["count"] as? Int } == [1, 2], "counted by language, \(query.isEmpty ? "tallied" : "filtered")")
                #expect(rows.map { $0["label"] as? String } == ["English", "한국어"])
                let topic = try #require((results.json?["questions"] as? [[String: Any]])?.last?["chart"] as? [String: Any])
                #expect((topic["rows"] as? [[String: Any]])?.map { $0["count"] as? Int } == [2, 1], "answers grouped by option, any language")
            }

            let csv = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=responses", token: fixture.hostToken)
            let responses = try await CSVParser.records(csv.body)
            #expect(responses.rows.map { $0["language"] ?? "" }.sorted() == ["en", "ko", "ko"], "\(responses.header)")
            // One option whatever the language answered in: the form's label, and the id beside it.
            #expect(responses.rows.map { $0["Best topic? [topic] (code)"] ?? "" }.sorted() == ["hiring", "roadmap", "roadmap"])
            #expect(responses.rows.map { $0["Best topic? [topic]"] ?? "" }.sorted() == ["'=Hiring", "Roadmap", "Roadmap"])
            let answers = try await CSVParser.records(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=answers", token: fixture.hostToken).body)
            let topics = answers.rows.filter { $0["question_key"] == "topic" }
            #expect(topics.map { "\($0["language"] ?? "")=\($0["option_id"] ?? "")" }.sorted() == ["en=hiring", "ko=roadmap", "ko=roadmap"])
        }
    }

    @Test func aFormInOneLanguageStoresNoLanguageButExportsItsOwn() async throws {
        try await ParticipantAPI.run { api, database in
            var form = Self.form(korean: nil)
            form["language"] = "ko"
            let fixture = try await api.publish(form)
            let view = try await api.send(.get, "/v1/f/\(fixture.code)", headers: [.acceptLanguage: "en"])
            #expect(view.string("language") == "ko" && view.json?["languages"] as? [String] == ["ko"])
            #expect(try await api.submit(fixture.code, ["answers": Self.answers(3, "roadmap")]).status == .created)
            #expect(try await participantCount(database, "SELECT count(*) AS n FROM responses WHERE language IS NOT NULL") == 0)
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: fixture.hostToken)
            #expect(results.json?["languages"] == nil || results.json?["languages"] is NSNull, "no language series for one language")
            let csv = try await CSVParser.records(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=responses", token: fixture.hostToken).body)
            #expect(csv.rows.map { $0["language"] } == ["ko"])
            let dashboard = try await GridQuestionFlowTests.hostPage(api, "/m/\(fixture.meetingID)", fixture)
            #expect(!dashboard.text.contains("Responses by language"), "one language: no tile")
        }
    }

    @Test func aFormWithAnUntranslatedTextCannotBePublishedOrOpenedToParticipants() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(korean: nil))
            var partial = Self.korean()
            partial["title"] = nil
            var edited = Self.form(korean: partial)
            let refused = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: edited)
            #expect(refused.status == .unprocessableContent, "a wording edit of the open form needs every text: \(refused.text)")
            #expect(refused.problemPaths.contains { $0.hasPrefix("translations.ko.title") })
            edited = Self.form()
            let added = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: edited)
            #expect(added.status == .ok, "adding a whole language to an open form is a wording edit: \(added.text)")
            #expect(added.json?["version"] as? Int == 1)

            let start = Date().addingTimeInterval(600 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: fixture.hostToken,
                json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let nextID = try #require(next.string("id"), "\(next.text)")
            let copied = try await api.send(.get, "/v1/meetings/\(nextID)/form", token: fixture.hostToken)
            #expect((copied.json?["definition"] as? [String: Any] ?? copied.json)?["translations"] != nil, "the next session copies the languages")
            var draft = Self.form(korean: partial)
            draft["title"] = "Team sync 2"
            #expect(try await api.send(.put, "/v1/meetings/\(nextID)/form", token: fixture.hostToken, json: draft).status == .ok, "a draft may lack texts")
            let publish = try await api.send(.post, "/v1/meetings/\(nextID)/form/publish", token: fixture.hostToken)
            #expect(publish.status == .unprocessableContent, "\(publish.text)")
            #expect(publish.problemPaths.contains { $0.hasPrefix("translations.ko.title") })
        }
    }

    @Test func theParticipantPageSpeaksTheFormsLanguageAndRecordsIt() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            let page = try await api.page("/f/\(fixture.code)", language: "ko")
            #expect(page.text.contains("<h1>팀 회의</h1>") && page.text.contains("<html lang=\"ko\">"), "\(page.text.prefix(1500))")
            #expect(page.text.contains("href=\"/f/\(fixture.code)?lang=en\" hreflang=\"en\" lang=\"en\">English</a>"))
            #expect(page.text.contains("hreflang=\"ko\" lang=\"ko\" aria-current=\"true\">한국어</a>"))
            #expect(page.inputValue("language") == "ko")
            #expect(page.text.contains("> 로드맵</label>") && page.text.contains("> 채용</label>"), "options in Korean")
            let english = try await api.page("/f/\(fixture.code)?lang=en", language: "ko")
            #expect(english.text.contains("<h1>Team sync</h1>") && english.inputValue("language") == "en")

            let key = try #require(page.inputValue("idempotency_key"))
            let posted = try await api.post(
                "/f/\(fixture.code)", [("idempotency_key", key), ("language", "ko"), ("q.useful", "5"), ("q.topic", "hiring")])
            #expect(posted.status == .seeOther && posted.headers[.location] == "/f/\(fixture.code)/thanks?lang=ko", "\(posted.text.prefix(800))")
            let thanks = try await api.page(posted.headers[.location] ?? "")
            #expect(thanks.text.contains("팀 회의") && thanks.text.contains("<html lang=\"ko\">"))
            let dashboard = try await GridQuestionFlowTests.hostPage(api, "/m/\(fixture.meetingID)", fixture)
            #expect(
                dashboard.text.contains("<span class=\"value\">0</span> answered in English")
                    && dashboard.text.contains("<span class=\"value\">1</span> answered in 한국어"),
                "the dashboard counts responses by language")
            let csv = try await CSVParser.records(
                try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=responses", token: fixture.hostToken).body)
            #expect(csv.rows.map { $0["language"] } == ["ko"])
        }
    }

    @Test func theTranslationsPageShowsTextsSideBySideAndFlagsTheMissingOnes() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(korean: nil))
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let uri = "/m/\(fixture.meetingID)/form/translations"
            let empty = try await api.page(uri, cookie: session.cookie)
            #expect(empty.status == .ok && empty.text.contains("The form is in one language."), "\(empty.text.prefix(1500))")

            let added = try await api.post(uri, [("csrf", session.csrf), ("language", "en"), ("languages", ""), ("add", "ko"), ("action", "add")], cookie: session.cookie)
            #expect(added.status == .ok)
            #expect(added.text.components(separatedBy: "class=\"badge missing\"").count - 1 == 7, "title, 2 prompts, 2 labels, 2 options")
            #expect(added.text.contains("name=\"tr.ko.questions.topic.options.roadmap\""))
            // Texts are named by where they stand, as in the builder, never by their codes.
            #expect(added.text.contains("Question 2 · Option 2") && !added.text.contains("Option hiring"), "\(added.text.prefix(3000))")
            #expect(added.text.contains("/form\">Form: ") && !added.text.contains("{title}"), "the way back names the form")
            #expect(added.text.contains("class=\"notice warn\" id=\"missing-summary\""))

            var fields = [("csrf", session.csrf), ("language", "en"), ("languages", "ko"), ("action", "save"), ("tr.ko.title", "팀 회의")]
            let refused = try await api.post(uri, fields, cookie: session.cookie)
            #expect(refused.status == .unprocessableContent, "an open form takes a language only whole: \(refused.text.prefix(500))")
            fields += [
                ("tr.ko.questions.useful.prompt", "얼마나 유용했나요?"), ("tr.ko.questions.useful.minLabel", "전혀"),
                ("tr.ko.questions.useful.maxLabel", "매우"), ("tr.ko.questions.topic.prompt", "가장 좋았던 주제는?"),
                ("tr.ko.questions.topic.options.roadmap", "로드맵"), ("tr.ko.questions.topic.options.hiring", "채용"),
            ]
            let saved = try await api.post(uri, fields, cookie: session.cookie)
            #expect(saved.status == .ok && saved.text.contains("Translations saved.") && saved.text.contains("Every text is translated."), "\(saved.text.prefix(1500))")
            #expect(saved.text.contains("class=\"notice ok\" id=\"missing-summary\""), "nothing missing is no warning")
            let view = try await api.send(.get, "/v1/f/\(fixture.code)?lang=ko")
            #expect(view.string("title") == "팀 회의")

            let builder = try await api.page("/m/\(fixture.meetingID)/form", cookie: session.cookie)
            #expect(builder.text.contains("Languages: English, 한국어."))
            let csrf = try #require(builder.inputValue("csrf"))
            let resaved = try await api.post(
                "/m/\(fixture.meetingID)/form",
                [("csrf", csrf), ("action", "save"), ("count", "2"), ("title", "Team sync"), ("anonymous", "on"), ("privacyThreshold", "1"),
                 ("q0.key", "useful"), ("q0.kind", "rating"), ("q0.prompt", "How useful now?"), ("q0.min", "1"), ("q0.max", "5"),
                 ("q0.minLabel", "Not at all"), ("q0.maxLabel", "Very"),
                 ("q1.key", "topic"), ("q1.kind", "choice"), ("q1.prompt", "Best topic?"), ("q1.optionCount", "2"),
                 ("q1.o0.id", "roadmap"), ("q1.o0.label", "Roadmap"), ("q1.o1.id", "hiring"), ("q1.o1.label", "=Hiring")],
                cookie: session.cookie)
            #expect(resaved.status == .ok, "\(resaved.text.prefix(2000))")
            let kept = try await api.send(.get, "/v1/f/\(fixture.code)?lang=ko")
            #expect(kept.string("title") == "팀 회의", "a builder save keeps the translations")
        }
    }
}
