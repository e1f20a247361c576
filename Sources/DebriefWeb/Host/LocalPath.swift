/// Where a page may send the browser after signing in: a path on this site, never another one.
enum LocalPath {
    /// `raw` when it is a local path (`/m/…`); nil for anything a browser could read as another
    /// origin (`//evil.example`, `/\evil.example`, `https://…`), control characters or spaces.
    static func validated(_ raw: String?) -> String? {
        guard let raw, raw.utf8.count <= 1024, raw.hasPrefix("/") else { return nil }
        let bytes = Array(raw.utf8)
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return nil }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else { return nil }
        return raw
    }
}
