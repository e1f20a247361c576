import Foundation

/// A digest as a Slack incoming-webhook message in Block Kit, within Slack's published limits
/// (https://docs.slack.dev/reference/block-kit/blocks): at most 50 blocks a message; a header's
/// plain text at most 150 characters; a section's or a context element's text at most 3,000.
/// Longer texts end in "…"; a form with more questions than fit names how many more and points to
/// the dashboard. Only header, context, section and divider blocks are used; the dashboard link is
/// a mrkdwn link (a button would need a Slack app to receive its clicks).
enum SlackDigest {
    static let maxBlocks = 50
    static let maxText = 3_000
    static let maxHeader = 150
    static let maxContextElements = 10
    /// Header, session, summary, divider; then a "more" line, a divider, the notes and the link.
    static let fixedBlocks = 8

    static func payload(_ text: DigestText) -> [String: Any] {
        var blocks: [[String: Any]] = [
            ["type": "header", "text": ["type": "plain_text", "text": Self.truncated(text.title, to: Self.maxHeader), "emoji": true]],
            Self.context([text.session]),
        ]
        let summary = [text.responses, text.rate].filter { !$0.isEmpty }.joined(separator: " · ")
        if !summary.isEmpty { blocks.append(Self.section(summary)) }
        blocks.append(["type": "divider"])
        let room = Self.maxBlocks - Self.fixedBlocks
        for question in text.questions.prefix(room) {
            var lines = ["*\(Self.escaped(question.prompt))*"] + question.lines.map(Self.escaped)
            if let trend = question.trend { lines[lines.count - 1] += "   " + Self.escaped(trend) }
            blocks.append(Self.section(lines.joined(separator: "\n")))
        }
        if text.questions.count > room {
            let t = text.more(text.questions.count - room)
            blocks.append(Self.context([t]))
        }
        if !text.questions.isEmpty { blocks.append(["type": "divider"]) }
        if !text.notes.isEmpty { blocks.append(Self.context(Array(text.notes.prefix(Self.maxContextElements)))) }
        blocks.append(Self.section("<\(text.dashboardURL.absoluteString)|\(Self.escaped(text.dashboardLabel))>"))
        return ["text": Self.truncated(text.fallback, to: Self.maxText), "blocks": blocks]
    }

    static func json(_ text: DigestText) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: Self.payload(text), options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    static func section(_ mrkdwn: String) -> [String: Any] {
        ["type": "section", "text": ["type": "mrkdwn", "text": Self.truncated(mrkdwn, to: Self.maxText)]]
    }

    static func context(_ texts: [String]) -> [String: Any] {
        ["type": "context", "elements": texts.map { ["type": "mrkdwn", "text": Self.truncated(Self.escaped($0), to: Self.maxText)] }]
    }

    /// Slack's three control characters in text (https://docs.slack.dev/messaging/formatting-message-text#escaping).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// At most `limit` UTF-16 units (never fewer characters than Slack counts), ending in "…"
    /// when cut, and never inside a character or an escape.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf16.count
            if used + size > limit - 1 { break }
            result.append(character)
            used += size
        }
        if let amp = result.lastIndex(of: "&"), !result[amp...].contains(";") { result = String(result[..<amp]) }
        return result + "…"
    }
}

extension DigestText {
    /// "…and 20 more questions: see the dashboard." in the digest's language.
    func more(_ count: Int) -> String {
        self.moreTemplate.replacingOccurrences(of: "{n}", with: String(count))
    }
}
