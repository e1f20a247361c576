import Debrief
@testable import DebriefWeb
import Foundation
import Testing

/// Issue 47: every text of a Slack message — the notification's fallback `text` included — has
/// Slack's control characters escaped, so a meeting's title cannot ping a channel or a person;
/// and a long header is cut on the title's characters, not at its last `&`.
@Suite("Slack text escaping")
struct SlackEscapingTests {
    static func slack(title: String) throws -> [String: Any] {
        var digest = ChatDigestPayloadTests.digest(questions: 3)
        digest.meetingTitle = title
        return try ChatDigestPayloadTests.object(try ChatDigestRenderer.payload(digest, kind: .slack, language: .en, threshold: 3))
    }

    /// Every text field of the message: the fallback and each block's texts.
    static func allTexts(_ message: [String: Any]) -> [(type: String, text: String)] {
        [("fallback", message["text"] as? String ?? "")] + ChatDigestPayloadTests.texts(message["blocks"] as? [[String: Any]] ?? [])
    }

    @Test func aTitleWithMentionsIsEscapedInEveryTextField() throws {
        let message = try Self.slack(title: "Retro <!channel> <@U0ABC> & co")
        let fallback = try #require(message["text"] as? String)
        #expect(fallback.contains("Retro &lt;!channel&gt; &lt;@U0ABC&gt; &amp; co"), "fallback: \(fallback)")
        for (type, text) in Self.allTexts(message) {
            #expect(!text.contains("<!channel>") && !text.contains("<@U0ABC>") && !text.contains("& co"), "\(type): \(text)")
        }
    }

    @Test func aLongHeaderIsCutOnItsCharactersNotAtTheLastAmpersand() throws {
        let title = "Q&A " + String(repeating: "planning ", count: 22)
        let message = try Self.slack(title: title)
        let blocks = try #require(message["blocks"] as? [[String: Any]])
        let header = try #require(ChatDigestPayloadTests.texts(blocks).first { $0.type == "header" }?.text)
        #expect(header.utf16.count <= 150)
        #expect(header.utf16.count >= 140, "the header keeps what fits: \(header)")
        #expect(header.hasPrefix("Results: Q&amp;A planning") && header.hasSuffix("…"))
    }

    @Test func cuttingNeverSplitsAnEscapeAndCountsItsLength() {
        let cut = SlackText(escaping: String(repeating: "&", count: 100)).rendered(limit: 50)
        #expect(cut.utf16.count <= 50 && cut.hasSuffix("…"))
        #expect(cut == String(repeating: "&amp;", count: 9) + "…")
    }
}
