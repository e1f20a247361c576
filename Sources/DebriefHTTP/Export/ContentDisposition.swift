import DebriefStore

/// The `Content-Disposition` of a download (RFC 6266): `filename=` in ASCII for the clients that
/// read only it, `filename*=UTF-8''…` (RFC 8187) with the real name, Korean included, for the
/// rest — every current browser prefers the latter.
enum ContentDisposition {
    static func attachment(_ name: ExportFileName) -> String {
        "attachment; filename=\"\(Self.quoted(name.ascii))\"; filename*=UTF-8''\(Self.percentEncoded(name.unicode))"
    }

    /// Printable ASCII with `"` and `\` escaped (the slug has neither, but the fallback names
    /// of a host's export are built from an email address).
    private static func quoted(_ text: String) -> String {
        String(
            text.unicodeScalars.compactMap { scalar -> String? in
                guard scalar.isASCII, scalar.value >= 0x20, scalar.value != 0x7F else { return nil }
                return scalar == "\"" || scalar == "\\" ? "\\" + String(scalar) : String(scalar)
            }.joined())
    }

    /// RFC 8187's `value-chars`: attr-char as is, every other UTF-8 byte as `%XX`.
    private static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = UnicodeScalar(byte)
            let attrChar = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "!#$&+-.^_`|~".unicodeScalars.contains(scalar)
            out += attrChar ? String(scalar) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }
        return out
    }
}

extension String {
    /// A one-digit hex byte with its leading zero.
    fileprivate var leftPadded: String { self.count == 1 ? "0" + self : self }
}
