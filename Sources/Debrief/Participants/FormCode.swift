/// The public code of a published form, as participants type it or scan it from a QR code.
public enum FormCode {
    /// Crockford's base32 alphabet: no I, L, O or U, so codes survive being read aloud or typed.
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// How many characters a code has (50 random bits).
    public static let length = 10

    /// Normalizes a typed code: upper case, dashes and spaces dropped, look-alikes mapped
    /// (O→0, I/L→1). Returns nil when what remains cannot be a code.
    public static func normalize(_ text: String) -> String? {
        // Every request on a form's code normalizes it (twice per submission); comparing each
        // character with the alphabet's as `Character`s was 2 % of a submission's instructions
        // (issue 72, callgrind). ASCII text, all there is in practice, takes the bytes' path;
        // other text keeps the Unicode one (`ı` upper-cases to `I`, which this must still map).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return Self.normalizeASCII(text) }
        var code = ""
        for character in text.uppercased() where character != "-" && character != " " {
            switch character {
            case "O": code.append("0")
            case "I", "L": code.append("1")
            default:
                guard Self.alphabet.contains(character) else { return nil }
                code.append(character)
            }
        }
        return code.count == Self.length ? code : nil
    }

    /// Whether each ASCII byte is one of ``alphabet``'s, for ``normalizeASCII(_:)``.
    private static let inAlphabet: [Bool] = (0..<128).map { byte in Self.alphabet.contains(Character(Unicode.Scalar(UInt8(byte)))) }

    /// ``normalize(_:)`` for ASCII text, byte by byte, with the same rules.
    private static func normalizeASCII(_ text: String) -> String? {
        var code: [UInt8] = []
        code.reserveCapacity(Self.length)
        for byte in text.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: " ") {
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
            switch upper {
            case UInt8(ascii: "O"): code.append(UInt8(ascii: "0"))
            case UInt8(ascii: "I"), UInt8(ascii: "L"): code.append(UInt8(ascii: "1"))
            default:
                guard Self.inAlphabet[Int(upper)] else { return nil }
                code.append(upper)
            }
        }
        return code.count == Self.length ? String(decoding: code, as: UTF8.self) : nil
    }
}
