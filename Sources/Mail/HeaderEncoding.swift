import Foundation

/// Header text as RFC 5322 and RFC 2047 want it: printable ASCII stays as it is, anything else
/// becomes UTF-8 "B" encoded-words of at most 75 characters (so a Korean subject survives every
/// relay), and lines are folded before 78 characters.
public enum HeaderEncoding {
    /// The longest an encoded-word may be (RFC 2047 §2).
    static let encodedWordLimit = 75
    /// Where a header line is folded (RFC 5322 §2.1.1 recommends 78 characters).
    static let lineLimit = 78

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

    /// `Name: value` folded at white space so no line passes ``lineLimit`` (a word longer than the
    /// limit stays whole: RFC 5322 allows up to 998 characters).
    public static func fold(name: String, value: String) -> String {
        var lines: [String] = []
        var line = name + ":"
        for word in value.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = line + " " + word
            if candidate.utf8.count > Self.lineLimit, line.utf8.count > name.utf8.count + 1 {
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
