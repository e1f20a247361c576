@testable import DebriefApp
import Debrief
import Foundation
import Testing

/// Issue 68: a translated ranking's live bars. The room's events carry the form's own words and
/// `room.js` puts the page's words in their place; it matched them by position, which holds for
/// a choice (the host's order) but not for a ranking (ordered by points, so the order moves as
/// answers arrive). The page's words now name each row's category, as the event does
/// (``RoomView/Question/categories``), so every word goes on its own bar (the browser half is
/// `Tests/e2e/test_ranking_live_labels.py`).
@Suite("Pages: a translated ranking's live words name their options")
struct RankingLiveLabelsTests {
    static func form() -> [String: Any] { [
        "title": "Retro", "anonymous": true, "privacyThreshold": 1, "sharesResultsWithParticipants": true, "sharesResultsLive": true,
        "questions": [[
            "key": "next", "kind": "ranking", "prompt": "What next?",
            "options": [["id": "tests", "label": "Flaky tests"], ["id": "docs", "label": "Docs"], ["id": "deploy", "label": "Deploys"]],
        ]],
        "translations": ["ko": ["title": "회고", "questions": ["next": [
            "prompt": "다음에 무엇을?", "options": ["tests": "불안정한 테스트", "docs": "문서", "deploy": "배포"],
        ]]]],
    ] }

    @Test func thePagesWordsNameTheCategoryOfEachRow() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form())
            for _ in 0..<2 {
                let sent = try await api.submit(fixture.code, ["answers": [["questionKey": "next", "ranking": ["deploy", "docs", "tests"]]]])
                #expect(sent.status == .created, "\(sent.text)")
            }
            let page = try await api.page("/f/\(fixture.code)/thanks?lang=ko")
            #expect(page.status == .ok)
            let attribute = try #require(Self.attribute("data-room-labels", in: page.text), "\(page.text.prefix(3000))")
            let labels = try #require(
                try JSONSerialization.jsonObject(with: Data(attribute.utf8)) as? [String: [String: Any]])
            let next = try #require(labels["next"])
            // By points, most first: deploys (4), docs (2), flaky tests (0); each word beside its option.
            #expect(next["labels"] as? [String] == ["배포", "문서", "불안정한 테스트"], "\(next)")
            #expect(next["categories"] as? [String] == ["deploy", "docs", "tests"], "\(next)")
        }
    }

    /// An attribute's value, its HTML escapes undone.
    static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "\(name)=\"") else { return nil }
        guard let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(html[start.upperBound..<end])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#34;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
