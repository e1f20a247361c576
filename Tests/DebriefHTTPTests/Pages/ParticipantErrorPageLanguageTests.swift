import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Issue 67: the page a participant sees when the server fails (the database down) was in the
/// browser's language only: a participant who chose Korean on a form in English and Korean read
/// "Something went wrong". The error page speaks the language the participant picked — the
/// page's `?lang=`, which a translated form's posts carry too — as the form's pages do, else the
/// browser's.
@Suite("Pages: the participant's error page is in their language")
struct ParticipantErrorPageLanguageTests {
    @Test func aFailedPostIsToldInTheLanguageTheFormWasAnsweredIn() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(FormLanguageFlowTests.form())
            let page = try await api.page("/f/\(form.code)?lang=ko", language: "en")
            #expect(page.status == .ok && page.text.contains("얼마나 유용했나요?"))
            let key = try #require(page.inputValue("idempotency_key"))
            // The form posts to an address that carries its language, as its links do.
            #expect(page.text.contains("<form method=\"post\" action=\"/f/\(form.code)?lang=ko\" novalidate>"), "\(page.text)")
            // Storing the answer fails, as it does when the database is gone.
            try await database.execute("ALTER TABLE answers RENAME TO answers_away")
            let failed = try await api.post(
                "/f/\(form.code)?lang=ko", [("idempotency_key", key), ("language", "ko"), ("q.useful", "4")], language: "en")
            #expect(failed.status.code >= 500, "\(failed.status)")
            #expect(failed.text.contains("<html lang=\"ko\">") && failed.text.contains("문제가 생겼어요"), "\(failed.text)")
            #expect(!failed.text.contains("Something went wrong"))
        }
    }

    @Test func aFailedPageIsToldInTheLanguageOfItsLink() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(FormLanguageFlowTests.form())
            try await database.execute("ALTER TABLE forms RENAME TO forms_away")
            let failed = try await api.page("/f/\(form.code)?lang=ko", language: "en")
            #expect(failed.status.code >= 500, "\(failed.status)")
            #expect(failed.text.contains("<html lang=\"ko\">") && failed.text.contains("문제가 생겼어요"), "\(failed.text)")
            // Without a choice, the browser's language, as before.
            let english = try await api.page("/f/\(form.code)", language: "en")
            #expect(english.status.code >= 500 && english.text.contains("Something went wrong"), "\(english.text)")
            let korean = try await api.page("/f/\(form.code)", language: "ko-KR")
            #expect(korean.text.contains("문제가 생겼어요"), "\(korean.text)")
        }
    }
}
