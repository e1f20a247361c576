import CLibPQ
import Foundation

/// Keeps the database password out of error messages, and so out of logs and standard error.
///
/// libpq quotes what it could not parse: a malformed URL comes back whole in its message
/// (`end of string reached when looking for matching "]" … in URI: "postgresql://ana:s3cret@[…"`).
/// Every message made while connecting goes through ``redact(_:)`` before it becomes a ``PQError``.
struct ConninfoRedaction {
    /// Texts that must not appear, each with what it is replaced by; longest first, so a password
    /// inside the URL does not leave the rest of the URL behind.
    private let replacements: [(secret: String, placeholder: String)]

    /// `conninfo` is what `dbname` expands: a `postgresql://` URL or a `key=value` string.
    init(conninfo: String) {
        var passwords: [String] = []
        if let password = Self.parsedPassword(conninfo) {
            passwords.append(password)
            // The URL may spell it percent-encoded.
            passwords.append(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password)
        }
        if let raw = Self.rawURLPassword(conninfo) {
            passwords.append(raw)
        }
        let replacements = [(secret: conninfo, placeholder: "<database URL>")]
            + Set(passwords).map { (secret: $0, placeholder: "<password>") }
        self.replacements = replacements.filter { !$0.secret.isEmpty }.sorted { $0.secret.count > $1.secret.count }
    }

    func redact(_ message: String) -> String {
        self.replacements.reduce(message) { text, replacement in
            text.replacingOccurrences(of: replacement.secret, with: replacement.placeholder)
        }
    }

    /// The password libpq reads from `conninfo`, when it can parse it.
    private static func parsedPassword(_ conninfo: String) -> String? {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &errorMessage) else {
            PQfreemem(errorMessage)
            return nil
        }
        defer { PQconninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val {
                return String(cString: value)
            }
            option += 1
        }
        return nil
    }

    /// `s3cret` of `postgresql://ana:s3cret@host/db` as written, even when the URL is malformed.
    private static func rawURLPassword(_ url: String) -> String? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@") else { return nil }
        let userInfo = rest[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        return String(userInfo[userInfo.index(after: colon)...])
    }
}
