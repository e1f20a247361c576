import Foundation

/// Header text as RFC 5322 and RFC 2047 want it: printable ASCII stays as it is, anything else
/// becomes UTF-8 "B" encoded-words (so a Korean subject survives every relay), and lines are
/// folded: at 76 characters when the field holds an encoded-word (RFC 2047 §2), else at 78.
public enum HeaderEncoding {
    /// The longest encoded-word written: RFC 2047 allows 75, but the first one must fit on the
    /// line after `Subject: ` within 76 characters, so every word is kept short enough for that.
    static let encodedWordLimit = 66
    /// Where a header line is folded (RFC 5322 §2.1.1 recommends 78 characters).
    static let lineLimit = 78
    /// The limit of a line of a field that contains an encoded-word (RFC 2047 §2).
    static let encodedLineLimit = 76

    /// `value` as an unstructured header body: itself when it is printable ASCII, otherwise
    /// encoded-words separated by folding white space. CR and LF never pass (header injection).
    public static func encode(_ value: String) -> String {
        let value = Self.singleLine(value)
        if value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) { return value }
        // Separated by spaces: ``fold(name:value:)`` breaks the lines (a CRLF here would give
        // the folder an empty line, which ends the header block).
        return Self.encodedWords(value).joined(separator: " ")
    }

    /// A display name and address (`"Name" <a@b>`), the name encoded when it needs to be.
    public static func mailbox(name: String?, address: String) -> String {
        let address = Self.singleLine(address)
        guard let name, !name.isEmpty else { return "<\(address)>" }
        let single = Self.singleLine(name)
        let isPlain = single.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
        let display = isPlain ? "\"\(single)\"" : Self.encodedWords(single).joined(separator: " ")
        return "\(display) <\(address)>"
    }

    /// `Name: value` folded at white space so no line passes ``lineLimit`` (``encodedLineLimit``
    /// when it holds an encoded-word). A first word too long for the name's line starts the next
    /// line instead; a word longer than a whole line stays whole (RFC 5322 allows 998 characters).
    public static func fold(name: String, value: String) -> String {
        let limit = value.contains("=?") ? Self.encodedLineLimit : Self.lineLimit
        var lines: [String] = []
        var line = name + ":"
        for word in value.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line + " " + word
            if candidate.utf8.count > limit, line.utf8.count > name.utf8.count + 1 || !word.isEmpty {
                lines.append(line)
                line = " " + word
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }

    /// Encoded-words of `value`, each within ``encodedWordLimit``, split between characters (an
    /// encoded-word must hold whole characters: RFC 2047 §5).
    static func encodedWords(_ value: String) -> [String] {
        let prefix = "=?UTF-8?B?", suffix = "?="
        // 4 base64 characters carry 3 bytes: the most bytes one word can hold.
        let maxBytes = (Self.encodedWordLimit - prefix.count - suffix.count) / 4 * 3
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in value {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > maxBytes, !chunk.isEmpty {
                words.append(prefix + Data(chunk).base64EncodedString() + suffix)
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(prefix + Data(chunk).base64EncodedString() + suffix) }
        return words
    }

    /// Line breaks and other controls turned into spaces: a header value is one logical line.
    static func singleLine(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
