/// A Slack incoming-webhook message in Block Kit (https://docs.slack.dev/reference/block-kit/blocks),
/// as typed values: only the four block kinds a digest uses, each with the members Slack reads.
/// Texts arrive rendered (``SlackText``): this type only gives them their JSON shape.
struct SlackMessage: Encodable, Equatable {
    /// The notification's fallback (mrkdwn).
    var text: String
    var blocks: [SlackBlock]
}

enum SlackBlock: Encodable, Equatable {
    /// A plain-text heading, emoji shortcodes allowed.
    case header(String)
    /// Small mrkdwn lines side by side.
    case context([String])
    /// One mrkdwn paragraph.
    case section(String)
    case divider

    private enum CodingKeys: String, CodingKey { case type, text, elements }

    private struct TextObject: Encodable {
        var type: String
        var text: String
        var emoji: Bool?
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .header(let text):
            try container.encode("header", forKey: .type)
            try container.encode(TextObject(type: "plain_text", text: text, emoji: true), forKey: .text)
        case .context(let texts):
            try container.encode("context", forKey: .type)
            try container.encode(texts.map { TextObject(type: "mrkdwn", text: $0) }, forKey: .elements)
        case .section(let text):
            try container.encode("section", forKey: .type)
            try container.encode(TextObject(type: "mrkdwn", text: text), forKey: .text)
        case .divider:
            try container.encode("divider", forKey: .type)
        }
    }
}
