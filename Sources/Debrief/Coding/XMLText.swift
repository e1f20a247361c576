/// Makes arbitrary text safe inside XML and HTML — the one markup escaper: prompts, option
/// labels, answers and names are user input, and the charts' SVG, the spreadsheets' cells and the
/// mails' HTML part all put them between tags. (Pages escape through their templates.)
public enum XMLText {
    /// `text` escaped for an attribute value or a text node, with every character XML 1.0
    /// forbids (C0 controls other than tab, newline and return; U+FFFE and U+FFFF) replaced by
    /// U+FFFD, so no input can break the document or open an element.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            // Tab, newline and return are legal XML but would be normalized to spaces in an
            // attribute; as character references they survive in both places.
            case "\t", "\n", "\r": escaped += "&#\(scalar.value);"
            default:
                escaped.unicodeScalars.append(Self.isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }

    /// The XML 1.0 `Char` production (Swift strings never hold surrogates).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
