import Debrief
@testable import DebriefWeb
import Foundation
import Testing

/// Issue 51: a host's `**bold**` or `[link](…)` in a title, prompt or option label rendered as
/// Markdown in the Teams card. Every TextBlock's text must read back literally.
@Suite("Teams card text is literal")
struct TeamsMarkdownTests {
    /// Every TextBlock text in a card body, containers included.
    static func texts(_ items: [[String: Any]]) -> [String] {
        items.flatMap { item -> [String] in
            (item["text"] as? String).map { [$0] } ?? Self.texts(item["items"] as? [[String: Any]] ?? [])
        }
    }

    @Test func hostWrittenMarkdownInTitlePromptsAndLabelsIsEscaped() throws {
        let line = ResultsDigest.Line(
            key: "q0", prompt: "_Really_ useful? See [the doc](http://evil.example/login)",
            top: .choice(leaders: ["**Yes**"], percent: 62.5, respondents: 8), trend: nil)
        let digest = ResultsDigest(
            occasion: .closed, meetingTitle: "**Urgent** retro", sessionNumber: 2, startsAt: Date(timeIntervalSince1970: 1_795_000_000),
            formClosed: true, responses: 8, rate: 80, rateBase: .checkedIn, rateNumerator: 8, rateDenominator: 10, rateReason: nil,
            lines: [line], dashboardURL: ChatDigestPayloadTests.dashboard, previousSession: nil)
        let json = try ChatDigestRenderer.payload(digest, kind: .teams, language: .en, threshold: 3)
        let message = try ChatDigestPayloadTests.object(json)
        let card = try #require(((message["attachments"] as? [[String: Any]])?.first?["content"]) as? [String: Any])
        let all = Self.texts(card["body"] as? [[String: Any]] ?? []).joined(separator: "\n")
        #expect(all.contains(#"\*\*Urgent\*\* retro"#))
        #expect(all.contains(#"\_Really\_ useful? See \[the doc\](http://evil.example/login)"#))
        #expect(all.contains(#"\*\*Yes\*\*"#))
        #expect(!all.contains("**Urgent**") && !all.contains("[the doc]("), "\(all)")
    }

    @Test func aLineThatWouldStartAListIsEscapedAndPlainTextIsUnchanged() {
        #expect(TeamsMarkdown.escaped("- not a bullet\n  + nor this\n12. nor a number") == "\\- not a bullet\n  \\+ nor this\n12\\. nor a number")
        #expect(TeamsMarkdown.escaped("Mean 4.2 on 1–5 (95% CI 3.8–4.6) · 주간 회의") == "Mean 4.2 on 1–5 (95% CI 3.8–4.6) · 주간 회의")
        #expect(TeamsMarkdown.escaped(#"a\b"#) == #"a\\b"#)
    }
}
