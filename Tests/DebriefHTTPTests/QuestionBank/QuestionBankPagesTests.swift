@testable import DebriefHTTP
import DebriefTestSupport
import Foundation
import Testing

/// The question bank's pages without script (docs/decisions/0102-question-bank.md): the builder
/// links each question and the insert list; `/m/{id}/form/bank` saves a question (a problem
/// beside it) and inserts an entry into the draft (a 303 to the builder); `/question-bank`
/// renames (a problem beside the name) and deletes; another host gets the 404 page. English and Korean.
@Suite("Pages: the question bank")
struct QuestionBankPagesTests {
    /// A host's builder with the three-question draft saved; the draft's keys.
    static func savedBuilder(_ api: ParticipantAPI) async throws -> (BrowserSession, String, [String]) {
        let (session, path) = try await BuilderPageTests.builder(api)
        let saved = try await api.post(
            path, [("csrf", session.csrf)] + BuilderPageTests.threeKinds + [("action", "save")], cookie: session.cookie)
        try #require(saved.status == .ok, "\(saved.text.suffix(1500))")
        let exported = try await api.page(path + "/export", cookie: session.cookie)
        let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
        let keys = try #require((json["questions"] as? [[String: Any]])?.compactMap { $0["key"] as? String })
        return (session, path, keys)
    }

    @Test func aHostSavesAQuestionAndInsertsItIntoAnotherForm() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path, keys) = try await Self.savedBuilder(api)
            let builder = try await api.page(path, cookie: session.cookie)
            #expect(builder.text.contains("id=\"insert-from-bank\""), "the builder links the insert list")
            #expect(builder.text.contains("href=\"\(path)/bank#save-\(keys[1])\""), "each question links its save")

            let bank = try await api.page(path + "/bank", cookie: session.cookie)
            #expect(bank.status == .ok)
            #expect(bank.text.contains("id=\"bank-save-\(keys[1])\"") && bank.text.contains("How useful?"))
            let korean = try await api.page(path + "/bank", language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("보관함에 저장") && korean.text.contains("보관함에서 넣기"))

            let tooLong = try await api.post(
                path + "/bank/save", [("csrf", session.csrf), ("questionKey", keys[1]), ("name", String(repeating: "n", count: 101))],
                cookie: session.cookie)
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains("id=\"bank-name-\(keys[1])-error\""), "the problem stands beside the question")
            let saved = try await api.post(
                path + "/bank/save", [("csrf", session.csrf), ("questionKey", keys[1]), ("name", "Usefulness")], cookie: session.cookie)
            #expect(saved.status == .ok && saved.text.contains("“Usefulness”"), "\(saved.text.suffix(800))")
            #expect(saved.text.contains("<strong>Usefulness</strong>"), "the page lists the new entry")
            let missingCSRF = try await api.post(path + "/bank/save", [("questionKey", keys[1])], cookie: session.cookie)
            #expect(missingCSRF.status == .forbidden)

            // Another meeting of the same host: its builder's bank inserts the entry.
            let created = try await api.post(
                "/m/new", [("csrf", session.csrf), ("title", "Other"), ("startsAt", "2032-06-06T09:00"), ("endsAt", "2032-06-06T10:00")],
                cookie: session.cookie)
            let other = try #require(created.headers[.location]) + "/form"
            let list = try await api.page(other + "/bank", cookie: session.cookie)
            let entry = try #require(list.inputValue("entryId"), "\(list.text.suffix(1500))")
            let inserted = try await api.post(other + "/bank/insert", [("csrf", session.csrf), ("entryId", entry)], cookie: session.cookie)
            #expect(inserted.status == .seeOther && inserted.headers[.location]?.hasPrefix(other) == true, "\(inserted.text.suffix(800))")
            let otherBuilder = try await api.page(other, cookie: session.cookie)
            #expect(otherBuilder.text.contains("value=\"How useful?\""), "the draft has the question")

            // The bank page: rename (a problem beside the name), delete.
            let blank = try await api.post("/question-bank/\(entry)/rename", [("csrf", session.csrf), ("name", " ")], cookie: session.cookie)
            #expect(blank.status == .unprocessableContent && blank.text.contains("id=\"name-\(entry)-error\""))
            let renamed = try await api.post("/question-bank/\(entry)/rename", [("csrf", session.csrf), ("name", "Weekly usefulness")], cookie: session.cookie)
            #expect(renamed.status == .ok && renamed.text.contains("value=\"Weekly usefulness\""))

            // Another host sees none of it.
            let email = try await api.signUp()
            let stranger = try #require(try await api.signIn(email: email).1)
            let theirs = try await api.page("/question-bank", cookie: stranger.cookie)
            #expect(theirs.status == .ok && !theirs.text.contains("Weekly usefulness"))
            #expect(try await api.post("/question-bank/\(entry)/rename", [("csrf", stranger.csrf), ("name", "Mine")], cookie: stranger.cookie).status == .notFound)
            #expect(try await api.post("/question-bank/\(entry)/delete", [("csrf", stranger.csrf)], cookie: stranger.cookie).status == .notFound)
            #expect(try await api.page(path + "/bank", cookie: stranger.cookie).status == .notFound)

            let account = try await api.page("/account", language: "ko", cookie: session.cookie)
            #expect(account.text.contains("<a href=\"/question-bank\" id=\"question-bank-link\">질문 보관함</a>"), "the account page links the bank")

            let deleted = try await api.post("/question-bank/\(entry)/delete", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(deleted.status == .ok && !deleted.text.contains("Weekly usefulness") && deleted.text.contains("id=\"bank-empty\""))
        }
    }

    /// An open form refuses a new question: the page says why (409), the form is as it was.
    @Test func anOpenFormRefusesAnInsertionWithTheReason() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path, keys) = try await Self.savedBuilder(api)
            let saved = try await api.post(path + "/bank/save", [("csrf", session.csrf), ("questionKey", keys[0])], cookie: session.cookie)
            #expect(saved.status == .ok)
            let published = try await api.post(path + "/publish", [("csrf", session.csrf)], cookie: session.cookie)
            #expect(published.status == .seeOther, "\(published.text.suffix(800))")
            let entry = try #require(try await api.page(path + "/bank", cookie: session.cookie).inputValue("entryId"))
            let refused = try await api.post(path + "/bank/insert", [("csrf", session.csrf), ("entryId", entry)], cookie: session.cookie)
            #expect(refused.status == .conflict && refused.text.contains("id=\"bank-error\""), "\(refused.text.suffix(800))")
            let exported = try await api.page(path + "/export", cookie: session.cookie)
            let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            #expect((json["questions"] as? [Any])?.count == 3)
        }
    }
}
