/// Words on their way into a Slack message: the one place Slack's three control characters are
/// escaped (https://docs.slack.dev/messaging/formatting-message-text#escaping), so no field of a
/// message — the notification's fallback `text`, a header, a section, a context line — can carry
/// a title's `<!channel>` or `<@U…>` as a mention (issue 47).
///
/// Text is kept as atoms that are never split: one escaped character each (`&` is `&amp;`
/// whole), or one piece of our own markup (`*`, a line break, a whole `<url|label>` link). Cutting
/// to a limit drops whole atoms, so a cut never lands inside an escape and never drops what came
/// before the last `&` (a 200-character title once became a 25-character header).
struct SlackText: Equatable {
    private var atoms: [String] = []

    init() {}

    /// `raw`, escaped.
    init(escaping raw: String) {
        self.append(raw)
    }

    /// Appends `raw`, escaped.
    mutating func append(_ raw: String) {
        for character in raw { self.atoms.append(Self.escaped(character)) }
    }

    /// Appends our own markup (`*`, `\n`, spaces): never escaped, never cut in two.
    mutating func appendMarkup(_ markup: String) {
        self.atoms.append(markup)
    }

    /// Appends a link to `url` (one of ours) labelled `label` (escaped), kept or dropped whole.
    mutating func appendLink(_ url: String, label: String) {
        self.atoms.append("<\(url)|" + label.map(Self.escaped).joined() + ">")
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

    private static func escaped(_ character: Character) -> String {
        switch character {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        default: String(character)
        }
    }
}
