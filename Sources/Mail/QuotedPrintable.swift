/// Quoted-printable (RFC 2045 §6.7) for the text and HTML parts: readable in a raw message, safe
/// for any relay (7-bit, lines of at most 76 characters, CRLF line ends).
public enum QuotedPrintable {
    static let lineLimit = 76

    /// `text` (any line ends) as quoted-printable UTF-8.
    public static func encode(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Self.encodeLine(Array($0.utf8)) }
            .joined(separator: "\r\n")
    }

    /// One line: every byte as itself or `=XX`, soft breaks (`=` at a line's end) before the
    /// limit, never inside an `=XX`, and trailing white space encoded (relays may strip it).
    static func encodeLine(_ bytes: [UInt8]) -> String {
        var tokens: [String] = []
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let isTrailingSpace = isLast && (byte == 0x20 || byte == 0x09)
            if (byte >= 0x21 && byte <= 0x7E && byte != 0x3D) || ((byte == 0x20 || byte == 0x09) && !isTrailingSpace) {
                tokens.append(String(UnicodeScalar(byte)))
            } else {
                tokens.append("=" + Self.hex(byte))
            }
        }
        var output = ""
        var lineLength = 0
        for token in tokens {
            // Leave room for the soft break's "=".
            if lineLength + token.count > Self.lineLimit - 1 {
                output += "=\r\n"
                lineLength = 0
            }
            output += token
            lineLength += token.count
        }
        return output
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
