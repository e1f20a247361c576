/// A digest as a Slack incoming-webhook message in Block Kit, within Slack's published limits
/// (https://docs.slack.dev/reference/block-kit/blocks): at most 50 blocks a message; a header's
/// plain text at most 150 characters; a section's or a context element's text at most 3,000.
/// Longer texts end in "…"; every text goes through ``SlackText`` (escaped, cut whole); a form with more questions than fit names how many more and points to
/// the dashboard. Only header, context, section and divider blocks are used; the dashboard link is
/// a mrkdwn link (a button would need a Slack app to receive its clicks).
enum SlackDigest {
    static let maxBlocks = 50
    static let maxText = 3_000
    static let maxHeader = 150
    static let maxContextElements = 10
    /// Header, session, summary, divider; then a "more" line, a divider, the notes and the link.
    static let fixedBlocks = 8

    static func payload(_ text: DigestText) -> SlackMessage {
        var blocks: [SlackBlock] = [
            .header(SlackText(plain: text.title).rendered(limit: Self.maxHeader)),
            Self.context([text.session]),
        ]
        // The numbers on one line, the previous session's actions on the next.
        let numbers = [text.responses, text.rate].filter { !$0.isEmpty }.joined(separator: " · ")
        let summary = [numbers, text.actions].filter { !$0.isEmpty }.joined(separator: "\n")
        if !summary.isEmpty { blocks.append(Self.section(SlackText(escaping: summary))) }
        blocks.append(.divider)
        let room = Self.maxBlocks - Self.fixedBlocks
        for question in text.questions.prefix(room) {
            var section = SlackText()
            section.appendMarkup("*")
            section.append(question.prompt)
            section.appendMarkup("*")
            for line in question.lines {
                section.appendMarkup("\n")
                section.append(line)
            }
            if let trend = question.trend {
                section.appendMarkup("   ")
                section.append(trend)
            }
            blocks.append(Self.section(section))
        }
        if text.questions.count > room {
            let t = text.more(text.questions.count - room)
            blocks.append(Self.context([t]))
        }
        if !text.questions.isEmpty { blocks.append(.divider) }
        if !text.notes.isEmpty { blocks.append(Self.context(Array(text.notes.prefix(Self.maxContextElements)))) }
        var link = SlackText()
        link.appendLink(text.dashboardURL.absoluteString, label: text.dashboardLabel)
        blocks.append(Self.section(link))
        // The notification's fallback is mrkdwn too: escaped like every other text.
        return SlackMessage(text: SlackText(escaping: text.fallback).rendered(limit: Self.maxText), blocks: blocks)
    }

    static func json(_ text: DigestText) throws -> String {
        try ChatJSON.string(Self.payload(text))
    }

    static func section(_ mrkdwn: SlackText) -> SlackBlock {
        .section(mrkdwn.rendered(limit: Self.maxText))
    }

    static func context(_ texts: [String]) -> SlackBlock {
        .context(texts.map { SlackText(escaping: $0).rendered(limit: Self.maxText) })
    }
}

extension DigestText {
    /// "…and 20 more questions: see the dashboard." in the digest's language.
    func more(_ count: Int) -> String {
        self.moreTemplate.replacingOccurrences(of: "{n}", with: String(count))
    }
}
