/// A Teams message carrying one Adaptive Card, as typed values: only the elements a digest uses
/// (TextBlock, Container, Action.OpenUrl — all card version 1.0; docs/decisions/0045). Texts
/// arrive escaped (``TeamsMarkdown``): this type only gives them their JSON shape.
struct TeamsMessage: Encodable, Equatable {
    let type = "message"
    /// The notification's text (escaped, ``TeamsMarkdown``).
    var summary: String
    var attachments: [TeamsAttachment]

    init(summary: String, card: AdaptiveCard) {
        self.summary = summary
        self.attachments = [TeamsAttachment(content: card)]
    }

    private enum CodingKeys: String, CodingKey { case type, summary, attachments }
}

struct TeamsAttachment: Encodable, Equatable {
    let contentType = "application/vnd.microsoft.card.adaptive"
    var content: AdaptiveCard

    private enum CodingKeys: String, CodingKey { case contentType, contentUrl, content }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.contentType, forKey: .contentType)
        // Teams' own examples send an explicit null: the card is inline, not at a URL.
        try container.encodeNil(forKey: .contentUrl)
        try container.encode(self.content, forKey: .content)
    }
}

struct AdaptiveCard: Encodable, Equatable {
    let schema = "http://adaptivecards.io/schemas/adaptive-card.json"
    let type = "AdaptiveCard"
    var version: String
    var fallbackText: String
    var body: [CardElement]
    var actions: [OpenURLAction]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema", type, version, fallbackText, body, actions
    }
}

enum CardElement: Encodable, Equatable {
    case text(TextBlock)
    case container(CardContainer)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let block): try block.encode(to: encoder)
        case .container(let container): try container.encode(to: encoder)
        }
    }
}

/// A wrapping TextBlock; unset styles are left out (the card's defaults).
struct TextBlock: Encodable, Equatable {
    let type = "TextBlock"
    var text: String
    let wrap = true
    var size: String?
    var weight: String?
    var isSubtle: Bool?
    var spacing: String?
    var separator: Bool?

    private enum CodingKeys: String, CodingKey { case type, text, wrap, size, weight, isSubtle, spacing, separator }
}

/// A group of text blocks set apart by a line.
struct CardContainer: Encodable, Equatable {
    let type = "Container"
    let separator = true
    let spacing = "Medium"
    var items: [TextBlock]

    private enum CodingKeys: String, CodingKey { case type, separator, spacing, items }
}

struct OpenURLAction: Encodable, Equatable {
    let type = "Action.OpenUrl"
    var title: String
    var url: String

    private enum CodingKeys: String, CodingKey { case type, title, url }
}
