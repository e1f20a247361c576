import Foundation

/// A syntactically plausible email address, trimmed and lowercased.
///
/// We deliberately do not implement RFC 5322: the only real proof that an address works
/// is a delivered message. The checks below catch typos (missing "@", spaces, no TLD)
/// without refusing unusual but valid addresses such as `a+tag@sub.example.co`.
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
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return .failure(FieldProblem(path, "must not contain spaces"))
        }
        guard isPlausible(text) else {
            return .failure(FieldProblem(path, "must be a valid email address"))
        }
        return .success(EmailAddress(normalized: text))
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
