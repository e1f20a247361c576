import Debrief
@testable import DebriefWeb
import Foundation
import Testing

/// The Slack and Teams payloads of a results digest (issue 35): Slack's Block Kit limits (50
/// blocks, 3,000 characters a text, 150 a header) with a 60-question form, Teams' card version
/// and size, English and Korean, and a withheld question that says so and nothing more.
@Suite("Chat digest payloads")
struct ChatDigestPayloadTests {
    static let dashboard = URL(string: "https://debrief.example/m/4f0c1a2e-0000-4000-8000-000000000001")!

    /// A digest of `count` questions: the second withheld, the others a mix of every top line.
    static func digest(questions count: Int, prompt: (Int) -> String = { "Question \($0)?" }) -> ResultsDigest {
        let lines = (0..<count).map { index -> ResultsDigest.Line in
            let top: ResultsDigest.Line.Top
            var trend: ResultsDigest.Trend?
            switch index % 6 {
            case 1: top = .withheld(threshold: 3)
            case 2:
                top = .choice(leaders: ["Apricot"], percent: 62.5, respondents: 8)
                trend = ResultsDigest.Trend(arrow: .up, previous: 50)
            case 3: top = .rating(mean: 4.2, interval: ConfidenceInterval(lower: 3.8, upper: 4.6), scale: 1...5, respondents: 8)
            case 4: top = .nps(score: 23, interval: ConfidenceInterval(lower: -10, upper: 55), respondents: 8)
            case 5: top = .statementMeans(statements: [.init(label: "Pace", mean: 3.5), .init(label: "Focus", mean: nil)], respondents: 8)
            default: top = .answers(respondents: 5)
            }
            return ResultsDigest.Line(key: "q\(index)", prompt: prompt(index), top: top, trend: trend)
        }
        return ResultsDigest(
            occasion: .closed, meetingTitle: "Weekly retro", sessionNumber: 2, startsAt: Date(timeIntervalSince1970: 1_795_000_000),
            formClosed: true, responses: 8, rate: 80, rateBase: .checkedIn, rateNumerator: 8, rateDenominator: 10, rateReason: nil,
            lines: lines, dashboardURL: Self.dashboard, previousSession: 1)
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Every text of a Block Kit message, with its block's type.
    static func texts(_ blocks: [[String: Any]]) -> [(type: String, text: String)] {
        blocks.flatMap { block -> [(String, String)] in
            let type = block["type"] as? String ?? ""
            var texts: [(String, String)] = []
            if let text = (block["text"] as? [String: Any])?["text"] as? String { texts.append((type, text)) }
            for element in block["elements"] as? [[String: Any]] ?? [] {
                if let text = element["text"] as? String { texts.append((type, text)) }
            }
            return texts
        }
    }

    @Test(arguments: [Language.en, .ko])
    func slackStaysWithinBlockKitLimitsWithSixtyQuestions(language: Language) throws {
        let json = try ChatDigestRenderer.payload(Self.digest(questions: 60), kind: .slack, language: language, threshold: 3)
        let message = try Self.object(json)
        let blocks = try #require(message["blocks"] as? [[String: Any]])
        #expect(blocks.count <= 50)
        #expect(Set(blocks.compactMap { $0["type"] as? String }).isSubset(of: ["header", "section", "context", "divider"]))
        for (type, text) in Self.texts(blocks) {
            #expect(text.utf16.count <= (type == "header" ? 150 : 3_000), "\(type): \(text.prefix(80))")
            #expect(!text.isEmpty)
        }
        let all = Self.texts(blocks).map(\.text).joined(separator: "\n")
        // The questions that did not fit are counted, and the reader is sent to the dashboard.
        #expect(all.contains(language == .ko ? "대시보드에서 보세요" : "more questions: see the dashboard"))
        #expect(all.contains("<\(Self.dashboard.absoluteString)|"))
        #expect(all.contains(language == .ko ? "체크인한 사람 중 응답률 80%" : "response rate 80% of people checked in (8 of 10)"))
        #expect((message["text"] as? String)?.isEmpty == false, "the notification's fallback text")
    }

    @Test(arguments: [Language.en, .ko])
    func aWithheldQuestionSaysSoAndNothingMore(language: Language) throws {
        let slack = try Self.object(try ChatDigestRenderer.payload(Self.digest(questions: 3), kind: .slack, language: language, threshold: 3))
        let sections = Self.texts(slack["blocks"] as? [[String: Any]] ?? []).map(\.text)
        let withheld = try #require(sections.first { $0.contains("Question 1?") })
        #expect(withheld == "*Question 1?*\n" + (language == .ko ? "비공개: 응답이 3개 미만" : "withheld: fewer than 3 answers"))
        let teams = try Self.object(try ChatDigestRenderer.payload(Self.digest(questions: 3), kind: .teams, language: language, threshold: 3))
        let card = try #require(((teams["attachments"] as? [[String: Any]])?.first?["content"]) as? [String: Any])
        let containers = (card["body"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "Container" }
        let items = try #require(containers.first { (($0["items"] as? [[String: Any]])?.first?["text"] as? String) == "Question 1?" }?["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["text"] as? String } == ["Question 1?", language == .ko ? "비공개: 응답이 3개 미만" : "withheld: fewer than 3 answers"])
    }

    @Test func shownQuestionsCarryTheirTopLinesAndArrows() throws {
        let json = try ChatDigestRenderer.payload(Self.digest(questions: 6), kind: .slack, language: .en, threshold: 3)
        #expect(json.contains("Leading: Apricot (62.5%)"))
        #expect(json.contains("↑ from 50%"))
        #expect(json.contains("Mean 4.2 on 1–5 (95% CI 3.8–4.6)"))
        #expect(json.contains("NPS +23 (95% CI -10 to +55)"))
        #expect(json.contains("Pace: 3.5") && json.contains("Focus: withheld"))
        #expect(json.contains("Arrows compare with session 1."))
    }

    @Test func longTextsAreCutWithAnEllipsis() throws {
        let long = String(repeating: "가나다 <&> ", count: 800)
        let json = try ChatDigestRenderer.payload(
            Self.digest(questions: 3, prompt: { _ in long }), kind: .slack, language: .ko, threshold: 3)
        let texts = Self.texts(try Self.object(json)["blocks"] as? [[String: Any]] ?? [])
        let cut = try #require(texts.first { $0.text.hasPrefix("*가나다") })
        #expect(cut.text.utf16.count <= 3_000 && cut.text.hasSuffix("…"))
        // Slack's control characters are escaped, and never cut inside an escape.
        #expect(!cut.text.contains("<&>") && cut.text.contains("&lt;&amp;&gt;"))
        #expect(cut.text.range(of: "&[a-z]*…$", options: .regularExpression) == nil)
    }

    @Test(arguments: [Language.en, .ko])
    func teamsIsAnAdaptiveCardTheConnectorAccepts(language: Language) throws {
        let json = try ChatDigestRenderer.payload(Self.digest(questions: 60), kind: .teams, language: language, threshold: 3)
        #expect(json.utf8.count < 28_000, "Teams refuses messages over about 28 KB")
        let message = try Self.object(json)
        #expect(message["type"] as? String == "message")
        let attachment = try #require((message["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["contentType"] as? String == "application/vnd.microsoft.card.adaptive")
        let card = try #require(attachment["content"] as? [String: Any])
        #expect(card["type"] as? String == "AdaptiveCard" && card["version"] as? String == "1.4")
        let actions = try #require(card["actions"] as? [[String: Any]])
        #expect(actions.first?["type"] as? String == "Action.OpenUrl" && actions.first?["url"] as? String == Self.dashboard.absoluteString)
        let body = try #require(card["body"] as? [[String: Any]])
        #expect(Set(body.compactMap { $0["type"] as? String }).isSubset(of: ["TextBlock", "Container"]))
        // Sixty short questions fit in one card.
        #expect(body.filter { $0["type"] as? String == "Container" }.count == 60)
    }

    /// Questions with long prompts fill Teams' ~28 KB before sixty: the card stops and sends the
    /// reader to the dashboard for the rest.
    @Test(arguments: [Language.en, .ko])
    func teamsStopsBeforeTheMessageLimit(language: Language) throws {
        let digest = Self.digest(questions: 60, prompt: { "\($0) " + String(repeating: "긴 질문 long prompt ", count: 40) })
        let json = try ChatDigestRenderer.payload(digest, kind: .teams, language: language, threshold: 3)
        #expect(json.utf8.count < 28_000, "\(json.utf8.count) bytes")
        let card = try #require(((try Self.object(json)["attachments"] as? [[String: Any]])?.first?["content"]) as? [String: Any])
        let body = card["body"] as? [[String: Any]] ?? []
        let shown = body.filter { $0["type"] as? String == "Container" }.count
        #expect(shown > 0 && shown < 60)
        let texts = body.compactMap { $0["text"] as? String }.joined(separator: "\n")
        #expect(texts.contains(language == .ko ? "외 \(60 - shown)개 질문은 대시보드에서 보세요" : "and \(60 - shown) more questions: see the dashboard"))
    }

    @Test func aTestMessageWithoutResultsGreets() throws {
        let text = DigestText(greeting: "Weekly retro", language: .ko, dashboardURL: Self.dashboard)
        let json = try SlackDigest.json(text)
        #expect(json.contains("테스트 메시지: Weekly retro") && json.contains("아직 게시된 설문이 없어요"))
        let teams = try TeamsDigest.json(text)
        #expect(teams.contains("\"version\":\"1.4\""))
    }

    /// The wire shape the typed messages encode to: sorted keys, unset styles left out, the
    /// attachment's explicit null, slashes unescaped.
    @Test func theTypedMessagesEncodeTheDocumentedShapes() throws {
        let text = DigestText(greeting: "Retro", language: .en, dashboardURL: Self.dashboard)
        let slack = try SlackDigest.json(text)
        #expect(slack.hasPrefix(#"{"blocks":[{"text":{"emoji":true,"text":"#))
        #expect(slack.contains(#"{"type":"divider"}"#) && slack.contains(#""type":"mrkdwn"}"#))
        #expect(slack.contains("<https://debrief.example/m/"), "slashes unescaped")
        let teams = try TeamsDigest.json(text)
        #expect(teams.hasPrefix(#"{"attachments":[{"content":{"$schema":"http://adaptivecards.io/schemas/adaptive-card.json","#))
        #expect(teams.contains(#""contentType":"application/vnd.microsoft.card.adaptive","contentUrl":null}"#))
        #expect(teams.contains(#""size":"Large","text":"#) && teams.contains(#""type":"TextBlock","weight":"Bolder","wrap":true}"#))
        #expect(!teams.contains(#""separator":null"#) && teams.hasSuffix(#""type":"message"}"#))
    }
}
