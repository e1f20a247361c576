@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The participant page's ranking script (issue 68): a form with a ranking links `ranking.js`
/// under a policy that lets same-origin scripts run, keeps the place `<select>`s it enhances (the
/// page without script), and carries the script's phrases in the page's language; a form without
/// a ranking links no script and allows none. The script itself is served like the other assets.
/// Tapping in a browser is `Tests/e2e/test_phone_ranking.py`.
@Suite("Ranking script on the participant page")
struct RankingScriptPageTests {
    static func choiceOnly() -> [String: Any] {
        [
            "title": "Retro", "anonymous": true, "privacyThreshold": 1,
            "questions": [["key": "mood", "prompt": "How was it?", "kind": "choice", "options": [["label": "Good"], ["label": "Bad"]]]],
        ]
    }

    @Test func aRankingFormLinksTheScriptAndKeepsItsSelects() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(RankingQuestionFlowTests.form(privacyThreshold: 1))
            let page = try await api.page("/f/\(fixture.code)")
            let script = try #require(RankingKind.participantScript)
            #expect(page.text.contains("<script src=\"\(script.url)\" defer></script>"), "\(page.text.prefix(1200))")
            #expect(Assets.all.contains { $0.name == "ranking.js" && !$0.content.isEmpty }, "served from the bundle")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
            #expect(page.headers[.contentSecurityPolicy]?.contains("unsafe-inline") == false)
            for option in ["tests", "docs", "deploy"] {
                #expect(page.text.contains("<select id=\"q-next-\(option)\" name=\"g.next.\(option)\">"), "the page without script")
            }
            #expect(page.text.contains("data-t-placed=\"{option}: place {place} of {n}\""), "\(page.text)")
            #expect(page.text.contains("data-ranking-status"))

            let korean = try await api.page("/f/\(fixture.code)", language: "ko")
            #expect(korean.text.contains("data-t-placed=\"{option}: {n}개 중 {place}위\""), "\(korean.text)")
            #expect(korean.text.contains("좋아하는 순서대로 선택지를 눌러 주세요"))
        }
    }

    @Test func aFormWithoutARankingLinksNoScript() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.choiceOnly())
            let page = try await api.page("/f/\(fixture.code)")
            #expect(page.status == .ok)
            #expect(!page.text.contains("<script"), "\(page.text.prefix(1200))")
            #expect(page.headers[.contentSecurityPolicy]?.contains("script-src") == false)
        }
    }

    @Test func theScriptIsServedAndCached() async throws {
        try await ParticipantAPI.run { api, _ in
            let script = try await api.page("/assets/ranking.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(script.text.contains("ol.ranking[data-ranking]"), "\(script.text.prefix(300))")
        }
    }
}
