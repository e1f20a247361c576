import Foundation

/// A syntactically plausible email address, trimmed and lowercased.
///
/// We deliberately do not implement RFC 5322: the only real proof that an address works
/// is a delivered message. The checks below catch typos (missing "@", spaces, no TLD)
/// without refusing unusual but valid addresses such as `a+tag@sub.example.co`,
/// `o'brien@example.ie` or `사용자@예시.한국`.
///
/// An address is written into mail headers (`To:`) and the SMTP envelope, so everything that
/// would change what a header means is refused: a name with angle brackets (`Ana <ana@…>`), a
/// list (commas, semicolons), quoted local parts, comments and domain literals (quotes,
/// parentheses, brackets, colons, backslashes). The parts' lengths are SMTP's and DNS's
/// (RFC 5321 4.5.3.1: 64 octets before the @, 253 after it, 63 per domain label).
public struct EmailAddress: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Longest accepted address (the SMTP path limit).
    public static let maxLength = 254

    /// The address, trimmed, NFC-normalized and lowercased. Two addresses are the same
    /// account exactly when their `normalized` values are equal. (Strictly, the local
    /// part may be case-sensitive, but no real provider treats it so, and case-insensitive
    /// sign-in avoids duplicate accounts.)
    public let normalized: String

    /// Parses `raw`, or explains at `path` why it is not acceptable.
    public static func parse(_ raw: String?, path: String = "email") -> Result<EmailAddress, FieldProblem> {
        guard let raw else { return .failure(FieldProblem(path, "is required")) }
        let text = TextRules.normalized(raw, lines: .single).lowercased()
        if text.isEmpty { return .failure(FieldProblem(path, "must not be empty")) }
        if TextRules.containsForbiddenControl(text) {
            return .failure(FieldProblem(path, "must not contain control characters"))
        }
        if raw.unicodeScalars.count > maxLength {
            return .failure(FieldProblem(path, "must be at most \(maxLength) characters"))
        }
        // Before the space check: `Ana <ana@example.com>` has a space, but the bracket says why.
        if let problem = headerProblem(text) { return .failure(FieldProblem(path, problem)) }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return .failure(FieldProblem(path, "must not contain spaces"))
        }
        guard isPlausible(text) else {
            return .failure(FieldProblem(path, "must be a valid email address"))
        }
        if let problem = partsProblem(text) { return .failure(FieldProblem(path, problem)) }
        return .success(EmailAddress(normalized: text))
    }

    /// An address as an account may have stored it under earlier, looser rules (before
    /// `Ana <ana@example.com>` or a 65-octet local part were refused): trimmed, NFC-normalized
    /// and lowercased like ``parse(_:path:)``, but not re-checked, so such an account still signs
    /// in. Only for finding what is stored (sign-in and its throttle); every address a person
    /// gives to be stored or mailed goes through ``parse(_:path:)``.
    public static func lookingUp(_ raw: String?) -> EmailAddress? {
        if case .success(let email) = parse(raw) { return email }
        guard let raw, raw.unicodeScalars.count <= maxLength else { return nil }
        let text = TextRules.normalized(raw, lines: .single).lowercased()
        guard text.contains("@"), !TextRules.containsForbiddenControl(text) else { return nil }
        return EmailAddress(normalized: text)
    }

    /// Characters that are RFC 5322 specials in a header (all but "@" and "."), by what they
    /// would make of the address. The apostrophe is ordinary (`o'brien@example.ie`).
    private static func headerProblem(_ text: String) -> String? {
        if text.contains(where: { $0 == "<" || $0 == ">" }) { return "must be the address alone, without a name or angle brackets" }
        if text.contains(where: { $0 == "," || $0 == ";" }) { return "must be a single address, without commas or semicolons" }
        if text.contains(where: { "\"()[]:\\".contains($0) }) {
            return "must not contain quotes, parentheses, brackets, colons or backslashes"
        }
        return nil
    }

    /// The lengths SMTP and DNS allow, and the dots of an unquoted local part (RFC 5321's
    /// dot-string: no dot first, last or doubled). Called on a plausible address (one "@").
    private static func partsProblem(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let local = parts[0], domain = parts[1]
        if local.utf8.count > 64 { return "must have at most 64 octets before the @" }
        if local.hasPrefix(".") || local.hasSuffix(".") { return "must not start or end with a dot before the @" }
        if local.contains("..") { return "must not have two dots in a row before the @" }
        if domain.split(separator: ".").contains(where: { Punycode.asciiLabel($0).utf8.count > 63 }) {
            return "must have at most 63 octets in each part of the domain"
        }
        if dnsLength(ofDomain: domain) > 253 { return "must have at most 253 octets after the @" }
        return nil
    }

    /// Octets of `domain` as DNS carries it: internationalized labels in their `xn--` form.
    public static func dnsLength(ofDomain domain: some StringProtocol) -> Int {
        let labels = String(domain).split(separator: ".", omittingEmptySubsequences: false)
        return labels.reduce(labels.count - 1) { $0 + Punycode.asciiLabel($1).utf8.count }
    }

    /// Parses `raw`, throwing the ``FieldProblem`` (path `email`) when it is unacceptable.
    public init(parsing raw: String) throws(FieldProblem) {
        self = try EmailAddress.parse(raw).get()
    }

    private init(normalized: String) {
        self.normalized = normalized
    }

    /// Exactly one "@", a non-empty local part, and a domain with a dot that is neither
    /// its first nor last character and no empty labels ("a..b").
    private static func isPlausible(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0], domain = parts[1]
        guard !local.isEmpty, domain.contains(".") else { return false }
        return !domain.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
    }

    /// The normalized address.
    public var description: String { normalized }

    /// Decodes from a JSON string, validating it (stored data is re-checked so a corrupt
    /// row fails loudly instead of producing an unusable account).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        switch EmailAddress.parse(raw) {
        case .success(let email):
            self = email
        case .failure(let problem):
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "email \(problem.message)")
        }
    }

    /// Encodes as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(normalized)
    }
}
