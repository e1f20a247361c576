import Foundation

/// The two text rules of RFC 5545 every line written goes through: TEXT values are escaped
/// (§3.3.11) and content lines are folded at 75 octets (§3.1), with CRLF line ends.
public enum ICalendarText {
    /// The longest content line, in octets, before the line break (§3.1).
    public static let maxLineOctets = 75

    /// A TEXT value: backslash, semicolon and comma get a backslash, a line break becomes `\n`
    /// (CR LF, CR and LF alike), so a title like "1:1; notes, v2" survives a round trip.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// The inverse of ``escape(_:)`` for values read from a file (`\N` is a line break too).
    public static func unescape(_ text: String) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": out.append("\n")
                default: out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// One content line, folded: at most 75 octets per physical line (the leading space of a
    /// continuation counts), never splitting a UTF-8 sequence — nor a grapheme such as a Hangul
    /// syllable written as jamo — and each physical line ended by CRLF.
    public static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        func append(_ piece: String) {
            let size = piece.utf8.count
            if octets + size > Self.maxLineOctets {
                // The continuation's leading space takes one of its 75 octets.
                out += "\r\n "
                octets = 1
            }
            out += piece
            octets += size
        }
        for character in line {
            if character.utf8.count < Self.maxLineOctets {
                append(String(character))
            } else {
                // A grapheme longer than a line (a base letter under dozens of marks) is split
                // between its scalars, still never inside one.
                for scalar in character.unicodeScalars { append(String(scalar)) }
            }
        }
        return out + "\r\n"
    }

    /// Physical lines joined back into content lines (§3.1: a CRLF followed by a space or tab
    /// continues the line). Lone LFs are accepted as line ends, as files saved by hand have them.
    public static func unfold(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else if !raw.isEmpty {
                lines.append(String(raw))
            }
        }
        return lines
    }
}
