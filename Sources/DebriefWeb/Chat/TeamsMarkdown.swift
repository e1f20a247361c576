/// Text a host or participant wrote, made literal in an Adaptive Card `TextBlock`, whose text is
/// read as Markdown (Adaptive Cards' subset: `**bold**`, `_italic_`, `[title](url)`, and lists
/// at the start of a line). Without this a meeting titled `**Urgent** [log in](http://…)`
/// renders bold with a clickable link in the team's channel. Each active character gets a
/// backslash (CommonMark §2.4), and a line that would start a list gets its marker escaped.
/// Debrief's own phrases use no Markdown, so whole blocks are escaped.
enum TeamsMarkdown {
    /// The characters the card's Markdown acts on anywhere in a line.
    static let active: Set<Character> = ["\\", "*", "_", "[", "]", "`", "~"]

    static func escaped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { Self.escapedLine(Substring($0)) }.joined(separator: "\n")
    }

    private static func escapedLine(_ line: Substring) -> String {
        var out = ""
        out.reserveCapacity(line.count)
        for character in line {
            if Self.active.contains(character) { out.append("\\") }
            out.append(character)
        }
        // "- item", "+ item" (bullets; "* item" is escaped above) and "1. item" (numbered).
        let indent = out.prefix { $0 == " " }
        let rest = out.dropFirst(indent.count)
        if let first = rest.first, first == "-" || first == "+", rest.dropFirst().first == " " {
            return indent + "\\" + rest
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, rest.dropFirst(digits.count).first == ".", rest.dropFirst(digits.count + 1).first == " " {
            return indent + digits + "\\" + rest.dropFirst(digits.count)
        }
        return out
    }
}
