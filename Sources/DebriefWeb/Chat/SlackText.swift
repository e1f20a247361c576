/// Words on their way into a Slack message: the one place Slack's three control characters are
/// escaped (https://docs.slack.dev/messaging/formatting-message-text#escaping), so no field of a
/// message — the notification's fallback `text`, a header, a section, a context line — can carry
/// a title's `<!channel>` or `<@U…>` as a mention (issue 47).
///
/// In mrkdwn (sections, context lines, the fallback) a user's `*b*`, `_i_`, `~s~` or `` `c` ``
/// would also be bold, italic, struck or code: mrkdwn has no backslash escape, and Slack formats
/// a span only when its markers stand at a word's edge. So each of those four characters of a
/// user's words is set between zero-width spaces (U+200B), which Slack counts as part of the
/// word: the marker is never at an edge, and the reader sees the character alone (issue 67). A
/// header is `plain_text`, where nothing is formatted: it gets only the three escapes
/// (``init(plain:)``).
///
/// Text is kept as atoms that are never split: one escaped character each (`&` is `&amp;`
/// whole), or one piece of our own markup (`*`, a line break, a whole `<url|label>` link). Cutting
/// to a limit drops whole atoms, so a cut never lands inside an escape and never drops what came
/// before the last `&` (a 200-character title once became a 25-character header).
struct SlackText: Equatable {
    private var atoms: [String] = []
    /// Whether the text is mrkdwn (formatting characters set apart) or plain text.
    private var formats = true

    init() {}

    /// `raw`, escaped for mrkdwn.
    init(escaping raw: String) {
        self.append(raw)
    }

    /// `raw`, escaped for a `plain_text` object (a header): the three escapes only.
    init(plain raw: String) {
        self.formats = false
        self.append(raw)
    }

    /// Appends `raw`, escaped.
    mutating func append(_ raw: String) {
        for character in raw { self.atoms.append(Self.escaped(character, formats: self.formats)) }
    }

    /// Appends our own markup (`*`, `\n`, spaces): never escaped, never cut in two.
    mutating func appendMarkup(_ markup: String) {
        self.atoms.append(markup)
    }

    /// Appends a link to `url` (one of ours) labelled `label` (escaped), kept or dropped whole.
    mutating func appendLink(_ url: String, label: String) {
        self.atoms.append("<\(url)|" + label.map { Self.escaped($0, formats: true) }.joined() + ">")
    }

    /// The text in at most `limit` UTF-16 units (never fewer than Slack counts), ending in "…"
    /// when cut.
    func rendered(limit: Int) -> String {
        let whole = self.atoms.joined()
        guard whole.utf16.count > limit else { return whole }
        var result = ""
        var used = 0
        for atom in self.atoms {
            let size = atom.utf16.count
            if used + size > limit - 1 { break }
            result += atom
            used += size
        }
        return result + "…"
    }

    /// mrkdwn's formatting markers: bold, italic, strike, code.
    static let markers: Set<Character> = ["*", "_", "~", "`"]

    private static func escaped(_ character: Character, formats: Bool) -> String {
        switch character {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case _ where formats && Self.markers.contains(character): "\u{200B}\(character)\u{200B}"
        default: String(character)
        }
    }
}
