/// The public code of a published form, as participants type it or scan it from a QR code.
public enum FormCode {
    /// Crockford's base32 alphabet: no I, L, O or U, so codes survive being read aloud or typed.
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// How many characters a code has (50 random bits).
    public static let length = 10

    /// Normalizes a typed code: upper case, dashes and spaces dropped, look-alikes mapped
    /// (O→0, I/L→1). Returns nil when what remains cannot be a code.
    public static func normalize(_ text: String) -> String? {
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
}
