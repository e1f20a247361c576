import Foundation

/// A digest as a Microsoft Teams message: one Adaptive Card attachment, which both Teams
/// incoming webhooks and Workflows ("when a Teams webhook request is received") post as it is
/// (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using#send-adaptive-cards-using-an-incoming-webhook).
///
/// Card version 1.4: Teams renders cards up to 1.5 on desktop and web, but its mobile clients
/// and older connector hosts lag, and nothing here needs more than 1.4 (TextBlock, Container,
/// Action.OpenUrl — all 1.0) — docs/decisions/0045. A Teams message may be at most about 28 KB,
/// so the card holds the questions that fit in ``maxBytes`` and then names how many more the
/// dashboard shows.
enum TeamsDigest {
    static let version = "1.4"
    /// Well under Teams' ~28 KB message limit, leaving room for Teams' own envelope.
    static let maxBytes = 20_000
    /// A question's text is cut here: a card is read on a phone too.
    static let maxQuestionText = 1_000

    static func payload(_ text: DigestText) -> [String: Any] {
        var body: [[String: Any]] = [
            Self.block(text.title, ["size": "Large", "weight": "Bolder"]),
            Self.block(text.session, ["isSubtle": true, "spacing": "None"]),
        ]
        let summary = [text.responses, text.rate].filter { !$0.isEmpty }.joined(separator: " · ")
        if !summary.isEmpty { body.append(Self.block(summary, [:])) }
        var used = Self.size(Self.card(body, text: text))
        var shown = 0
        for question in text.questions {
            var lines = question.lines
            if let trend = question.trend { lines.append(trend) }
            let container: [String: Any] = [
                "type": "Container", "separator": true, "spacing": "Medium",
                "items": [
                    Self.block(Self.cut(question.prompt), ["weight": "Bolder"]),
                    Self.block(Self.cut(lines.joined(separator: "\n\n")), question.withheld ? ["isSubtle": true, "spacing": "Small"] : ["spacing": "Small"]),
                ],
            ]
            let size = Self.size(container)
            // Room kept for the "more" line and the notes.
            guard used + size < Self.maxBytes - 2_000 else { break }
            body.append(container)
            used += size
            shown += 1
        }
        if shown < text.questions.count {
            body.append(Self.block(text.more(text.questions.count - shown), ["isSubtle": true, "separator": true]))
        }
        for note in text.notes { body.append(Self.block(note, ["isSubtle": true, "size": "Small"])) }
        return [
            "type": "message",
            "summary": text.fallback,
            "attachments": [[
                "contentType": "application/vnd.microsoft.card.adaptive",
                "contentUrl": NSNull(),
                "content": Self.card(body, text: text),
            ]],
        ]
    }

    static func card(_ body: [[String: Any]], text: DigestText) -> [String: Any] {
        [
            "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
            "type": "AdaptiveCard",
            "version": Self.version,
            "fallbackText": text.fallback,
            "body": body,
            "actions": [["type": "Action.OpenUrl", "title": text.dashboardLabel, "url": text.dashboardURL.absoluteString]],
        ]
    }

    static func json(_ text: DigestText) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: Self.payload(text), options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// A wrapping TextBlock with `extra` properties; its text literal (``TeamsMarkdown``).
    static func block(_ text: String, _ extra: [String: Any]) -> [String: Any] {
        var block: [String: Any] = ["type": "TextBlock", "text": TeamsMarkdown.escaped(text), "wrap": true]
        for (key, value) in extra { block[key] = value }
        return block
    }

    static func cut(_ text: String) -> String {
        text.count > Self.maxQuestionText ? String(text.prefix(Self.maxQuestionText - 1)) + "…" : text
    }

    static func size(_ object: [String: Any]) -> Int {
        (try? JSONSerialization.data(withJSONObject: object).count) ?? 0
    }
}
