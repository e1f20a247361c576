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

    static func payload(_ text: DigestText) -> TeamsMessage {
        var body: [CardElement] = [
            .text(Self.block(text.title, size: "Large", weight: "Bolder")),
            .text(Self.block(text.session, isSubtle: true, spacing: "None")),
        ]
        // The numbers on one line, the previous session's actions on the next.
        let numbers = [text.responses, text.rate].filter { !$0.isEmpty }.joined(separator: " · ")
        let summary = [numbers, text.actions].filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !summary.isEmpty { body.append(.text(Self.block(summary))) }
        var used = Self.size(Self.card(body, text: text))
        var shown = 0
        for question in text.questions {
            var lines = question.lines
            if let trend = question.trend { lines.append(trend) }
            let container = CardElement.container(CardContainer(items: [
                Self.block(Self.cut(question.prompt), weight: "Bolder"),
                Self.block(Self.cut(lines.joined(separator: "\n\n")), isSubtle: question.withheld ? true : nil, spacing: "Small"),
            ]))
            let size = Self.size(container)
            // Room kept for the "more" line and the notes.
            guard used + size < Self.maxBytes - 2_000 else { break }
            body.append(container)
            used += size
            shown += 1
        }
        if shown < text.questions.count {
            body.append(.text(Self.block(text.more(text.questions.count - shown), isSubtle: true, separator: true)))
        }
        for note in text.notes { body.append(.text(Self.block(note, size: "Small", isSubtle: true))) }
        // The notification's summary is Markdown too where Teams shows it: escaped like the blocks.
        return TeamsMessage(summary: TeamsMarkdown.escaped(text.fallback), card: Self.card(body, text: text))
    }

    static func card(_ body: [CardElement], text: DigestText) -> AdaptiveCard {
        AdaptiveCard(
            version: Self.version, fallbackText: TeamsMarkdown.escaped(text.fallback), body: body,
            actions: [OpenURLAction(title: text.dashboardLabel, url: text.dashboardURL.absoluteString)])
    }

    static func json(_ text: DigestText) throws -> String {
        try ChatJSON.string(Self.payload(text))
    }

    /// A wrapping TextBlock with its styles; its text literal (``TeamsMarkdown``).
    static func block(
        _ text: String, size: String? = nil, weight: String? = nil, isSubtle: Bool? = nil, spacing: String? = nil, separator: Bool? = nil
    ) -> TextBlock {
        TextBlock(text: TeamsMarkdown.escaped(text), size: size, weight: weight, isSubtle: isSubtle, spacing: spacing, separator: separator)
    }

    static func cut(_ text: String) -> String {
        text.count > Self.maxQuestionText ? String(text.prefix(Self.maxQuestionText - 1)) + "…" : text
    }

    /// The encoded size of a part of the card, as Teams counts it (bytes).
    static func size(_ part: some Encodable) -> Int {
        (try? ChatJSON.data(part).count) ?? 0
    }
}
