@testable import DebriefApp
import Debrief
import Foundation
import Testing

/// Issue 68 (e, first half): the translations page called a number question's unit
/// "Placeholder" (the unit is translated in the placeholder's slot). It names the text by what the
/// host calls it: "Question 1 · Unit", in English and Korean.
@Suite("Pages: the translations page names a number's unit as the unit")
struct TranslationUnitNameTests {
    @Test func aNumbersUnitIsCalledTheUnit() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(NumberQuestionFlowTests.form(privacyThreshold: 1))
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let uri = "/m/\(fixture.meetingID)/form/translations"
            let fields = [("csrf", session.csrf), ("language", "en"), ("languages", ""), ("add", "ko"), ("action", "add")]
            let english = try await api.post(uri, fields, language: "en", cookie: session.cookie)
            #expect(english.status == .ok)
            #expect(english.text.contains("Question 1 · Unit"), "\(english.text.prefix(4000))")
            #expect(!english.text.contains("Placeholder"))
            let korean = try await api.post(uri, fields, language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("질문 1 · 단위") && !korean.text.contains("입력 예시"), "\(korean.text.prefix(4000))")
        }
    }
}
