/// Identifies a question within a form, stable across sessions of a recurring meeting:
/// answers to `q1` in March and `q1` in April are compared when the questions are
/// still comparable (see ``Question/isComparable(to:)``).
///
/// 1–40 characters of `[a-z0-9_-]` (see ``IdentifierRules``). Encoded as a plain JSON
/// string.
public struct QuestionKey: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The key text, e.g. `q1` or `overall-rating`.
    public let rawValue: String

    /// A key, or nil when `rawValue` breaks the identifier rules.
    public init?(rawValue: String) {
        guard IdentifierRules.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Decodes a JSON string, refusing text that breaks the identifier rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let key = QuestionKey(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "question key \(IdentifierRules.message)")
        }
        self = key
    }

    /// Encodes as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders by the raw text (for deterministic listings, not form order).
    public static func < (lhs: QuestionKey, rhs: QuestionKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The raw key.
    public var description: String { rawValue }
}
