@testable import DebriefApp
import Debrief
import Foundation
import Testing

/// Issue 68 (e, second half): a Korean title left from before the English one changed read as
/// translated. Each translated text remembers the original it was made from; the translations
/// page flags one whose original changed since, in English and Korean, and the API says which
/// (`sources`), until the host saves the translation again, even unchanged.
@Suite("Pages: the translations page flags a translation older than its original")
struct TranslationOutdatedTests {
    static let badge = "class=\"badge outdated\""

    @Test func aTitleChangedAfterItsTranslationIsFlaggedUntilTheTranslationIsSavedAgain() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(FormLanguageFlowTests.form())
            let email = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("email"))
            let session = try #require(try await api.signIn(email: email).1)
            let uri = "/m/\(fixture.meetingID)/form/translations"
            let fresh = try await api.page(uri, cookie: session.cookie)
            #expect(fresh.status == .ok && !fresh.text.contains(Self.badge), "\(fresh.text.prefix(2000))")

            // The English title changes; the Korean one is sent back as it was.
            var edited = FormLanguageFlowTests.form()
            edited["title"] = "Weekly team sync"
            let put = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: edited)
            #expect(put.status == .ok, "\(put.text)")
            let form = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken)
            let definition = form.json?["definition"] as? [String: Any] ?? form.json
            let korean = (definition?["translations"] as? [String: Any])?["ko"] as? [String: Any]
            let sources = korean?["sources"] as? [String: String]
            #expect(sources?["title"] == "Team sync" && sources?["questions.useful.prompt"] == "How useful?", "\(form.text)")

            let flagged = try await api.page(uri, cookie: session.cookie)
            #expect(flagged.text.components(separatedBy: Self.badge).count - 1 == 1, "only the title: \(flagged.text.prefix(4000))")
            #expect(flagged.text.contains(">May be out of date</span>") && flagged.text.contains("id=\"outdated-summary\""))
            let inKorean = try await api.page(uri, language: "ko", cookie: session.cookie)
            #expect(inKorean.text.contains(">오래된 번역일 수 있음</span>"), "\(inKorean.text.prefix(4000))")

            // Saving the page again, the Korean title unchanged, says it was checked against today's English.
            let fields = [
                ("csrf", session.csrf), ("language", "en"), ("languages", "ko"), ("action", "save"), ("tr.ko.title", "팀 회의"),
                ("tr.ko.questions.useful.prompt", "얼마나 유용했나요?"), ("tr.ko.questions.useful.minLabel", "전혀"),
                ("tr.ko.questions.useful.maxLabel", "매우"), ("tr.ko.questions.topic.prompt", "가장 좋았던 주제는?"),
                ("tr.ko.questions.topic.options.roadmap", "로드맵"), ("tr.ko.questions.topic.options.hiring", "채용"),
            ]
            let saved = try await api.post(uri, fields, cookie: session.cookie)
            #expect(saved.status == .ok && saved.text.contains("Translations saved."), "\(saved.text.prefix(2000))")
            #expect(!saved.text.contains(Self.badge) && !saved.text.contains("id=\"outdated-summary\""))
            let again = try await api.page(uri, cookie: session.cookie)
            #expect(!again.text.contains(Self.badge), "\(again.text.prefix(3000))")
        }
    }

    /// A translation stored before originals were recorded (or taken from a template) is not
    /// flagged by itself; the first save that changes its original keeps the one it stood beside.
    @Test func aTranslationWithoutARecordedOriginalKeepsTheOneItStoodBeside() {
        let before = FormDefinition(title: "Team sync", questions: [])
        var template = before
        template.translations[.korean] = FormTranslation(title: "팀 회의")
        #expect(template.outdatedTranslations(in: .korean).isEmpty)
        var renamed = template
        renamed.title = "Weekly team sync"
        renamed.translations[.korean]?.sources = [:]
        let saved = renamed.recordingTranslationSources(over: template, confirming: false)
        #expect(saved.outdatedTranslations(in: .korean) == ["title"])
        let confirmed = renamed.recordingTranslationSources(over: template, confirming: true)
        #expect(confirmed.outdatedTranslations(in: .korean).isEmpty)
        var retyped = renamed
        retyped.translations[.korean]?.title = "주간 팀 회의"
        #expect(retyped.recordingTranslationSources(over: template, confirming: false).outdatedTranslations(in: .korean).isEmpty)
    }
}
