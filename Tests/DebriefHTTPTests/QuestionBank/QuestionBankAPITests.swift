@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The question bank through the API on a real database (docs/decisions/0102-question-bank.md):
/// a question saved with its translations goes into another form with them, under a fresh key;
/// another host can neither see nor use an entry (404); rename, delete, the cap, and bad input
/// refused naming the field with nothing stored.
@Suite("Question bank: API")
struct QuestionBankAPITests {
    /// A draft in English with every text translated into Korean.
    static func translatedForm(title: String = "Weekly") -> [String: Any] {
        [
            "title": title, "language": "en",
            "questions": [
                ["key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5, "minLabel": "Not", "maxLabel": "Very"],
                ["key": "topic", "prompt": "Best topic?", "kind": "choice",
                 "options": [["id": "roadmap", "label": "Roadmap"], ["id": "hiring", "label": "Hiring"]],
                 "showWhen": ["question": "useful", "ratingBetween": [4, 5]]],
            ],
            "translations": [
                "ko": [
                    "title": "주간",
                    "questions": [
                        "useful": ["prompt": "얼마나 유용했나요?", "minLabel": "아니요", "maxLabel": "매우"],
                        "topic": ["prompt": "가장 좋았던 주제는?", "options": ["roadmap": "로드맵", "hiring": "채용"]],
                    ],
                ]
            ],
        ]
    }

    /// A meeting of `token`'s with `form` saved as its draft.
    static func draft(_ api: ParticipantAPI, _ token: String, _ form: [String: Any]) async throws -> String {
        let meeting = try await FormTemplateTests.meeting(api, token).id
        let saved = try await api.send(.put, "/v1/meetings/\(meeting)/form?scope=session", token: token, json: form)
        try #require(saved.status == .ok, "\(saved.text)")
        return meeting
    }

    @Test func aQuestionWithItsTranslationsGoesIntoAnotherForm() async throws {
        try await ParticipantAPI.run { api, _ in
            let host = try await FormTemplateTests.host(api)
            let source = try await Self.draft(api, host, Self.translatedForm())
            let saved = try await api.send(.post, "/v1/question-bank", token: host, json: ["meetingId": source, "questionKey": "topic"])
            #expect(saved.status == .created, "\(saved.text)")
            #expect(saved.string("name") == "Best topic?" && saved.string("kind") == "choice" && saved.string("prompt") == "Best topic?")
            #expect(saved.json?["languages"] as? [String] == ["en", "ko"])
            #expect((saved.json?["question"] as? [String: Any])?["showWhen"] == nil, "a follow-up's condition is not kept")
            let id = try #require(saved.string("id"))
            let list = try #require(try await api.send(.get, "/v1/question-bank", token: host).json?["items"] as? [[String: Any]])
            #expect(list.map { $0["id"] as? String } == [id])

            // Another form in both languages, whose keys already include `q2`.
            var other = Self.translatedForm(title: "Other")
            var questions = try #require(other["questions"] as? [[String: Any]])
            questions[0]["key"] = "q2"
            other["questions"] = [questions[0]]
            other["translations"] = ["ko": ["title": "다른", "questions": ["q2": ["prompt": "얼마나?", "minLabel": "아니요", "maxLabel": "매우"]]]]
            let target = try await Self.draft(api, host, other)
            let inserted = try await api.send(.post, "/v1/meetings/\(target)/form/questions/from-bank", token: host, json: ["entryId": id])
            #expect(inserted.status == .ok, "\(inserted.text)")
            let added = try #require((inserted.json?["questions"] as? [[String: Any]])?.last)
            let key = try #require(added["key"] as? String)
            #expect(key != "topic" && key != "q2", "a fresh key: \(key)")
            #expect(added["prompt"] as? String == "Best topic?" && added["kind"] as? String == "choice")
            let korean = ((inserted.json?["translations"] as? [String: Any])?["ko"] as? [String: Any])?["questions"] as? [String: Any]
            let texts = try #require(korean?[key] as? [String: Any], "\(inserted.text)")
            #expect(texts["prompt"] as? String == "가장 좋았던 주제는?")
            #expect(texts["options"] as? [String: String] == ["roadmap": "로드맵", "hiring": "채용"])
            // Nothing is missing: the form publishes in both languages.
            let published = try await api.send(.post, "/v1/meetings/\(target)/form/publish", token: host)
            #expect(published.status == .ok, "\(published.text)")
            // An open form refuses a new question: it would change what the form asks.
            let open = try await api.send(.post, "/v1/meetings/\(target)/form/questions/from-bank", token: host, json: ["entryId": id])
            #expect(open.status == .conflict, "\(open.text)")
        }
    }

    @Test func anotherHostCannotSeeOrUseYourEntries() async throws {
        try await ParticipantAPI.run { api, database in
            let host = try await FormTemplateTests.host(api)
            let mine = try await Self.draft(api, host, Self.translatedForm())
            let saved = try await api.send(.post, "/v1/question-bank", token: host, json: ["meetingId": mine, "questionKey": "useful", "name": "Usefulness"])
            let id = try #require(saved.string("id"), "\(saved.text)")

            let other = try await FormTemplateTests.host(api)
            let theirs = try await Self.draft(api, other, Self.translatedForm(title: "Theirs"))
            #expect(try await api.send(.get, "/v1/question-bank", token: other).json?["items"] as? [Any] != nil)
            #expect((try await api.send(.get, "/v1/question-bank", token: other).json?["items"] as? [Any])?.isEmpty == true)
            #expect(try await api.send(.get, "/v1/question-bank/\(id)", token: other).status == .notFound)
            #expect(try await api.send(.patch, "/v1/question-bank/\(id)", token: other, json: ["name": "Mine now"]).status == .notFound)
            #expect(try await api.send(.delete, "/v1/question-bank/\(id)", token: other).status == .notFound)
            let use = try await api.send(.post, "/v1/meetings/\(theirs)/form/questions/from-bank", token: other, json: ["entryId": id])
            #expect(use.status == .notFound, "\(use.text)")
            // Nor save from a form they cannot edit, nor have theirs changed by me.
            #expect(try await api.send(.post, "/v1/question-bank", token: other, json: ["meetingId": mine, "questionKey": "useful"]).status == .notFound)
            #expect(try await api.send(
                .post, "/v1/meetings/\(theirs)/form/questions/from-bank", token: host, json: ["entryId": id]).status == .notFound)
            let count: Int = try await database.withConnection { try await $0.query("SELECT count(*) AS n FROM question_bank").single().decode("n") }
            #expect(count == 1)
            let unchanged = try await api.send(.get, "/v1/question-bank/\(id)", token: host)
            #expect(unchanged.string("name") == "Usefulness")
            let theirForm = try await api.send(.get, "/v1/meetings/\(theirs)/form", token: other)
            #expect((theirForm.json?["questions"] as? [Any])?.count == 2, "their form is as it was")
        }
    }

    @Test func renameDeleteAndBadInputNamingTheField() async throws {
        try await ParticipantAPI.run { api, database in
            let host = try await FormTemplateTests.host(api)
            let meeting = try await Self.draft(api, host, Self.translatedForm())
            for (body, path) in [
                (["questionKey": "useful"], "meetingId"), (["meetingId": "nope", "questionKey": "useful"], "meetingId"),
                (["meetingId": meeting], "questionKey"), (["meetingId": meeting, "questionKey": "Not A Key"], "questionKey"),
                (["meetingId": meeting, "questionKey": "missing"], "questionKey"),
                (["meetingId": meeting, "questionKey": "useful", "name": String(repeating: "n", count: 101)], "name"),
            ] as [([String: String], String)] {
                let refused = try await api.send(.post, "/v1/question-bank", token: host, json: body)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.text)")
                #expect(refused.problemPaths.map { String($0.prefix { $0 != ":" }) } == [path], "\(body): \(refused.text)")
            }
            let none: Int = try await database.withConnection { try await $0.query("SELECT count(*) AS n FROM question_bank").single().decode("n") }
            #expect(none == 0, "nothing stored")

            let saved = try await api.send(.post, "/v1/question-bank", token: host, json: ["meetingId": meeting, "questionKey": "useful"])
            let id = try #require(saved.string("id"), "\(saved.text)")
            let blank = try await api.send(.patch, "/v1/question-bank/\(id)", token: host, json: ["name": " "])
            #expect(blank.status == .unprocessableContent && blank.problemPaths.first?.hasPrefix("name") == true, "\(blank.text)")
            let renamed = try await api.send(.patch, "/v1/question-bank/\(id)", token: host, json: ["name": "Usefulness"])
            #expect(renamed.status == .ok && renamed.string("name") == "Usefulness", "\(renamed.text)")
            for body in [[:], ["entryId": "nope"], ["entryId": id, "scope": "everywhere"]] as [[String: String]] {
                let refused = try await api.send(.post, "/v1/meetings/\(meeting)/form/questions/from-bank", token: host, json: body)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.text)")
            }
            #expect(try await api.send(
                .post, "/v1/meetings/\(meeting)/form/questions/from-bank", token: host, json: ["entryId": UUID().uuidString]).status == .notFound)
            #expect(try await api.send(.delete, "/v1/question-bank/\(id)", token: host).status == .noContent)
            #expect(try await api.send(.get, "/v1/question-bank/\(id)", token: host).status == .notFound)
            #expect(try await api.send(.delete, "/v1/question-bank/\(id)", token: host).status == .notFound)
        }
    }

    @Test func aHostKeepsAtMostTheCap() async throws {
        try await ParticipantAPI.run { api, database in
            let host = try await FormTemplateTests.host(api)
            let meeting = try await Self.draft(api, host, Self.translatedForm())
            let first = try await api.send(.post, "/v1/question-bank", token: host, json: ["meetingId": meeting, "questionKey": "useful"])
            let id = try #require(first.string("id"), "\(first.text)")
            _ = try await database.withConnection { connection in
                try await connection.execute(
                    """
                    INSERT INTO question_bank (owner_id, name, entry)
                    SELECT owner_id, name || '-' || n, entry FROM question_bank, generate_series(2, \(QuestionBankStore.maxPerAccount)) AS n
                    WHERE id = \(UUID(uuidString: id))::uuid
                    """)
            }
            let over = try await api.send(.post, "/v1/question-bank", token: host, json: ["meetingId": meeting, "questionKey": "topic"])
            #expect(over.status == .unprocessableContent, "\(over.text)")
            #expect(over.problemPaths.first?.hasPrefix("name:") == true && over.text.contains("at most \(QuestionBankStore.maxPerAccount)"))
            let items = try #require(try await api.send(.get, "/v1/question-bank", token: host).json?["items"] as? [Any])
            #expect(items.count == QuestionBankStore.maxPerAccount)
        }
    }
}
