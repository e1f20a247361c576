import Debrief
@testable import DebriefWeb
import Foundation
import Testing

/// Issue 67: a user's words in a chat digest are text, never the channel's markup. Slack's
/// mrkdwn (every section, context line and the notification's fallback `text`) gets `&`, `<`, `>`
/// escaped as Slack documents and each of `*`, `_`, `~` and the backtick set apart by zero-width
/// spaces, so `*b*` is not bold; a Teams card's TextBlocks, its `fallbackText` and the message's
/// `summary` get Markdown's backslash escapes.
@Suite("Chat digest payloads: hostile titles stay text")
struct ChatDigestEscapingTests {
    static let hostile = [
        "**Urgent** [log in](http://evil.example)", "<!channel> *b* _i_ ~s~ `c`", "<@U123> <!here> & <b>html</b>", "[x](http://evil)",
    ]

    static func digest(_ title: String) -> ResultsDigest {
        ResultsDigest(
            occasion: .closed, meetingTitle: title, sessionNumber: 2, startsAt: Date(timeIntervalSince1970: 1_795_000_000),
            formClosed: true, responses: 8, rate: 80, rateBase: .checkedIn, rateNumerator: 8, rateDenominator: 10, rateReason: nil,
            lines: [
                ResultsDigest.Line(key: "q1", prompt: title, top: .answers(respondents: 5), trend: nil),
                ResultsDigest.Line(
                    key: "q2", prompt: "Pace", top: .statementMeans(statements: [.init(label: title, mean: 3.5)], respondents: 8), trend: nil),
            ],
            dashboardURL: ChatDigestPayloadTests.dashboard, previousSession: nil)
    }

    /// Markup a channel would act on in mrkdwn: a bold, italic, strike or code span, a mention or
    /// link in angle brackets, an HTML tag.
    static let slackMarkup = ["*b*", "_i_", "~s~", "`c`", "<!channel>", "<!here>", "<@U123>", "<b>", "**Urgent**"]

    @Test(arguments: Self.hostile)
    func slackMrkdwnCarriesTheTitleAsText(_ title: String) throws {
        let json = try ChatDigestRenderer.payload(Self.digest(title), kind: .slack, language: .en, threshold: 3)
        let message = try ChatDigestPayloadTests.object(json)
        let blocks = try #require(message["blocks"] as? [[String: Any]])
        var mrkdwn = ChatDigestPayloadTests.texts(blocks).filter { $0.type != "header" }.map(\.text)
        mrkdwn.append(try #require(message["text"] as? String))
        for text in mrkdwn {
            for markup in Self.slackMarkup { #expect(!text.contains(markup), "\(markup) in \(text)") }
            // Every formatting character of the title stands between zero-width spaces.
            let scalars = Array(text.unicodeScalars)
            for (index, scalar) in scalars.enumerated() where "_~`".unicodeScalars.contains(scalar) {
                #expect(index > 0 && scalars[index - 1] == "\u{200B}" && index + 1 < scalars.count && scalars[index + 1] == "\u{200B}", "\(text)")
            }
        }
        let question = try #require(mrkdwn.first { $0.hasPrefix("*") && $0.contains("answers") || $0.hasPrefix("*") && $0.contains("5") })
        #expect(question.hasPrefix("*") && question.contains("*\n"), "our own bold prompt stays: \(question)")
        // The header is plain text: what the title says, literally (only Slack's three escapes).
        let header = try #require(ChatDigestPayloadTests.texts(blocks).first { $0.type == "header" }?.text)
        #expect(!header.contains("\u{200B}"), "\(header)")
    }

    @Test(arguments: Self.hostile)
    func teamsFallbackSummaryAndBlocksCarryTheTitleAsText(_ title: String) throws {
        let json = try ChatDigestRenderer.payload(Self.digest(title), kind: .teams, language: .en, threshold: 3)
        let message = try ChatDigestPayloadTests.object(json)
        let card = try #require(((message["attachments"] as? [[String: Any]])?.first?["content"]) as? [String: Any])
        var texts = [try #require(message["summary"] as? String), try #require(card["fallbackText"] as? String)]
        func collect(_ elements: [[String: Any]]) {
            for element in elements {
                if let text = element["text"] as? String { texts.append(text) }
                collect(element["items"] as? [[String: Any]] ?? [])
            }
        }
        collect(card["body"] as? [[String: Any]] ?? [])
        for text in texts {
            for markup in ["**Urgent**", "[log in](", "[x](", "*b*", "_i_", "~s~", "`c`"] { #expect(!text.contains(markup), "\(markup) in \(text)") }
            // Every character Markdown acts on is escaped with a backslash.
            let characters = Array(text)
            for (index, character) in characters.enumerated() where TeamsMarkdown.active.subtracting(["\\"]).contains(character) {
                #expect(index > 0 && characters[index - 1] == "\\", "\(character) unescaped in \(text)")
            }
        }
        if title.contains(where: { TeamsMarkdown.active.contains($0) }) {
            #expect(texts.filter { $0.contains(#"\["#) || $0.contains(#"\*"#) }.count >= 4, "summary, fallback and blocks: \(texts)")
        }
    }
}
